import HabitCore

/// Reads only as much history as a current streak needs.
///
/// A list shows each habit's current streak, the run of successes since the
/// last failed period. Once the entries read so far contain a failed period,
/// the streak is known exactly; until then the window is widened (four times
/// as far back each time) down to the start date. A habit missed now and then
/// needs a few weeks of history instead of years.
enum StreakWindow {
    /// The first window: about two months.
    static let initialDays = 63

    /// Where a window `days` back from `asOf` starts: a Monday, so weekly
    /// periods inside it are whole, or the habit's start date.
    static func start(of habit: Habit, asOf: LocalDate, days: Int) -> LocalDate {
        max(habit.startDate, asOf.adding(days: -days).startOfISOWeek)
    }

    /// The current streak as of `asOf` if `entries`, read from `from` on (a
    /// Monday or the start date), decide it; `nil` when more history is needed.
    static func streak(
        of habit: Habit, entries: [ProgressEntry], from: LocalDate, asOf: LocalDate
    ) -> Int? {
        if from <= habit.startDate {
            return HabitHistory(habit: habit, entries: entries).stats(today: asOf).currentStreak
        }
        // States of the periods from a Monday on do not depend on earlier
        // ones, so the window behaves as a habit that started there.
        var window = habit
        window.startDate = from
        let stats = HabitHistory(habit: window, entries: entries).stats(today: asOf)
        return stats.failedCount > 0 ? stats.currentStreak : nil
    }
}
