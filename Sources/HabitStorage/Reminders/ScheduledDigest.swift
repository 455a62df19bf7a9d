import HabitCore

/// A user's daily digest with what the runner needs to decide it: the
/// time, the account's zone and day boundary, the last date claimed and
/// the active habits.
package struct ScheduledDigest: Hashable, Sendable {
    package var owner: Int64
    /// `HH:MM`.
    package var time: String
    /// An IANA identifier; `UTC` when the account has none.
    package var timeZone: String
    /// The latest date a digest was claimed for, if any (the account's
    /// date at the digest's instant: `dayStartsAt` decides it).
    package var lastDate: LocalDate?
    /// The owner's active habits.
    package var habits: [Habit]
    /// The account's `day_starts_at` (rule 7): before it, the digest is
    /// still for the previous date.
    package var dayStartsAt: DayBoundary

    package init(
        owner: Int64, time: String, timeZone: String, lastDate: LocalDate?, habits: [Habit],
        dayStartsAt: DayBoundary = .midnight
    ) {
        self.owner = owner
        self.time = time
        self.timeZone = timeZone
        self.lastDate = lastDate
        self.habits = habits
        self.dayStartsAt = dayStartsAt
    }
}
