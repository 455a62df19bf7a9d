import Foundation

/// One event on its way to one target (a channel or a webhook endpoint):
/// the outbox row the runner claims, sends, and retries with backoff.
public struct Delivery: Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
        /// Waiting for its next attempt (`nextAttemptAt`).
        case pending
        /// The target accepted it.
        case delivered
        /// Retried for as long as its target's bound allows; given up.
        case failed
    }

    /// Where a claimed delivery goes, read with the claim so that sending
    /// needs no further read.
    public enum Target: Hashable, Sendable {
        case mail(channelID: Int64, address: String)
        case ntfy(channelID: Int64, url: String)
        case webhook(webhookID: Int64, url: String, secret: String)
    }

    public var id: Int64
    /// Unique per target; the id a webhook receiver deduplicates by.
    public var eventID: String
    public var event: String
    /// The JSON body (for mail and ntfy, what the message is made from).
    public var payload: String
    public var attempts: Int
    public var state: State
    public var createdAt: Date
    public var nextAttemptAt: Date
    public var lastAttemptAt: Date?
    public var lastError: String?
    /// Set on claimed deliveries only.
    public var target: Target?

    public init(
        id: Int64, eventID: String, event: String, payload: String, attempts: Int, state: State,
        createdAt: Date, nextAttemptAt: Date, lastAttemptAt: Date?, lastError: String?,
        target: Target? = nil
    ) {
        self.id = id
        self.eventID = eventID
        self.event = event
        self.payload = payload
        self.attempts = attempts
        self.state = state
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt
        self.lastAttemptAt = lastAttemptAt
        self.lastError = lastError
        self.target = target
    }
}
