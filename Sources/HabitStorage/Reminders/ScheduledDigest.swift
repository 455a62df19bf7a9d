import HabitCore

/// A user's daily digest with what the runner needs to decide it: the
/// time, the account's zone, the last local date claimed and the active habits.
package struct ScheduledDigest: Hashable, Sendable {
    package var owner: Int64
    /// `HH:MM`.
    package var time: String
    /// An IANA identifier; `UTC` when the account has none.
    package var timeZone: String
    /// The latest local date a digest was claimed for, if any.
    package var lastDate: LocalDate?
    /// The owner's active habits.
    package var habits: [Habit]

    package init(
        owner: Int64, time: String, timeZone: String, lastDate: LocalDate?, habits: [Habit]
    ) {
        self.owner = owner
        self.time = time
        self.timeZone = timeZone
        self.lastDate = lastDate
        self.habits = habits
    }
}
