import Foundation

/// A signed-in session as it is saved: the server, the address, both tokens and
/// the measured server clock.
///
/// Its descriptions and reflection never show the tokens, so printing or
/// logging a session by mistake leaks nothing.
package struct StoredSession: Hashable, Sendable {
    /// The normalised base URL the tokens belong to; they are sent nowhere else.
    package var server: String
    /// The address the session was signed in with.
    package var email: String
    package var accessToken: String
    package var refreshToken: String
    /// The server's clock relative to this device's, measured at the last token response.
    package var serverClock: ServerClock

    package init(
        server: String, email: String, accessToken: String, refreshToken: String,
        serverClock: ServerClock
    ) {
        self.server = server
        self.email = email
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.serverClock = serverClock
    }

    /// The refresh token's expiry (server time), or `nil` when it has none or
    /// cannot be read.
    package var refreshExpiresAt: Date? {
        (try? JWTPayload(token: refreshToken))?.expiresAt
    }

    /// Whether the access token counts as expired when the device clock reads
    /// `deviceNow`, by the `ServerClock` rule. A token that cannot be read counts
    /// as expired, so it is replaced rather than sent; one without `exp` does not,
    /// and the server decides.
    package func accessTokenHasExpired(deviceNow: Date) -> Bool {
        guard let payload = try? JWTPayload(token: accessToken) else { return true }
        guard let expiry = payload.expiresAt else { return false }
        return serverClock.hasExpired(expiry, issuedAt: payload.issuedAt, deviceNow: deviceNow)
    }
}

extension StoredSession: Codable {
    enum CodingKeys: String, CodingKey {
        case server, email
        case accessToken = "access"
        case refreshToken = "refresh"
        case clockOffset = "clock_offset"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        server = try c.decode(String.self, forKey: .server)
        email = try c.decode(String.self, forKey: .email)
        accessToken = try c.decode(String.self, forKey: .accessToken)
        refreshToken = try c.decode(String.self, forKey: .refreshToken)
        let offset = try c.decode(Double.self, forKey: .clockOffset)
        guard offset.isFinite else {
            throw DecodingError.dataCorruptedError(
                forKey: .clockOffset, in: c, debugDescription: "clock offset is not finite")
        }
        serverClock = ServerClock(offset: offset)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(server, forKey: .server)
        try c.encode(email, forKey: .email)
        try c.encode(accessToken, forKey: .accessToken)
        try c.encode(refreshToken, forKey: .refreshToken)
        try c.encode(serverClock.offset, forKey: .clockOffset)
    }
}

extension StoredSession: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    package var description: String { "session of \(email) at \(server)" }
    package var debugDescription: String { "StoredSession(\(description), tokens hidden)" }
    package var customMirror: Mirror {
        Mirror(self, children: ["server": server, "email": email, "serverClock": serverClock])
    }
}
