import Foundation

/// A URL a user's events are POSTed to, signed with the endpoint's secret.
public struct WebhookEndpoint: Hashable, Sendable {
    /// The events an endpoint can ask for.
    public static let eventTypes = ["entry.changed", "habit.changed", "reminder.due"]

    public var id: Int64
    public var url: String
    /// A subset of `eventTypes`, in that order.
    public var events: [String]
    /// The HMAC key of the signatures (`whsec_…`), shown when created.
    public var secret: String
    public var lastError: String?
    public var lastErrorAt: Date?
    public var createdAt: Date

    public init(
        id: Int64, url: String, events: [String], secret: String, lastError: String?,
        lastErrorAt: Date?, createdAt: Date
    ) {
        self.id = id
        self.url = url
        self.events = events
        self.secret = secret
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
        self.createdAt = createdAt
    }
}
