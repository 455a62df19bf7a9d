import Foundation
import HabitCore

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

    /// How many of `counted` there are.
    static func count(_ connection: Connection, _ counted: AdditionCount) throws(StoreError)
        -> Int

    /// Inserts `reminder` (all but its id) for `owner`, answering its id.
    static func insertReminder(_ connection: Connection, _ reminder: Reminder, owner: Int64)
        throws(StoreError) -> Int64

    /// The owner's channel of this kind and URL, if any.
    static func sameChannel(
        _ connection: Connection, owner: Int64, kind: ReminderChannel.Kind, url: String?
    ) throws(StoreError) -> ReminderChannel?

    /// Inserts `channel` (its kind, URL and time) for `owner`, answering
    /// its id.
    static func insertChannel(_ connection: Connection, _ channel: ReminderChannel, owner: Int64)
        throws(StoreError) -> Int64

    /// Inserts `webhook` (all but its id and errors) for `owner`,
    /// answering its id.
    static func insertWebhook(_ connection: Connection, _ webhook: WebhookEndpoint, owner: Int64)
        throws(StoreError) -> Int64

    /// The entries of the habits from `from` through `to`, by habit.
    static func entries(
        _ connection: Connection, habitIDs: [Int64], from: LocalDate, to: LocalDate
    ) throws(StoreError) -> [Int64: [ProgressEntry]]
}

/// What an addition counts against its limit.
package enum AdditionCount: Sendable {
    case reminders(habitID: Int64)
    case channels(owner: Int64)
    case webhooks(owner: Int64)

    /// Which of the store's three counting statements counts this, with
    /// the id it binds.
    package func statement(reminders: String, channels: String, webhooks: String)
        -> (sql: String, id: Int64)
    {
        switch self {
        case .reminders(let habitID): (reminders, habitID)
        case .channels(let owner): (channels, owner)
        case .webhooks(let owner): (webhooks, owner)
        }
    }
}

extension ReminderStatements {
    package func entries(habitIDs: [Int64], from: LocalDate, to: LocalDate) throws(StoreError)
        -> [Int64: [ProgressEntry]]
    {
        guard !habitIDs.isEmpty else { return [:] }
        return try read { connection throws(StoreError) in
            try Self.entries(connection, habitIDs: habitIDs, from: from, to: to)
        }
    }

    /// The due occurrences among those SQL left undecided, with the
    /// entries `UndecidedOccurrences` needs read in the caller's
    /// transaction.
    package static func due(
        _ connection: Connection, among candidates: [UndecidedOccurrences.Candidate],
        isDue: (HabitHistory, LocalDate) -> Bool
    ) throws(StoreError) -> [UndecidedOccurrences.Due] {
        try UndecidedOccurrences(candidates).due(
            reading: { range throws(StoreError) in
                try entries(connection, habitIDs: range.habitIDs, from: range.from, to: range.to)
            }, isDue: isDue)
    }
}
