import Foundation
import HabitCore

/// A personal access token as the server lists it; `token`, its text, only
/// in the answer that created it.
package struct AccessTokenInfo: Hashable, Sendable {
    package var id: Int64
    package var name: String
    /// `read`, `check-in` or `write`.
    package var scope: String
    package var habitID: Int64?
    package var createdAt: Date?
    package var expiresAt: Date?
    package var lastUsedAt: Date?
    package var token: String?

    init(
        id: Int64, name: String, scope: String, habitID: Int64? = nil, createdAt: Date? = nil,
        expiresAt: Date? = nil, lastUsedAt: Date? = nil, token: String? = nil
    ) {
        self.id = id
        self.name = name
        self.scope = scope
        self.habitID = habitID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
        self.token = token
    }
}

extension AccessTokenInfo: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name, scope, token
        case habitID = "habit_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
        case lastUsedAt = "last_used_at"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        scope = try c.decode(String.self, forKey: .scope)
        habitID = try c.decodeIfPresent(Int64.self, forKey: .habitID)
        func time(_ key: CodingKeys) throws -> Date? {
            try c.decodeIfPresent(String.self, forKey: key).flatMap(RFC3339.date(from:))
        }
        createdAt = try time(.createdAt)
        expiresAt = try time(.expiresAt)
        lastUsedAt = try time(.lastUsedAt)
        token = try c.decodeIfPresent(String.self, forKey: .token)
    }
}

extension HabitAPIClient {
    /// The account's personal access tokens (`GET /api/me/tokens/`).
    /// - Throws: `.notSupported` when the server has no such route.
    package func accessTokens() async throws(APIError) -> [AccessTokenInfo] {
        let response = try await tokenRoute(.get, "me/tokens/", body: nil)
        return try response.decode(TokenList.self).data
    }

    /// Creates a token (`POST /api/me/tokens/`); the answer holds its text,
    /// shown this once. Not retried after a broken connection and sent
    /// without an idempotency key (the server keeps no copy of the text):
    /// a repeat is refused for its name.
    package func createAccessToken(
        name: String, scope: String, habitID: Int64?, expiresAt: Date?
    ) async throws(APIError) -> AccessTokenInfo {
        let body = try JSONBody.encode(
            NewTokenBody(
                name: name, scope: scope, habitID: habitID,
                expiresAt: expiresAt.map(RFC3339.string(from:))))
        let response = try await tokenRoute(.post, "me/tokens/", body: body)
        return try response.decode(AccessTokenInfo.self)
    }

    /// Revokes token `id` (`DELETE /api/me/tokens/{id}/`) at once.
    package func revokeAccessToken(id: Int64) async throws(APIError) {
        _ = try await tokenRoute(.delete, "me/tokens/\(id)/", body: nil)
    }

    /// The URL of the check-in route for a token's text.
    package func checkInURL(token: String) -> URL {
        configuration.url("checkin/\(token)/")
    }

    /// The URL of the calendar feed for a read token's text.
    package func calendarURL(token: String) -> URL {
        configuration.url("me/calendar.ics", query: [(name: "token", value: token)])
    }

    private func tokenRoute(_ method: TransportRequest.Method, _ path: String, body: Data?)
        async throws(APIError) -> Answer
    {
        do throws(APIError) {
            return try await sendAuthenticated(method, path, body: body, context: .account)
        } catch .rejected(status: 405, _), .unexpectedResponse(status: 405, _),
            .unexpectedResponse(status: 404, _) where method != .delete
        {
            throw .notSupported(path: TransportRequest.pathDescription(of: configuration.url(path)))
        }
    }
}

/// `{"data": [...]}` of tokens.
private struct TokenList: Decodable {
    var data: [AccessTokenInfo]
}

/// `{"name", "scope", "habit_id"?, "expires_at"?}`.
private struct NewTokenBody: Encodable {
    var name: String
    var scope: String
    var habitID: Int64?
    var expiresAt: String?

    enum CodingKeys: String, CodingKey {
        case name, scope
        case habitID = "habit_id"
        case expiresAt = "expires_at"
    }
}
