/// The days an overview of `date` (a list: each habit's completion and
/// current streak) reads, and how its completion is worked out: one rule for
/// the server's list, local mode, the server-mode replica and the offline
/// list cache.
///
/// A period's rules look only inside it, so the completion needs the entries
/// of the period containing the date and nothing more. For daily and weekly
/// habits that is the date's ISO week (`from`, `through`); a month or a
/// block of N days may begin before that Monday and end after that Sunday,
/// so a reader holding such habits reads `from(for:)` through `through(for:)`.
/// The streaks are as of `asOf`, the date or today when the date is later;
/// they resume from history checkpoints within the period read (yesterday's,
/// last week's, last month's), or, for a reader without checkpoints, from
/// `StreakWindow`s.
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

    /// The days of `habit`'s period containing the date: the date itself,
    /// the week, or the habit's month or block of N days (cut at
    /// `LocalDate.latest`).
    public func period(of habit: Habit) -> ClosedRange<LocalDate> {
        switch habit.frequency {
        case .daily:
            return date...date
        case .weekly:
            return week
        case .monthly, .everyNDays:
            let period = HabitPeriods(of: habit).period(containing: date)
            return period.lowerBound...min(period.upperBound, LocalDate.latest)
        }
    }

    /// The first day read for `habits`: `from`, or the first day of a
    /// habit's period when earlier (a month begun before the week).
    public func from(for habits: [Habit]) -> LocalDate {
        habits.reduce(from) { min($0, period(of: $1).lowerBound) }
    }

    /// The last day read for `habits`: `through`, or the last day of a
    /// habit's period when later (a month ending after the week).
    public func through(for habits: [Habit]) -> LocalDate {
        habits.reduce(through) { max($0, period(of: $1).upperBound) }
    }

    /// `habit`'s target, progress and state for the period containing the
    /// date, from `entries` (sorted by date) that hold at least that
    /// period's (`period(of:)`); the others are left out first, since that
    /// period decides it alone and a history of it costs less than one of
    /// every entry read.
    public func completion(of habit: Habit, entries: [ProgressEntry]) -> CompletionData {
        let period = period(of: habit)
        return HabitHistory(habit: habit, entries: entries.filter { period.contains($0.date) })
            .completion(on: date, today: today)
    }
}
