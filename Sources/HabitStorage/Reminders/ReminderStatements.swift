import Foundation

/// The reads and writes of reminders, channels and webhooks a store runs in
/// its own SQL, on which their additions are built once
/// (`ReminderStatements+Additions`).
///
/// As with `StoreStatements`, a store runs each step on the connection it
/// is handed and nothing more: the owner's lock, the order of the steps and
/// what is decided between them (`AdditionDecision`) are the shared code's.
package protocol ReminderStatements: StoreStatements {
    /// Whether channel `id` is `owner`'s.
    static func ownsChannel(_ connection: Connection, id: Int64, owner: Int64)
        throws(StoreError) -> Bool

    /// Whether webhook `id` is `owner`'s.
    static func ownsWebhook(_ connection: Connection, id: Int64, owner: Int64)
        throws(StoreError) -> Bool

    /// The habit's reminder at `time` with exactly these targets, if any.
    static func sameReminder(
        _ connection: Connection, habitID: Int64, time: String, channelID: Int64?,
        webhookID: Int64?
    ) throws(StoreError) -> Reminder?

    /// How many reminders the habit has.
    static func reminderCount(_ connection: Connection, habitID: Int64) throws(StoreError) -> Int

    /// Inserts a reminder, answering its id.
    static func insertReminder(
        _ connection: Connection, habitID: Int64, owner: Int64, time: String, channelID: Int64?,
        webhookID: Int64?, now: Date
    ) throws(StoreError) -> Int64

    /// The owner's channel of this kind and URL, if any.
    static func sameChannel(
        _ connection: Connection, owner: Int64, kind: ReminderChannel.Kind, url: String?
    ) throws(StoreError) -> ReminderChannel?

    /// How many channels the owner has.
    static func channelCount(_ connection: Connection, owner: Int64) throws(StoreError) -> Int

    /// Inserts a channel, answering its id.
    static func insertChannel(
        _ connection: Connection, owner: Int64, kind: ReminderChannel.Kind, url: String?,
        now: Date
    ) throws(StoreError) -> Int64

    /// How many webhook endpoints the owner has.
    static func webhookCount(_ connection: Connection, owner: Int64) throws(StoreError) -> Int

    /// Inserts a webhook endpoint, answering its id.
    static func insertWebhook(
        _ connection: Connection, owner: Int64, url: String, events: [String], secret: String,
        now: Date
    ) throws(StoreError) -> Int64
}
