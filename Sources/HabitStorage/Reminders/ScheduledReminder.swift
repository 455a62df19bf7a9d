import Foundation
import HabitCore

/// A reminder with what the runner needs to decide it: the habit's rules
/// and the account's time zone.
public struct ScheduledReminder: Hashable, Sendable {
    public var reminderID: Int64
    public var owner: Int64
    public var habit: Habit
    /// `HH:MM`.
    public var time: String
    /// An IANA identifier; `UTC` when the account has none.
    public var timeZone: String
    public var channelID: Int64?
    public var webhookID: Int64?

    public init(
        reminderID: Int64, owner: Int64, habit: Habit, time: String, timeZone: String,
        channelID: Int64?, webhookID: Int64?
    ) {
        self.reminderID = reminderID
        self.owner = owner
        self.habit = habit
        self.time = time
        self.timeZone = timeZone
        self.channelID = channelID
        self.webhookID = webhookID
    }
}
