import Foundation

/// The difference between the server's clock and this device's, so token
/// expiry can be judged in the server's time even when the device clock is wrong.
///
/// Measured on every token response: offset = server time − the device time at
/// the midpoint of the request. The server time is `server_time` from the body
/// when present, else the HTTP `Date` header, else the new access token's `iat`.
/// A token counts as expired when its `exp` ≤ device now + offset + margin, so
/// a token is refreshed a little before the server would refuse it, never
/// after. The margin is 30 s, or a quarter of the token's lifetime (`exp −
/// iat`) when that is shorter: a server handing out 8-second tokens would
/// otherwise get a refresh before every request.
package struct ServerClock: Hashable, Sendable {
    /// How long before `exp` a token is already treated as expired, so a request
    /// in flight does not arrive just after the token lapsed: at most this.
    package static let expiryMargin: TimeInterval = 30

    /// The margin for a token issued at `issuedAt` and expiring at `expiry`:
    /// min(30 s, a quarter of its lifetime); 30 s when its lifetime is unknown.
    package static func expiryMargin(issuedAt: Date?, expiry: Date) -> TimeInterval {
        guard let issuedAt else { return expiryMargin }
        let lifetime = expiry.timeIntervalSince(issuedAt)
        guard lifetime > 0 else { return 0 }
        return min(expiryMargin, lifetime / 4)
    }

    /// Server time − device time, in seconds.
    package var offset: TimeInterval

    package init(offset: TimeInterval) {
        self.offset = offset
    }

    /// Measures the offset from one token response.
    ///
    /// - Parameters:
    ///   - serverTime: `server_time` from the response body, if any.
    ///   - dateHeader: the response's `Date` header (IMF-fixdate), if any.
    ///   - issuedAt: the new access token's `iat`, if any.
    ///   - sentAt: the device time just before the request was sent.
    ///   - receivedAt: the device time just after the response arrived.
    /// - Returns: the measured clock, or a zero offset when the response gives no server time.
    package static func measured(
        serverTime: Date?, dateHeader: String?, issuedAt: Date?, sentAt: Date, receivedAt: Date
    ) -> ServerClock {
        let midpoint = sentAt.addingTimeInterval(receivedAt.timeIntervalSince(sentAt) / 2)
        guard let server = serverTime ?? dateHeader.flatMap(HTTPDate.date(from:)) ?? issuedAt
        else { return ServerClock(offset: 0) }
        return ServerClock(offset: server.timeIntervalSince(midpoint))
    }

    /// The server's time when the device clock reads `deviceNow`.
    func serverTime(atDeviceTime deviceNow: Date) -> Date {
        deviceNow.addingTimeInterval(offset)
    }

    /// The device time when the server's clock reads `serverTime`.
    package func deviceTime(atServerTime serverTime: Date) -> Date {
        serverTime.addingTimeInterval(-offset)
    }

    /// Whether a token expiring at `expiry` (server time) counts as expired when
    /// the device clock reads `deviceNow`: exp ≤ device now + offset + margin,
    /// the margin as `expiryMargin(issuedAt:expiry:)` gives it.
    package func hasExpired(_ expiry: Date, issuedAt: Date? = nil, deviceNow: Date) -> Bool {
        let margin = Self.expiryMargin(issuedAt: issuedAt, expiry: expiry)
        return expiry <= serverTime(atDeviceTime: deviceNow).addingTimeInterval(margin)
    }
}
