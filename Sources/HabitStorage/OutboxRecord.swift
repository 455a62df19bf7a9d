import Foundation

/// One change waiting in a server-mode replica's outbox, in the order it was made.
///
/// The store keeps it as text and numbers; what `kind` and `payload` mean is
/// the command line's (its sync engine writes and reads them).
package struct OutboxRecord: Hashable, Sendable {
    /// Waiting to be sent, or refused by the server and kept for the person.
    package enum State: String, Hashable, Sendable {
        case pending, rejected
    }

    /// The order of the outbox (0 until it is stored).
    package var sequence: Int64
    package var kind: String
    /// The habit it changes: negative while the habit has only a provisional id.
    package var habitID: Int64
    package var date: String?
    /// The change itself, as JSON.
    package var payload: String
    /// Sent with every attempt, so a retry is never applied twice.
    package var idempotencyKey: String
    /// The version of what it changes as this device last saw it.
    package var baseVersion: String?
    package var createdAt: Date
    package var attempts: Int
    package var lastError: String?
    package var state: State

    package init(
        sequence: Int64 = 0, kind: String, habitID: Int64, date: String?, payload: String,
        idempotencyKey: String, baseVersion: String?, createdAt: Date, attempts: Int = 0,
        lastError: String? = nil, state: State = .pending
    ) {
        self.sequence = sequence
        self.kind = kind
        self.habitID = habitID
        self.date = date
        self.payload = payload
        self.idempotencyKey = idempotencyKey
        self.baseVersion = baseVersion
        self.createdAt = createdAt
        self.attempts = attempts
        self.lastError = lastError
        self.state = state
    }
}
