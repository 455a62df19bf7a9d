import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// One user can never read or change another's data: every route, tried by
/// a second user on the first one's habit, answers exactly as for a habit
/// that does not exist, and changes nothing.
@Suite struct IsolationTests {
    @Test func secondUserCannotReachTheFirstUsersHabit() throws {
        try withAPIServer { server in
            let alice = try server.signIn("alice@example.com").access
            let bob = try server.signIn("bob@example.com").access
            let id = try server.createHabit(token: alice, name: "Alice's")
            _ = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": 3}"#,
                token: alice)
            let missing = 999_999

            let attempts: [(String, String, String?)] = [
                ("GET", "/api/me/habits/%d/", nil),
                ("PATCH", "/api/me/habits/%d/", #"{"name": "Bob's now"}"#),
                ("PATCH", "/api/me/habits/%d/", #"{"status": "ARCHIVED"}"#),
                ("DELETE", "/api/me/habits/%d/", nil),
                ("GET", "/api/me/habits/%d/progress/?from=2026-11-01&to=2026-12-01", nil),
                ("PUT", "/api/me/habits/%d/progress/2026-11-30/", #"{"value": 0}"#),
                ("DELETE", "/api/me/habits/%d/progress/2026-11-30/", nil),
            ]
            for (method, pattern, body) in attempts {
                let theirs = try server.request(
                    method, pattern.replacingOccurrences(of: "%d", with: "\(id)"), body: body,
                    token: bob)
                let nobodys = try server.request(
                    method, pattern.replacingOccurrences(of: "%d", with: "\(missing)"), body: body,
                    token: bob)
                #expect(theirs.status == 404, "\(method) \(pattern)")
                #expect(theirs.text == nobodys.text, "\(method) \(pattern)")
            }

            // Bob's lists never show Alice's habit.
            for query in ["", "?status=ALL", "?status=ALL&date=2026-11-30"] {
                #expect(
                    try server.request("GET", "/api/me/habits/\(query)", token: bob).list().isEmpty)
            }
            #expect(
                try server.request("GET", "/api/me/", token: bob).object()["email"] as? String
                    == "bob@example.com")

            // Alice's habit and progress are untouched.
            let habit = try server.request("GET", "/api/me/habits/\(id)/", token: alice).object()
            #expect(habit["name"] as? String == "Alice's")
            #expect(habit["status"] as? String == "ACTIVE")
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: alice
            ).list()
            #expect(entries.first?["value"] as? Int == 3)
        }
    }

    @Test func habitLimitCountsOnlyTheUsersOwnHabits() throws {
        try withAPIServer { server in
            let alice = try server.signIn("alice@example.com").access
            let bob = try server.signIn("bob@example.com").access
            for index in 0..<15 { _ = try server.createHabit(token: alice, name: "A\(index)") }
            #expect(try server.createHabit(token: bob, name: "B") > 0)
        }
    }

    @Test func logoutOfOneUserLeavesTheOtherSignedIn() throws {
        try withAPIServer { server in
            let alice = try server.signIn("alice@example.com")
            let bob = try server.signIn("bob@example.com")
            _ = try server.request(
                "POST", "/api/auth/logout/", body: #"{"refresh": "\#(alice.refresh)"}"#)
            let refreshed = try server.request(
                "POST", "/api/auth/token/refresh/", body: #"{"refresh": "\#(bob.refresh)"}"#)
            #expect(refreshed.status == 200)
        }
    }
}
