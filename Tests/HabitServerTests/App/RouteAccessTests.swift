import Foundation
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// Which routes need a signed-in user: every `/api/me/…` route answers 401
/// without an access token, before reading its body; the sign-in routes
/// answer without one.
@Suite struct RouteAccessTests {
    /// Every method of every route that needs an access token.
    static let authenticated: [(method: String, path: String)] = [
        ("GET", "/api/me/"), ("HEAD", "/api/me/"),
        ("GET", "/api/me/habits/"), ("HEAD", "/api/me/habits/"), ("POST", "/api/me/habits/"),
        ("GET", "/api/me/habits/1/"), ("PATCH", "/api/me/habits/1/"),
        ("DELETE", "/api/me/habits/1/"),
        ("GET", "/api/me/habits/1/progress/"), ("PUT", "/api/me/habits/1/progress/"),
        ("PUT", "/api/me/habits/1/progress/2026-11-30/"),
        ("DELETE", "/api/me/habits/1/progress/2026-11-30/"),
        ("POST", "/api/me/habits/1/progress/2026-11-30/increment/"),
    ]

    @Test(arguments: authenticated.indices)
    func withoutATokenIsNotAuthenticated(index: Int) throws {
        let (method, path) = Self.authenticated[index]
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
}
