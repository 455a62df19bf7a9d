import Foundation

/// One change waiting in a server-mode replica's outbox, in the order it was made.
///
/// The store keeps it as text and numbers; what `kind` and `payload` mean is
/// the command line's (its sync engine writes and reads them).
public struct OutboxRecord: Hashable, Sendable {
    /// Waiting to be sent, or refused by the server and kept for the person.
    public enum State: String, Hashable, Sendable {
        case pending, rejected
    }

    /// The order of the outbox (0 until it is stored).
    public var sequence: Int64
    public var kind: String
    /// The habit it changes: negative while the habit has only a provisional id.
    public var habitID: Int64
    public var date: String?
    /// The change itself, as JSON.
    public var payload: String
    /// Sent with every attempt, so a retry is never applied twice.
    public var idempotencyKey: String
    /// The version of what it changes as this device last saw it.
    public var baseVersion: String?
    public var createdAt: Date
    public var attempts: Int
    public var lastError: String?
    public var state: State

    public init(
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
