import Foundation
import HabitAPI
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// Who may call each route, walked from `RouteTable`: a route added there
/// is tested here without a line of its own (a keyed one needs a sample
/// request below, or its test fails saying so).
@Suite struct RouteAccessTests {
    /// A path of `template` with a habit id and a date put in.
    static func path(_ template: String, habit: Int = 1) -> String {
        template.replacingOccurrences(of: "{id}", with: "\(habit)")
            .replacingOccurrences(of: "{reminder_id}", with: "1")
            .replacingOccurrences(of: "{date}", with: "2026-11-20")
            .replacingOccurrences(of: "{token}", with: "hct_x")
    }

    /// Every method of every signed-in route, HEAD wherever GET.
    static let signedIn: [(method: String, template: String)] = RouteTable.declarations.flatMap {
        declaration -> [(String, String)] in
        guard case .signedIn = declaration.access else { return [] }
        let pair = (declaration.method, declaration.template)
        return declaration.method == "GET" ? [pair, ("HEAD", declaration.template)] : [pair]
    }

    @Test func everyDeclaredRouteIsMatchedWithAndWithoutItsSlash() {
        for declaration in RouteTable.declarations {
            let path = Self.path(declaration.template)
            #expect(Route(path: path)?.template == declaration.template, "\(path)")
            let bare = path.hasSuffix("/") ? String(path.dropLast()) : path + "/"
            #expect(Route(path: bare)?.template == declaration.template, "\(bare)")
            #expect(Route(path: path)?.allowedMethods.contains(declaration.method) == true)
        }
        // One declaration per method and route.
        let pairs = RouteTable.declarations.map { "\($0.method) \($0.template)" }
        #expect(Set(pairs).count == pairs.count)
    }

    @Test(arguments: signedIn.indices)
    func withoutATokenIsNotAuthenticated(index: Int) throws {
        let (method, template) = Self.signedIn[index]
        let path = Self.path(template)
        try withAPIServer { server in
            // A malformed body and a bad date would be 400s: the token comes first.
            let answer = try server.request(
                method, path, body: ["PUT", "POST", "PATCH"].contains(method) ? "{nope" : nil)
            #expect(answer.status == 401, "\(method) \(path)")
            #expect(answer.headers["www-authenticate"] == #"Bearer realm="habits""#)
            if method != "HEAD" {
                #expect(answer.code == "not_authenticated", "\(method) \(path)")
            }
            let expired = try server.request(method, path, token: "not.a.token")
            #expect(expired.status == 401, "\(method) \(path)")
            if method != "HEAD" { #expect(expired.code == "token_not_valid") }
        }
    }

    /// The scope of a personal access token that falls short of `reach`.
    static func tooSmall(for reach: TokenReach) -> String {
        switch reach {
        case .read: return "check-in"
        case .checkIn, .write: return "read"
        case .never: return "write"
        }
    }

    @Test func aPersonalTokenOfTooSmallAScopeIsForbiddenEverywhere() throws {
        try withAPIServer { server in
            let session = try server.signIn("a@b.co").access
            let habit = try server.createHabit(token: session)
            var tokens: [String: String] = [:]
            for scope in ["read", "check-in", "write"] {
                tokens[scope] = try createAccessToken(
                    server, session: session, name: scope, scope: scope
                ).text
            }
            for declaration in RouteTable.declarations {
                guard case .signedIn(let reach) = declaration.access else { continue }
                let path = Self.path(declaration.template, habit: habit)
                let token = try #require(tokens[Self.tooSmall(for: reach)])
                let answer = try server.request(
                    declaration.method, path, body: "{nope", token: token)
                #expect(answer.status == 403, "\(declaration.method) \(path)")
                #expect(answer.code == "insufficient_scope", "\(declaration.method) \(path)")
            }
        }
    }

    @Test func signInRoutesAnswerWithoutAToken() throws {
        try withAPIServer { server in
            for path in ["/api/auth/email/", "/api/auth/token/", "/api/auth/token/refresh/"] {
                let answer = try server.request("POST", path, body: "{}")
                #expect(answer.status == 400, "POST \(path)")
                #expect(answer.code == "invalid", "POST \(path)")
            }
            let logout = try server.request("POST", "/api/auth/logout/", body: "{}")
            #expect(logout.status == 400)
        }
    }

    // MARK: - Keyed routes

    /// A request of each keyed route and another body for the same key.
    static func keyedSamples(_ server: APITestServer) -> [String: (body: String?, other: String)] {
        [
            "POST /api/me/habits/": (
                server.habitBody(name: "Walk"), server.habitBody(name: "Swim")
            ),
            "PATCH /api/me/habits/{id}/": (#"{"name": "Walk"}"#, #"{"name": "Swim"}"#),
            "DELETE /api/me/habits/{id}/": (nil, "{}"),
            "PUT /api/me/habits/{id}/progress/": (
                #"{"entries": [{"date": "2026-11-21", "value": 2}]}"#,
                #"{"entries": [{"date": "2026-11-21", "value": 3}]}"#
            ),
            "PUT /api/me/habits/{id}/progress/{date}/": (#"{"value": 3}"#, #"{"value": 4}"#),
            "DELETE /api/me/habits/{id}/progress/{date}/": (nil, "{}"),
            "POST /api/me/habits/{id}/progress/{date}/increment/": (
                #"{"amount": 1}"#, #"{"amount": 2}"#
            ),
        ]
    }

    static let keyed = RouteTable.declarations.filter(\.keyed).map {
        "\($0.method) \($0.template)"
    }

    /// The change feed's cursor: it moves with every write of the user.
    private func cursor(_ server: APITestServer, token: String) throws -> String {
        try #require(
            try server.request("GET", "/api/me/changes/", token: token).object()["cursor"]
                as? String)
    }

    @Test(arguments: keyed)
    func aKeyedRouteReplaysAndRefusesAnotherRequestUnderItsKey(route: String) throws {
        let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
        let (method, template) = (parts[0], parts[1])
        try withAPIServer { server in
            let sample = try #require(
                Self.keyedSamples(server)[route], "no sample request for \(route)")
            let token = try server.signIn("a@b.co").access
            let habit = try server.createHabit(token: token)
            // A day to change or remove.
            _ = try server.request(
                "PUT", "/api/me/habits/\(habit)/progress/2026-11-20/", body: #"{"value": 1}"#,
                token: token)
            let path = Self.path(template, habit: habit)
            let key = [("Idempotency-Key", #""k-1""#)]
            let before = try cursor(server, token: token)
            let first = try server.request(
                method, path, body: sample.body, token: token, headers: key)
            #expect((200..<300).contains(first.status), "\(route): \(first)")
            #expect(first.headers["idempotent-replayed"] == nil)
            let written = try cursor(server, token: token)
            #expect(written != before, "\(route) wrote nothing")

            let again = try server.request(
                method, path, body: sample.body, token: token, headers: key)
            #expect(again.status == first.status, "\(route)")
            #expect(again.text == first.text, "\(route)")
            #expect(again.headers["idempotent-replayed"] == "true", "\(route)")
            let other = try server.request(
                method, path, body: sample.other, token: token, headers: key)
            #expect(other.status == 422, "\(route): \(other)")
            #expect(other.code == "idempotency_key_reused")
            // Neither ran: nothing the user has changed since the first.
            #expect(try cursor(server, token: token) == written, "\(route) ran again")
        }
    }
}
