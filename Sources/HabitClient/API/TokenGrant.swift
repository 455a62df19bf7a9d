import Foundation
import HabitCore

/// The tokens from a sign-in or refresh response, with the server clock
/// measured from it.
///
/// Wire form: `{"access", "refresh", "server_time"}`. `server_time` may be
/// missing (the `Date` header or the token's `iat` then gives the time), and
/// so may `refresh` on a refresh response from servers that do not rotate
/// refresh tokens: the caller then keeps the one it has.
struct TokenGrant: Sendable {
    var accessToken: String
    var refreshToken: String?
    var serverClock: ServerClock

    private struct Body: Decodable {
        var access: String
        var refresh: String?
        var serverTime: String?

        enum CodingKeys: String, CodingKey {
            case access, refresh
            case serverTime = "server_time"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            access = try c.decode(String.self, forKey: .access)
            refresh = try c.decodeIfPresent(String.self, forKey: .refresh)
            // Only a hint for the clock: a server_time in another form (a
            // number of seconds, say) falls back to the Date header, not an error.
            serverTime = try? c.decodeIfPresent(String.self, forKey: .serverTime)
        }
    }

    /// Reads a 2xx token response measured between `sentAt` and `receivedAt` (device time).
    ///
    /// - Throws: `.unexpectedResponse` when the body is not a token response (the
    ///   body is never quoted: it could hold a token); `.unreadableToken` when the
    ///   access token is not a readable JWT.
    init(response: TransportResponse, path: String, sentAt: Date, receivedAt: Date)
        throws(APIError)
    {
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: response.body)
        } catch {
            throw .unexpectedResponse(status: response.status, path: path)
        }
        let payload: JWTPayload
        do {
            payload = try JWTPayload(token: body.access)
        } catch {
            throw .unreadableToken(error)
        }
        guard payload.expiresAt != nil else { throw .unreadableToken(.noExpiry) }
        if let refresh = body.refresh, refresh.isEmpty {
            throw .unexpectedResponse(status: response.status, path: path)
        }
        accessToken = body.access
        refreshToken = body.refresh
        serverClock = ServerClock.measured(
            serverTime: body.serverTime.flatMap(RFC3339.date(from:)),
            dateHeader: response.header("Date"), issuedAt: payload.issuedAt, sentAt: sentAt,
            receivedAt: receivedAt)
    }
}
