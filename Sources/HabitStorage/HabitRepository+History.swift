import HabitCore

extension HabitRepository {
    /// The history of the owner's `habit` from `from` through `to` as of
    /// `today` (`HistoryReport`): what the server's history route answers
    /// and local mode and the server-mode replica show, read here once for
    /// all three. `nil` when the owner has no such habit.
    ///
    /// One read of every entry from the habit's start through the later of
    /// `to` and `today`: the strength after each period is walked from the
    /// start date, so no checkpoint can stand in for the older entries.
    package func historyReport(
        of habit: Habit, owner: Int64, from: LocalDate, to: LocalDate, today: LocalDate
    ) throws(StoreError) -> HistoryReport? {
        guard
            let entries = try progress(
                habitID: habit.id, owner: owner, from: habit.startDate,
                to: max(to, today))
        else { return nil }
        let history = HabitHistory(habit: habit, entries: entries)
        return HistoryReport(history: history, from: from, to: to, today: today)
    }
}
