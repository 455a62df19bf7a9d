import HabitCore

/// A user's daily digest with what the runner needs to decide it: the
/// time, the account's zone, the last local date claimed and the active habits.
public struct ScheduledDigest: Hashable, Sendable {
    public var owner: Int64
    /// `HH:MM`.
    public var time: String
    /// An IANA identifier; `UTC` when the account has none.
    public var timeZone: String
    /// The latest local date a digest was claimed for, if any.
    public var lastDate: LocalDate?
    /// The owner's active habits.
    public var habits: [Habit]

    public init(
        owner: Int64, time: String, timeZone: String, lastDate: LocalDate?, habits: [Habit]
    ) {
        self.owner = owner
        self.time = time
        self.timeZone = timeZone
        self.lastDate = lastDate
        self.habits = habits
    }
}
