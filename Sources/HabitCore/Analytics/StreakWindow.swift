/// Reads only as much history as a current streak needs, for a reader
/// without history checkpoints (a server that sends no streaks: the CLI then
/// reads its entries over the network).
///
/// A list shows each habit's current streak, the run of successes since the
/// last failed period. Once the entries read so far contain a failed period,
/// the streak is known exactly; until then the window is widened (four times
/// as far back each time) down to the start date. A habit missed now and then
/// needs a few weeks of history instead of years. A store with checkpoints
/// resumes from them instead (`HistoryCheckpoint`).
public enum StreakWindow {
    /// The first window: about two months.
    public static let initialDays = 63

    /// Where a window `days` back from `asOf` starts, so the periods inside
    /// it are whole: a Monday for a daily or weekly habit, else the first day
    /// of the habit's period there (a month's, a block's); or the start date.
    public static func start(of habit: Habit, asOf: LocalDate, days: Int) -> LocalDate {
        let back = asOf.adding(days: -days)
        switch habit.frequency {
        case .daily, .weekly:
            return max(habit.startDate, back.startOfISOWeek)
        case .monthly, .everyNDays:
            return max(habit.startDate, HabitPeriods(of: habit).first(containing: back))
        }
    }

    /// Where the first window of `habits` starts: `initialDays` back from
    /// `asOf`, or `earliest` (the first day the caller reads anyway) when
    /// that is earlier.
    public static func first(of habits: [Habit], asOf: LocalDate, earliest: LocalDate)
        -> LocalDate
    {
        habits.map { min(start(of: $0, asOf: asOf, days: initialDays), earliest) }.min()
            ?? earliest
    }

    /// The next, wider window after one of `days` starting at `from`, for
    /// the habits whose streak it did not decide (`open`): four times as far
    /// back from `asOf`, at least a week earlier, never before the earliest
    /// start date among them.
    public static func widened(
        from: LocalDate, days: Int, open: [Habit], asOf: LocalDate
    ) -> (from: LocalDate, days: Int) {
        let days = days * 4
        let earlier = max(
            open.map(\.startDate).min() ?? from,
            min(asOf.adding(days: -days).startOfISOWeek, from.adding(days: -7)))
        return (earlier, days)
    }

    /// The current streak as of `asOf` if `entries`, read from `from` on (a
    /// Monday or the start date), decide it; `nil` when more history is needed.
    public static func streak(
        of habit: Habit, entries: [ProgressEntry], from: LocalDate, asOf: LocalDate
    ) -> Int? {
        if from <= habit.startDate {
            return HabitHistory(habit: habit, entries: entries).stats(today: asOf).currentStreak
        }
        // States of the periods from a period's first day on do not depend on
        // earlier ones, so the window behaves as a habit that started there.
        // A `from` inside a month or a block of N days (a window shared with
        // habits of other kinds) moves on to the next one: a part of a period
        // would be judged on part of its entries. Blocks stay anchored, as a
        // block's first day is the start of a block of the same length.
        var window = habit
        switch habit.frequency {
        case .daily, .weekly:
            window.startDate = from
        case .monthly, .everyNDays:
            let periods = HabitPeriods(of: habit)
            let first = periods.first(containing: from)
            window.startDate =
                first == from ? from : periods.last(ofPeriodFrom: first).adding(days: 1)
        }
        let stats = HabitHistory(habit: window, entries: entries).stats(today: asOf)
        return stats.failedCount > 0 ? stats.currentStreak : nil
    }
}
