import Foundation

/// One reminder time of a habit, as stored: a local time of day (`HH:MM`)
/// read in the account's time zone, and optionally the one channel or
/// webhook it goes through (neither: every channel of the user).
package struct Reminder: Hashable, Sendable {
    package var id: Int64
    package var habitID: Int64
    /// `HH:MM`, 24-hour, validated by the caller.
    package var time: String
    package var channelID: Int64?
    package var webhookID: Int64?
    package var createdAt: Date

    package init(
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
