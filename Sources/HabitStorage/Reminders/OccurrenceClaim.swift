import Foundation

/// A reminder occurrence a runner wants to send: claimed at most once per
/// (habit, instant) across every process on the database.
public struct OccurrenceClaim: Hashable, Sendable {
    public var reminderID: Int64
    public var habitID: Int64
    public var owner: Int64
    /// The UTC instant of the occurrence, whole seconds.
    public var instant: Date
    public var channelID: Int64?
    public var webhookID: Int64?
    /// The `reminder.due` JSON each delivery carries.
    public var payload: String

    public init(
        reminderID: Int64, habitID: Int64, owner: Int64, instant: Date, channelID: Int64?,
        webhookID: Int64?, payload: String
    ) {
        self.reminderID = reminderID
        self.habitID = habitID
        self.owner = owner
        self.instant = instant
        self.channelID = channelID
        self.webhookID = webhookID
        self.payload = payload
    }

    /// The event id of the occurrence, the same in every process.
    public var eventID: String {
        "evt_rem_\(habitID)_\(Int64(instant.timeIntervalSince1970))"
    }
}
