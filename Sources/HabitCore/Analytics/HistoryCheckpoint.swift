/// What a habit's periods up to a date add up to, kept so its stats can be
/// worked out again without reading the whole history: ten years of done
/// days should cost what ten days cost.
///
/// The rule it relies on: once a period has ended before today, its state
/// depends only on its entries, never on today again. So for the periods
/// from the start through `through` (all ended), the counts of done, failed
/// and skipped periods, the longest run of done periods, the run at the end
/// (`currentStreak`, skipped ones passed over as the streak rule says) and
/// the strength score after them are fixed until an entry in those periods
/// or the habit's rules change. Resuming walks only the periods after
/// `through` (`HabitHistory.stats(today:resuming:)`).
///
/// This holds for every period kind (day, week, month, block of N days) and
/// both goals: an ended at-most period is done, skipped or failed by its own
/// entries alone, as an at-least one is.
///
/// A store keeps one per habit and forgets it when an entry on or before
/// `lastDay(for:)` (the end of the period `through` begins) changes; `rules`
/// also ties it to the habit's frequency, period length, start, days,
/// target and goal, so it is never applied to a habit whose rules changed
/// under it.
public struct HistoryCheckpoint: Hashable, Sendable {
    /// The first day of the last period covered (a day, a Monday, a month's
    /// first day, a block's first day).
    public var through: LocalDate
    /// The stats of the periods from the start through that one: its
    /// current streak is the run at the end of that period, its strength the
    /// score after it.
    public var stats: HabitStats
    /// `HistoryCheckpoint.rules(of:)` of the habit it was made for.
    public var rules: String

    public init(through: LocalDate, stats: HabitStats, rules: String) {
        self.through = through
        self.stats = stats
        self.rules = rules
    }

    /// The properties of `habit` that the states of its periods depend on.
    public static func rules(of habit: Habit) -> String {
        // Appended, not interpolated: interpolating a `Decimal` or a
        // `LocalDate` makes the runtime look up their conformances first, a
        // cost a short-lived command pays for every distinct type. Into one
        // buffer sized once, not through `+`, whose every step made a new
        // string (5,000 instructions a call; a list makes two per habit).
        var rules = ""
        rules.reserveCapacity(48)
        rules += habit.frequency.rawValue
        rules += " "
        rules += habit.startDate.description
        rules += " "
        rules += String(habit.actionDays.bits)
        rules += " "
        rules += DecimalNotation.plain(habit.targetValue)
        // Only what the first model could not say, so the text of a daily or
        // weekly at-least habit keeps the form checkpoints were saved with.
        if let periodDays = habit.periodDays {
            rules += " every "
            rules += String(periodDays)
        }
        if habit.goal != .atLeast {
            rules += " "
            rules += habit.goal.rawValue
        }
        return rules
    }

    /// Whether this checkpoint can be resumed for `habit` as of `today`:
    /// made for the same rules, and covering only periods that end before
    /// the one containing `today`.
    public func applies(to habit: Habit, today: LocalDate) -> Bool {
        applies(to: habit, rules: Self.rules(of: habit), today: today)
    }

    /// `applies(to:today:)` with the habit's `rules(of:)` already made.
    func applies(to habit: Habit, rules: String, today: LocalDate) -> Bool {
        guard self.rules == rules else { return false }
        return through.dayNumber
            < HabitPeriods(of: habit).firstDay(containing: today.dayNumber)
    }

    /// The last day of the last period covered: an entry changed on or
    /// before it makes the checkpoint stale.
    public func lastDay(for habit: Habit) -> LocalDate {
        HabitPeriods(of: habit).last(ofPeriodFrom: through)
    }

    /// The first day whose entries a resumed history needs: the first day
    /// of the period after `through` (the next day, Monday, month or block).
    public func resumeDate(for habit: Habit) -> LocalDate {
        lastDay(for: habit).adding(days: 1)
    }
}
