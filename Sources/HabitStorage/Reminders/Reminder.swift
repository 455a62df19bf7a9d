import Foundation

/// One reminder time of a habit, as stored: a local time of day (`HH:MM`)
/// read in the account's time zone, and optionally the one channel or
/// webhook it goes through (neither: every channel of the user).
public struct Reminder: Hashable, Sendable {
    public var id: Int64
    public var habitID: Int64
    /// `HH:MM`, 24-hour, validated by the caller.
    public var time: String
    public var channelID: Int64?
    public var webhookID: Int64?
    public var createdAt: Date

    public init(
        id: Int64, habitID: Int64, time: String, channelID: Int64?, webhookID: Int64?,
        createdAt: Date
    ) {
        self.id = id
        self.habitID = habitID
        self.time = time
        self.channelID = channelID
        self.webhookID = webhookID
        self.createdAt = createdAt
    }
}
