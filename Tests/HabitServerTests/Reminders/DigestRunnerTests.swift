import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// The daily digest through the API and the runner of a real server, driven
/// by its test clock.
@Suite struct DigestRunnerTests {
    /// 2026-11-30 (a Monday) at `time`, UTC.
    private func monday(_ time: String, plusDays days: Int = 0) -> Date {
        RFC3339.date(from: "2026-11-30T\(time):00Z")!.addingTimeInterval(Double(days) * 86_400)
    }

    private func digestMails(_ server: APITestServer) throws -> [String] {
        try server.messages().filter { $0.contains("Subject: Today: ") }
    }

    @Test func theDigestTimeIsSetReadAndTurnedOff() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let off = try server.request("GET", "/api/me/digest/", token: token)
            #expect(off.status == 200)
            #expect(String(decoding: off.body, as: UTF8.self) == #"{"time":null}"#)
            let set = try server.request(
                "PUT", "/api/me/digest/", body: #"{"time": "08:00"}"#, token: token)
            #expect(set.status == 200, "\(set)")
            #expect(try set.object()["time"] as? String == "08:00")
            #expect(
                try server.request("GET", "/api/me/digest/", token: token).object()["time"]
                    as? String == "08:00")
            for bad in [#"{"time": "8:00"}"#, #"{"time": "24:00"}"#, #"{}"#, #"{"time": 8}"#] {
                let refused = try server.request("PUT", "/api/me/digest/", body: bad, token: token)
                #expect(refused.status == 400, "\(bad)")
            }
            // Another account's digest is its own.
            let other = try server.signIn("c@d.co").access
            #expect(
                String(
                    decoding: try server.request("GET", "/api/me/digest/", token: other).body,
                    as: UTF8.self) == #"{"time":null}"#)
            #expect(try server.request("DELETE", "/api/me/digest/", token: token).status == 204)
            #expect(
                String(
                    decoding: try server.request("GET", "/api/me/digest/", token: token).body,
                    as: UTF8.self) == #"{"time":null}"#)
            #expect(try server.request("GET", "/api/me/digest/").status == 401)
        }
    }

    /// One mail listing the planned habits not yet done or skipped, once.
    @Test func oneMessageListsWhatIsLeftOnce() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let read = try server.createHabit(token: token, name: "Read")
            let run = try server.createHabit(token: token, name: "Run")
            let walk = try server.createHabit(token: token, name: "Walk")
            _ = try server.createHabit(token: token, name: "Weekend", actionDays: "[6,7]")
            _ = try server.request(
                "PUT", "/api/me/habits/\(read)/progress/2026-11-30/", body: #"{"value": 10}"#,
                token: token)
            _ = try server.request(
                "PUT", "/api/me/habits/\(walk)/progress/2026-11-30/", body: #"{"skipped": true}"#,
                token: token)
            _ = try server.request(
                "PUT", "/api/me/digest/", body: #"{"time": "08:00"}"#, token: token)

            server.clock.set(monday("07:59"))
            #expect(try server.app.reminders.tick().digests == 0)
            server.clock.set(monday("08:00"))
            let report = try server.app.reminders.tick()
            #expect(report.digests == 1 && report.delivered == 1)
            let mails = try digestMails(server)
            #expect(mails.count == 1)
            let mail = try #require(mails.first)
            #expect(mail.contains("To: a@b.co"))
            #expect(mail.contains("Subject: Today: 1 habit not done yet"))
            #expect(mail.contains("- Run"))
            #expect(!mail.contains("- Read") && !mail.contains("- Walk"))
            #expect(!mail.contains("- Weekend"))
            _ = run
            // Later the same morning, nothing more.
            server.clock.set(monday("08:20"))
            #expect(try server.app.reminders.tick().digests == 0)
            #expect(try digestMails(server).count == 1)
        }
    }

    /// Nothing is sent when everything planned is done, or nothing is planned.
    @Test func nothingIsSentWhenNothingIsLeft() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token, actionDays: "[1]")
            _ = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": 10}"#,
                token: token)
            _ = try server.request(
                "PUT", "/api/me/digest/", body: #"{"time": "08:00"}"#, token: token)
            server.clock.set(monday("08:00"))
            #expect(try server.app.reminders.tick().digests == 0)
            // Tuesday: nothing planned.
            server.clock.set(monday("08:00", plusDays: 1))
            #expect(try server.app.reminders.tick().digests == 0)
            // The next Monday, not done: sent.
            server.clock.set(monday("08:05", plusDays: 7))
            #expect(try server.app.reminders.tick().digests == 1)
            #expect(try digestMails(server).count == 1)
        }
    }

    /// The digest follows the account's zone, and webhooks asking for
    /// reminders get a signed `digest.due` event.
    @Test func theZoneAndAWebhookEvent() throws {
        let server = try APITestServer { $0.reminders.allowPrivateTargets = true }
        defer { server.stop() }
        let receiver = try LocalReceiver(statuses: [204])
        defer { receiver.stop() }
        let token = try server.signIn("z@b.co").access
        _ = try server.request(
            "PATCH", "/api/me/", body: #"{"time_zone": "Europe/Berlin"}"#, token: token)
        _ = try server.createHabit(token: token, name: "Read")
        let hook = try server.request(
            "POST", "/api/me/webhooks/",
            body: #"{"url": "\#(receiver.url())", "events": ["reminder.due"]}"#, token: token)
        #expect(hook.status == 201, "\(hook)")
        _ = try server.request("PUT", "/api/me/digest/", body: #"{"time": "08:00"}"#, token: token)
        // 08:00 in Berlin on 30 November is 07:00 UTC.
        server.clock.set(monday("06:59"))
        #expect(try server.app.reminders.tick().digests == 0)
        server.clock.set(monday("07:00"))
        #expect(try server.app.reminders.tick().digests == 1)
        let requests = receiver.requests
        #expect(requests.count == 1)
        let body = String(decoding: try #require(requests.first).body, as: UTF8.self)
        #expect(body.contains(#""type":"digest.due""#))
        #expect(body.contains(#""habit_name":"Read""#))
        #expect(body.contains(#""time_zone":"Europe/Berlin""#))
        #expect(try #require(requests.first).headers["Habits-Event"] == "digest.due")
        // The endpoint's deliveries list it under its event.
        let hookID = try #require(try hook.object()["id"] as? Int)
        let deliveries = try server.request(
            "GET", "/api/me/webhooks/\(hookID)/deliveries/", token: token
        ).list()
        #expect(deliveries.map { $0["event"] as? String } == ["digest.due"])
    }
}
