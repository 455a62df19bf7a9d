import Foundation
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// `Idempotency-Key` on PUT, PATCH and DELETE (issue 23): a retried write
/// whose answer was lost gets that answer again and applies nothing, even
/// after another device changed the same row.
@Suite struct IdempotentWritesTests {
    private func key(_ value: String) -> [(String, String)] {
        [("Idempotency-Key", value)]
    }

    private func entryValue(
        _ server: APITestServer, token: String, habit: Int, date: String
    ) throws -> String? {
        let entries = try server.request(
            "GET", "/api/me/habits/\(habit)/progress/?from=\(date)&to=\(date)", token: token
        ).list()
        return entries.first.map { "\($0["value"] ?? "")" }
    }

    @Test func aRetriedPutDoesNotUndoAnotherDevicesNewerWrite() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let habit = try server.createHabit(token: token)
            let path = "/api/me/habits/\(habit)/progress/2026-11-20/"
            let first = try server.request(
                "PUT", path, body: #"{"value": 3}"#, token: token, headers: key("put-1"))
            #expect(first.status == 200)
            #expect(first.headers["idempotent-replayed"] == nil)
            // Another device writes after it; the first device never saw its answer.
            let other = try server.request("PUT", path, body: #"{"value": 7}"#, token: token)
            #expect(other.status == 200)
            let retry = try server.request(
                "PUT", path, body: #"{"value": 3}"#, token: token, headers: key("put-1"))
            #expect(retry.status == 200)
            #expect(retry.text == first.text)
            #expect(retry.headers["idempotent-replayed"] == "true")
            #expect(try entryValue(server, token: token, habit: habit, date: "2026-11-20") == "7")
        }
    }

    @Test func aRetriedDeleteDoesNotRemoveAnEntryWrittenSince() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let habit = try server.createHabit(token: token)
            let path = "/api/me/habits/\(habit)/progress/2026-11-20/"
            _ = try server.request("PUT", path, body: #"{"value": 3}"#, token: token)
            let first = try server.request("DELETE", path, token: token, headers: key("del-1"))
            #expect(first.status == 204)
            _ = try server.request("PUT", path, body: #"{"value": 5}"#, token: token)
            let retry = try server.request("DELETE", path, token: token, headers: key("del-1"))
            #expect(retry.status == 204)
            #expect(retry.headers["idempotent-replayed"] == "true")
            #expect(try entryValue(server, token: token, habit: habit, date: "2026-11-20") == "5")
        }
    }

    @Test func aRetriedPatchWithIfMatchReplaysInsteadOf412() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let habit = try server.createHabit(token: token)
            let path = "/api/me/habits/\(habit)/"
            let version = try #require(
                try server.request("GET", path, token: token).object()["version"] as? String)
            let headers = key("patch-1") + [("If-Match", #""\#(version)""#)]
            let first = try server.request(
                "PATCH", path, body: #"{"name": "Walk"}"#, token: token, headers: headers)
            #expect(first.status == 200)
            let other = try server.request(
                "PATCH", path, body: #"{"name": "Swim"}"#, token: token)
            #expect(other.status == 200)
            let retry = try server.request(
                "PATCH", path, body: #"{"name": "Walk"}"#, token: token, headers: headers)
            #expect(retry.status == 200)
            #expect(retry.text == first.text)
            #expect(retry.headers["idempotent-replayed"] == "true")
            let name = try server.request("GET", path, token: token).object()["name"] as? String
            #expect(name == "Swim")
        }
    }

    @Test func aRetriedHabitDeleteReplays204NotA404() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let habit = try server.createHabit(token: token)
            let path = "/api/me/habits/\(habit)/"
            let first = try server.request("DELETE", path, token: token, headers: key("d"))
            #expect(first.status == 204)
            let retry = try server.request("DELETE", path, token: token, headers: key("d"))
            #expect(retry.status == 204)
            #expect(retry.headers["idempotent-replayed"] == "true")
            // Without the key the same request is answered anew.
            #expect(try server.request("DELETE", path, token: token).status == 404)
        }
    }

    @Test func theSameKeyWithAnotherWriteIs422AndChangesNothing() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let habit = try server.createHabit(token: token)
            let path = "/api/me/habits/\(habit)/progress/2026-11-20/"
            _ = try server.request(
                "PUT", path, body: #"{"value": 3}"#, token: token, headers: key("k"))
            let other = try server.request(
                "PUT", path, body: #"{"value": 4}"#, token: token, headers: key("k"))
            #expect(other.status == 422)
            #expect(other.code == "idempotency_key_reused")
            let delete = try server.request("DELETE", path, token: token, headers: key("k"))
            #expect(delete.status == 422)
            #expect(try entryValue(server, token: token, habit: habit, date: "2026-11-20") == "3")
        }
    }

    @Test func aRefusedBatchIsRememberedUnderItsKey() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let habit = try server.createHabit(token: token)
            let path = "/api/me/habits/\(habit)/progress/"
            let bad = try server.request(
                "PUT", path, body: #"{"entries": []}"#, token: token, headers: key("b"))
            #expect(bad.status == 400)
            let again = try server.request(
                "PUT", path, body: #"{"entries": []}"#, token: token, headers: key("b"))
            #expect(again.status == 400)
            #expect(again.headers["idempotent-replayed"] == "true")
            let good = try server.request(
                "PUT", path, body: #"{"entries": [{"date": "2026-11-20", "value": 2}]}"#,
                token: token, headers: key("b2"))
            #expect(good.status == 200)
            _ = try server.request(
                "PUT", "\(path)2026-11-20/", body: #"{"value": 9}"#, token: token)
            let retry = try server.request(
                "PUT", path, body: #"{"entries": [{"date": "2026-11-20", "value": 2}]}"#,
                token: token, headers: key("b2"))
            #expect(retry.headers["idempotent-replayed"] == "true")
            #expect(try entryValue(server, token: token, habit: habit, date: "2026-11-20") == "9")
        }
    }

    @Test func aReplayedWriteQueuesNoSecondWebhookEvent() throws {
        let server = try APITestServer { $0.reminders.allowPrivateTargets = true }
        defer { server.stop() }
        let receiver = try LocalReceiver(statuses: [204, 204, 204])
        defer { receiver.stop() }
        let token = try server.signIn("a@b.co").access
        let hook = try server.request(
            "POST", "/api/me/webhooks/",
            body: #"{"url": "\#(receiver.url())", "events": ["habit.changed"]}"#, token: token)
        #expect(hook.status == 201)
        let body = server.habitBody()
        let first = try server.request(
            "POST", "/api/me/habits/", body: body, token: token, headers: key("c"))
        #expect(first.status == 201)
        let again = try server.request(
            "POST", "/api/me/habits/", body: body, token: token, headers: key("c"))
        #expect(again.headers["idempotent-replayed"] == "true")
        while try server.app.reminders.tick().delivered > 0 {}
        #expect(receiver.requests.count == 1)
    }
}
