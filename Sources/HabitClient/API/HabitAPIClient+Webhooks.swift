import Foundation
import HabitCore

/// A webhook endpoint on the server (`/api/me/webhooks/`); `secret` only in
/// the answer that created it.
package struct ServerWebhook: Hashable, Sendable {
    package var id: Int64
    package var url: String
    package var events: [String]
    package var secret: String?
    package var lastError: String?
    package var lastErrorAt: Date?
    package var createdAt: Date?
}

extension ServerWebhook: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, url, events, secret
        case lastError = "last_error"
        case lastErrorAt = "last_error_at"
        case createdAt = "created_at"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        url = try c.decode(String.self, forKey: .url)
        events = try c.decode([String].self, forKey: .events)
        secret = try c.decodeIfPresent(String.self, forKey: .secret)
        lastError = try c.decodeIfPresent(String.self, forKey: .lastError)
        lastErrorAt = try c.decodeIfPresent(String.self, forKey: .lastErrorAt).flatMap(
            RFC3339.date(from:))
        createdAt = try c.decodeIfPresent(String.self, forKey: .createdAt).flatMap(
            RFC3339.date(from:))
    }
}

/// One event on its way to a webhook endpoint, as its listing shows it.
package struct ServerDelivery: Hashable, Sendable {
    package var id: Int64
    package var eventID: String
    package var event: String
    package var attempts: Int
    /// `pending`, `delivered` or `failed`.
    package var state: String
    package var lastAttemptAt: Date?
    package var nextAttemptAt: Date?
    package var lastError: String?
}

extension ServerDelivery: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, event, attempts, state
        case eventID = "event_id"
        case lastAttemptAt = "last_attempt_at"
        case nextAttemptAt = "next_attempt_at"
        case lastError = "last_error"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        eventID = try c.decode(String.self, forKey: .eventID)
        event = try c.decode(String.self, forKey: .event)
        attempts = try c.decode(Int.self, forKey: .attempts)
        state = try c.decode(String.self, forKey: .state)
        func time(_ key: CodingKeys) throws -> Date? {
            try c.decodeIfPresent(String.self, forKey: key).flatMap(RFC3339.date(from:))
        }
        lastAttemptAt = try time(.lastAttemptAt)
        nextAttemptAt = try time(.nextAttemptAt)
        lastError = try c.decodeIfPresent(String.self, forKey: .lastError)
    }
}

/// The webhook routes.
extension HabitAPIClient {
    /// The account's webhook endpoints, without their secrets.
    package func webhooks() async throws(APIError) -> [ServerWebhook] {
        let response = try await sendAuthenticated(.get, "me/webhooks/", context: .account)
        return try response.decode(WebhookList<ServerWebhook>.self).data
    }

    /// Registers an endpoint for `events` (`nil`: every event); the answer
    /// holds the signing secret, shown this once.
    package func addWebhook(url: String, events: [String]?) async throws(APIError) -> ServerWebhook
    {
        struct Body: Encodable {
            var url: String
            var events: [String]?
        }
        let response = try await sendAuthenticated(
            .post, "me/webhooks/", body: try JSONBody.encode(Body(url: url, events: events)),
            context: .account)
        return try response.decode(ServerWebhook.self)
    }

    /// Removes an endpoint with its deliveries.
    package func deleteWebhook(id: Int64) async throws(APIError) {
        _ = try await sendAuthenticated(.delete, "me/webhooks/\(id)/", context: .account)
    }

    /// The endpoint's latest deliveries, newest first.
    package func webhookDeliveries(id: Int64) async throws(APIError) -> [ServerDelivery] {
        let response = try await sendAuthenticated(
            .get, "me/webhooks/\(id)/deliveries/", context: .account)
        return try response.decode(WebhookList<ServerDelivery>.self).data
    }
}

/// `{"data": [...]}`, the envelope of the API's lists.
private struct WebhookList<Element: Decodable>: Decodable {
    var data: [Element]
}
