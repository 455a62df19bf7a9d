import Foundation
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// Writes through the API queue their webhook event in the write's own
/// transaction: one delivery per committed write, none for a write that was
/// refused or changed nothing.
@Suite struct WebhookEventQueueTests {
    @Test func onlyCommittedWritesQueueTheirEvent() throws {
        let server = try APITestServer { $0.reminders.allowPrivateTargets = true }
        defer { server.stop() }
        let token = try server.signIn("a@b.co").access
        let hook = try server.request(
            "POST", "/api/me/webhooks/", body: #"{"url": "http://127.0.0.1:1/hook"}"#,
            token: token)
        #expect(hook.status == 201)
        let hookID = try #require(try hook.object()["id"] as? Int)
        func deliveries() throws -> [[String: Any]] {
            try server.request("GET", "/api/me/webhooks/\(hookID)/deliveries/", token: token)
                .list()
        }

        let id = try server.createHabit(token: token)
        #expect(try deliveries().map { $0["event"] as? String } == ["habit.changed"])

        // A version that does not match: 412, nothing written, no event.
        let refused = try server.request(
            "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": 2}"#,
            token: token, headers: [("If-Match", #""999999""#)])
        #expect(refused.status == 412)
        // Another account's habit, or none: 404, no event.
        let missing = try server.request(
            "PUT", "/api/me/habits/\(id + 1000)/progress/2026-11-30/", body: #"{"value": 2}"#,
            token: token)
        #expect(missing.status == 404)
        #expect(try deliveries().count == 1)

        let written = try server.request(
            "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": 2}"#,
            token: token)
        #expect(written.status == 200)
        let all = try deliveries()
        #expect(all.map { $0["event"] as? String } == ["entry.changed", "habit.changed"])
        #expect(Set(all.compactMap { $0["event_id"] as? String }).count == 2)
    }
}
