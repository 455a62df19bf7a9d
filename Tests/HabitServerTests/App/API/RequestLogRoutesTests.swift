import Foundation
import HabitAPI
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// What the request log shows of a path: the route's template, or for no
/// route only the first segment and the length; never a segment a client sent.
@Suite struct RequestLogRoutesTests {
    private static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"

    @Test func everyRouteHasTheContractsTemplate() {
        let templates: [(String, String)] = [
            ("/api/auth/email/", "/api/auth/email/"),
            ("/api/auth/token/refresh", "/api/auth/token/refresh/"),
            ("/api/me", "/api/me/"),
            ("/api/me/habits/12/", "/api/me/habits/{id}/"),
            ("/api/me/habits/12/progress/", "/api/me/habits/{id}/progress/"),
            ("/api/me/habits/12/progress/2026-03-01/", "/api/me/habits/{id}/progress/{date}/"),
            (
                "/api/me/habits/12/progress/2026-03-01/increment/",
                "/api/me/habits/{id}/progress/{date}/increment/"
            ),
        ]
        for (path, template) in templates {
            #expect(RouteTable.matcher.match(path)?.template == template, "\(path)")
        }
    }

    @Test func tokensInPathsNeverReachTheLog() throws {
        try withAPIServer { server throws in
            let tokens = try server.signIn("someone@example.com")
            let id = try server.createHabit(token: tokens.access)
            let matched = try server.request(
                "GET", "/api/me/habits/\(id)/progress/2026-11-30/x/\(Self.token)/",
                token: tokens.access)
            #expect(matched.status == 404)
            #expect(
                try server.request("GET", "/api/me/habits/\(id)/", token: tokens.access).status
                    == 200)
            #expect(try server.request("GET", "/api/me/habits/\(Self.token)/").status == 404)
            #expect(
                try server.request(
                    "DELETE", "/api/me/habits/\(id)/progress/2026-11-30/", token: tokens.access
                )
                .status != 500)
            let lines = server.logs.all
            #expect(lines.contains { $0.hasPrefix("info: GET /api/me/habits/{id}/ 200 ") })
            #expect(
                lines.contains {
                    $0.hasPrefix("info: DELETE /api/me/habits/{id}/progress/{date}/ ")
                })
            let unmatched = "/api/me/habits/\(Self.token)/"
            #expect(
                lines.contains {
                    $0.hasPrefix("info: GET /api/… (\(unmatched.utf8.count) bytes) 404 ")
                })
            for line in lines {
                #expect(!line.contains("eyJ"), "\(line)")
                #expect(!line.contains("/\(id)/"), "\(line)")
                #expect(!line.contains("2026-11-30"), "\(line)")
                #expect(!line.contains("someone@"), "\(line)")
            }
        }
    }

    @Test func responsesCarryTheRequestID() throws {
        try withAPIServer { server throws in
            let echoed = try server.request(
                "GET", "/api/me/", headers: [("X-Request-Id", "abc-123")])
            #expect(echoed.headers["x-request-id"] == "abc-123")
            let made = try server.request("GET", "/api/me/", headers: [("X-Request-Id", "x@y.z")])
            #expect(made.headers["x-request-id"]?.count == 32)
            #expect(server.logs.all.contains { $0.hasSuffix(" id=abc-123") })
        }
    }
}
