import Foundation
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// Creates a personal access token through the API with a session's access
/// token; returns its text and id.
func createAccessToken(
    _ server: APITestServer, session: String, name: String, scope: String,
    habit: Int? = nil, expiresAt: String? = nil
) throws -> (text: String, id: Int) {
    var fields = [#""name": "\#(name)""#, #""scope": "\#(scope)""#]
    if let habit { fields.append(#""habit_id": \#(habit)"#) }
    if let expiresAt { fields.append(#""expires_at": "\#(expiresAt)""#) }
    let answer = try server.request(
        "POST", "/api/me/tokens/", body: "{" + fields.joined(separator: ", ") + "}",
        token: session)
    let object = try answer.object()
    guard answer.status == 201, let text = object["token"] as? String,
        let id = object["id"] as? Int
    else { throw APITestFailure("create token: \(answer)") }
    return (text, id)
}

/// Personal access tokens: scopes, revocation, expiry, what a token cannot
/// do, and what the database and the log never hold.
@Suite struct AccessTokenRouteTests {
    /// One request of each kind the scopes tell apart, with a habit to act on.
    struct Probe: Sendable, CustomStringConvertible {
        var method: String
        var path: String
        var body: String?
        var description: String { "\(method) \(path)" }
    }

    static func probes(habit: Int) -> [Probe] {
        let day = "/api/me/habits/\(habit)/progress/2026-11-30/"
        return [
            Probe(method: "GET", path: "/api/me/"),
            Probe(method: "PATCH", path: "/api/me/", body: #"{"time_zone": "UTC"}"#),
            Probe(method: "GET", path: "/api/me/habits/"),
            Probe(method: "HEAD", path: "/api/me/habits/"),
            Probe(method: "GET", path: "/api/me/habits/\(habit)/"),
            Probe(
                method: "GET",
                path: "/api/me/habits/\(habit)/progress/?from=2026-11-01&to=2026-11-30"),
            Probe(method: "POST", path: "/api/me/habits/", body: nil),
            Probe(method: "PATCH", path: "/api/me/habits/\(habit)/", body: #"{"name": "Renamed"}"#),
            Probe(method: "PUT", path: day, body: #"{"value": 1}"#),
            Probe(method: "POST", path: day + "increment/", body: #"{"amount": 1}"#),
            Probe(
                method: "PUT", path: "/api/me/habits/\(habit)/progress/",
                body: #"{"entries": [{"date": "2026-11-29", "value": 1}]}"#),
            Probe(method: "DELETE", path: day),
            Probe(method: "GET", path: "/api/me/tokens/"),
            Probe(
                method: "POST", path: "/api/me/tokens/", body: #"{"name": "x", "scope": "read"}"#),
            Probe(method: "DELETE", path: "/api/me/tokens/1/"),
        ]
    }

    /// Whether `scope` (on `habit`, for a one-habit check-in token) may make `probe`.
    static func allowed(_ scope: String, oneHabit: Bool, _ probe: Probe, habit: Int) -> Bool {
        if probe.path.hasPrefix("/api/me/tokens/") { return false }
        let isRead = probe.method == "GET" || probe.method == "HEAD"
        switch scope {
        case "read": return isRead
        case "write": return true
        default:
            return !isRead && probe.path.contains("/progress/")
                && probe.path.hasPrefix("/api/me/habits/\(habit)/")
        }
    }

    @Test(arguments: [("read", false), ("check-in", false), ("check-in", true), ("write", false)])
    func eachScopeReachesItsRoutesAndIsRefusedElsewhere(_ scope: String, _ oneHabit: Bool) throws {
        try withAPIServer { server in
            let session = try server.signIn("scopes@example.com").access
            let habit = try server.createHabit(token: session)
            let otherHabit = try server.createHabit(token: session, name: "Other")
            let token = try createAccessToken(
                server, session: session, name: "probe", scope: scope,
                habit: oneHabit ? habit : nil
            ).text
            for probe in Self.probes(habit: habit) {
                var body = probe.body
                if probe.method == "POST" && probe.path == "/api/me/habits/" {
                    body = server.habitBody(name: "New \(UUID().uuidString.prefix(8))")
                }
                let answer = try server.request(probe.method, probe.path, body: body, token: token)
                if Self.allowed(scope, oneHabit: oneHabit, probe, habit: habit) {
                    #expect(
                        answer.status < 400 || answer.status == 404, "\(scope) \(probe): \(answer)")
                } else {
                    #expect(answer.status == 403, "\(scope) \(probe): \(answer)")
                    if probe.method != "HEAD" {
                        #expect(answer.code == "insufficient_scope", "\(scope) \(probe)")
                    }
                    #expect(
                        answer.headers["www-authenticate"]?.contains("insufficient_scope") == true)
                }
            }
            // A one-habit check-in token reaches no other habit's progress.
            let elsewhere = try server.request(
                "POST", "/api/me/habits/\(otherHabit)/progress/2026-11-30/increment/",
                body: #"{"amount": 1}"#, token: token)
            if scope == "check-in" {
                #expect(elsewhere.status == (oneHabit ? 403 : 200), "\(elsewhere)")
            }
        }
    }

    @Test func aTokenCannotCreateListOrRevokeTokensAndNeverRefreshes() throws {
        try withAPIServer { server in
            let (session, refresh) = try server.signIn("pat@example.com")
            let write = try createAccessToken(server, session: session, name: "w", scope: "write")
            for (method, path, body) in [
                ("POST", "/api/me/tokens/", #"{"name": "child", "scope": "read"}"#),
                ("GET", "/api/me/tokens/", nil), ("DELETE", "/api/me/tokens/\(write.id)/", nil),
            ] {
                let answer = try server.request(method, path, body: body, token: write.text)
                #expect(answer.status == 403, "\(method) \(path): \(answer)")
            }
            for path in ["/api/auth/token/refresh/", "/api/auth/logout/"] {
                let answer = try server.request(
                    "POST", path, body: #"{"refresh": "\#(write.text)"}"#)
                #expect(answer.status == 401, "\(path): \(answer)")
                #expect(answer.code == "token_not_valid")
            }
            // The session still works, and holds one token.
            let list = try server.request("GET", "/api/me/tokens/", token: session).object()
            #expect((list["data"] as? [Any])?.count == 1)
            _ = refresh
        }
    }

    @Test func aRevokedTokenIsRefusedAtOnce() throws {
        try withAPIServer { server in
            let session = try server.signIn("revoke@example.com").access
            let read = try createAccessToken(server, session: session, name: "r", scope: "read")
            #expect(try server.request("GET", "/api/me/habits/", token: read.text).status == 200)
            let revoked = try server.request(
                "DELETE", "/api/me/tokens/\(read.id)/", token: session)
            #expect(revoked.status == 204)
            let after = try server.request("GET", "/api/me/habits/", token: read.text)
            #expect(after.status == 401)
            #expect(after.code == "token_not_valid")
            #expect(
                try server.request("DELETE", "/api/me/tokens/\(read.id)/", token: session).status
                    == 404)
            let list = try server.request("GET", "/api/me/tokens/", token: session).object()
            #expect((list["data"] as? [Any])?.isEmpty == true)
            // Another account cannot revoke a token it does not own.
            let other = try server.signIn("other@example.com").access
            let mine = try createAccessToken(server, session: session, name: "m", scope: "read")
            #expect(
                try server.request("DELETE", "/api/me/tokens/\(mine.id)/", token: other).status
                    == 404)
            #expect(try server.request("GET", "/api/me/", token: mine.text).status == 200)
        }
    }

    @Test func anExpiredTokenIsRefusedByTheInjectedClock() throws {
        try withAPIServer { server in
            let session = try server.signIn("expiry@example.com").access
            // The server's clock starts at 2026-11-30T12:00:00Z.
            let token = try createAccessToken(
                server, session: session, name: "hour", scope: "read",
                expiresAt: "2026-11-30T13:00:00Z")
            #expect(try server.request("GET", "/api/me/", token: token.text).status == 200)
            server.clock.advance(by: 3599)
            #expect(try server.request("GET", "/api/me/", token: token.text).status == 200)
            server.clock.advance(by: 1)
            let expired = try server.request("GET", "/api/me/", token: token.text)
            #expect(expired.status == 401)
            #expect(expired.code == "token_not_valid")
            // An expiry in the past is refused at creation.
            let past = try server.request(
                "POST", "/api/me/tokens/",
                body: #"{"name": "old", "scope": "read", "expires_at": "2026-11-30T12:00:00Z"}"#,
                token: try server.signIn("expiry2@example.com").access)
            #expect(past.status == 400)
            #expect(past.fields["expires_at"]?.isEmpty == false)
        }
    }

    @Test func theListShowsLastUseToTheMinute() throws {
        try withAPIServer { server in
            let session = try server.signIn("use@example.com").access
            let token = try createAccessToken(server, session: session, name: "u", scope: "read")
            func lastUsed() throws -> String? {
                let list = try server.request("GET", "/api/me/tokens/", token: session).object()
                let first = (list["data"] as? [[String: Any]])?.first
                return first?["last_used_at"] as? String
            }
            #expect(try lastUsed() == nil)
            _ = try server.request("GET", "/api/me/", token: token.text)
            #expect(try lastUsed() == "2026-11-30T12:00:00Z")
            server.clock.advance(by: 30)
            _ = try server.request("GET", "/api/me/", token: token.text)
            #expect(try lastUsed() == "2026-11-30T12:00:00Z")
            server.clock.advance(by: 31)
            _ = try server.request("GET", "/api/me/", token: token.text)
            #expect(try lastUsed() == "2026-11-30T12:01:01Z")
        }
    }

    @Test func creatingRefusesBadInputNamingEachField() throws {
        try withAPIServer { server in
            let session = try server.signIn("input@example.com").access
            let habit = try server.createHabit(token: session)
            let cases: [(String, [String])] = [
                (#"{}"#, ["name", "scope"]),
                (#"{"name": "  ", "scope": "admin"}"#, ["name", "scope"]),
                (#"{"name": "a\u0007b", "scope": "read"}"#, ["name"]),
                // One grapheme of two scalars and 63 more: 65 as maxLength counts.
                (#"{"name": "👍🏻\#(String(repeating: "*", count: 63))", "scope": "read"}"#, ["name"]),
                (#"{"name": "r", "scope": "read", "habit_id": \#(habit)}"#, ["habit_id"]),
                (#"{"name": "c", "scope": "check-in", "habit_id": 999999}"#, ["habit_id"]),
                (#"{"name": "c", "scope": "check-in", "habit_id": "1"}"#, ["habit_id"]),
                (#"{"name": "c", "scope": "read", "expires_at": "tomorrow"}"#, ["expires_at"]),
            ]
            for (body, names) in cases {
                let answer = try server.request(
                    "POST", "/api/me/tokens/", body: body, token: session)
                #expect(answer.status == 400, "\(body): \(answer)")
                #expect(Set(answer.fields.keys) == Set(names), "\(body): \(answer)")
            }
            let list = try server.request("GET", "/api/me/tokens/", token: session).object()
            #expect((list["data"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func namesAreUniqueAndTheLimitIsEnforced() throws {
        try withAPIServer { server in
            let session = try server.signIn("limit@example.com").access
            for index in 0..<PersonalAccessToken.maximumPerUser {
                _ = try createAccessToken(
                    server, session: session, name: "t\(index)", scope: "read")
            }
            let again = try server.request(
                "POST", "/api/me/tokens/", body: #"{"name": "t0", "scope": "read"}"#,
                token: session)
            #expect(again.status == 409)
            #expect(again.code == "token_name_taken")
            let over = try server.request(
                "POST", "/api/me/tokens/", body: #"{"name": "one more", "scope": "read"}"#,
                token: session)
            #expect(over.status == 409)
            #expect(over.code == "token_limit")
        }
    }

    @Test func theTokenIsShownOnceAndTheListNeverShowsIt() throws {
        try withAPIServer { server in
            let session = try server.signIn("once@example.com").access
            let created = try server.request(
                "POST", "/api/me/tokens/", body: #"{"name": "cal", "scope": "read"}"#,
                token: session)
            let object = try created.object()
            let text = try #require(object["token"] as? String)
            #expect(text.hasPrefix("hpat_"))
            #expect(text.count == 5 + 43)
            #expect(object["scope"] as? String == "read")
            #expect(object["created_at"] as? String == "2026-11-30T12:00:00Z")
            #expect(object.keys.contains("expires_at") && object["expires_at"] is NSNull)
            let list = try server.request("GET", "/api/me/tokens/", token: session)
            #expect(!list.text.contains(text))
            #expect(!list.text.contains("\"token\""))
        }
    }
}
