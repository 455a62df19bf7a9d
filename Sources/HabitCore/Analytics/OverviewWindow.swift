/// The days an overview of `date` (a list: each habit's completion and
/// current streak) reads, and how its completion is worked out: one rule for
/// the server's list, local mode, the server-mode replica and the offline
/// list cache.
///
/// A week is the widest period, and its rules look only inside it: the
/// completion needs the entries of the date's ISO week and nothing more.
/// The streaks are as of `asOf`, the date or today when the date is later;
/// they resume from history checkpoints within the week (yesterday's, or last
/// week's), or, for a reader without checkpoints, from `StreakWindow`s.
public struct OverviewWindow: Hashable, Sendable {
    public var date: LocalDate
    public var today: LocalDate
    /// A day before the week from which every entry is read as well (a view
    /// of recent days), in the same read.
    public var entriesFrom: LocalDate?

    public init(date: LocalDate, today: LocalDate, entriesFrom: LocalDate? = nil) {
        self.date = date
        self.today = today
        self.entriesFrom = entriesFrom
    }

    /// The date the streaks and strengths are as of.
    public var asOf: LocalDate { min(date, today) }

    /// Monday through Sunday of the date's ISO week. The last week of year
    /// 9999 runs past the last date there is; it ends at `LocalDate.latest`,
    /// since no entry lies beyond it and stores compare dates as text.
    public var week: ClosedRange<LocalDate> {
        let monday = date.startOfISOWeek
        return monday...min(monday.adding(days: 6), LocalDate.latest)
    }

    /// The first day read: the week's Monday, or `entriesFrom` when earlier.
    public var from: LocalDate { min(week.lowerBound, entriesFrom ?? week.lowerBound) }

    /// The last day read: the week's last day (`asOf` is never later).
    public var through: LocalDate { week.upperBound }

    /// `habit`'s target, progress and state for the period containing the
    /// date, from `entries` (sorted by date) that hold at least the week's;
    /// the others are left out first, since that period (the day, or the
    /// week of a weekly habit) decides it alone and a history of it costs
    /// less than one of every entry read.
    public func completion(of habit: Habit, entries: [ProgressEntry]) -> CompletionData {
        let period = habit.frequency == .daily ? date...date : week
        return HabitHistory(habit: habit, entries: entries.filter { period.contains($0.date) })
            .completion(on: date, today: today)
    }
}
