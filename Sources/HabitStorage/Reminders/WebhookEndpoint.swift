import Foundation

/// A URL a user's events are POSTed to, signed with the endpoint's secret.
package struct WebhookEndpoint: Hashable, Sendable {
    /// The events an endpoint can ask for.
    package static let eventTypes = ["entry.changed", "habit.changed", "reminder.due"]

    package var id: Int64
    package var url: String
    /// A subset of `eventTypes`, in that order.
    package var events: [String]
    /// The HMAC key of the signatures (`whsec_…`), shown when created.
    package var secret: String
    package var lastError: String?
    package var lastErrorAt: Date?
    package var createdAt: Date

    package init(
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
