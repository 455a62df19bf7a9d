import Foundation
import HabitCore
import HabitStorage
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// The reminder runner inside a real server, driven by its test clock: no
/// sleeping, every run is a `tick()` the test makes.
@Suite struct ReminderRunnerTests {
    /// 2026-11-30 (a Monday) at `time`, UTC (every account is on UTC for now).
    private func monday(_ time: String, plusDays days: Int = 0) -> Date {
        RFC3339.date(from: "2026-11-30T\(time):00Z")!.addingTimeInterval(Double(days) * 86_400)
    }

    private func reminderMails(_ server: APITestServer) throws -> [String] {
        try server.messages().filter { $0.contains("Subject: Reminder: ") }
    }

    private func privateTargets() throws -> APITestServer {
        try APITestServer { $0.reminders.allowPrivateTargets = true }
    }

    @Test func remindsOnceWhenThePlannedDayIsNotDone() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let added = try server.request(
                "POST", "/api/me/habits/\(id)/reminders/", body: #"{"time": "20:00"}"#,
                token: token)
            #expect(added.status == 201)
            #expect(try added.object()["time"] as? String == "20:00")

            server.clock.set(monday("19:59"))
            #expect(try server.app.reminders.tick().claimed == 0)
            server.clock.set(monday("20:00"))
            let report = try server.app.reminders.tick()
            #expect(report.claimed == 1 && report.delivered == 1)
            let mails = try reminderMails(server)
            #expect(mails.count == 1)
            #expect(mails.first?.contains("To: a@b.co") == true)
            #expect(
                mails.first?.contains("Read is not done yet today (2026-11-30, 20:00 UTC)") == true)

            // Later runs the same evening send nothing more.
            server.clock.set(monday("20:10"))
            #expect(try server.app.reminders.tick().claimed == 0)
            #expect(try reminderMails(server).count == 1)

            let metrics = server.app.responder.metrics.exposition()
            #expect(metrics.contains("habits_reminders_claimed_total 1\n"), "\(metrics)")
            #expect(
                metrics.contains(
                    #"habits_deliveries_total{target="mail",result="delivered"} 1"# + "\n"))
        }
    }

    /// The exposition after a reminder run is valid Prometheus text: the one
    /// part that needs promtool, so the reminders above are tested without it.
    @Test func promtoolAcceptsTheReminderCounters() async throws {
        let promtool = try ExternalTool.require("promtool", package: "prometheus")
        try await withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let added = try server.request(
                "POST", "/api/me/habits/\(id)/reminders/", body: #"{"time": "20:00"}"#,
                token: token)
            #expect(added.status == 201)
            server.clock.set(monday("20:00"))
            #expect(try server.app.reminders.tick().delivered == 1)
            let metrics = server.app.responder.metrics.exposition()
            #expect(metrics.contains("habits_reminders_claimed_total 1\n"), "\(metrics)")
            let check = try await promtool.run(["check", "metrics"], input: metrics)
            #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
        }
    }

    @Test func theAccountsTimeZoneSaysWhenTheTimeComes() throws {
        try withAPIServer { server in
            let token = try server.signIn("z@b.co").access
            let zone = try server.request(
                "PATCH", "/api/me/", body: #"{"time_zone": "Europe/Berlin"}"#, token: token)
            #expect(zone.status == 200, "\(zone)")
            let id = try server.createHabit(token: token)
            _ = try server.request(
                "POST", "/api/me/habits/\(id)/reminders/", body: #"{"time": "20:00"}"#,
                token: token)
            // 20:00 in Berlin on 30 November is 19:00 UTC (CET, UTC+1).
            server.clock.set(monday("18:59"))
            #expect(try server.app.reminders.tick().claimed == 0)
            server.clock.set(monday("19:00"))
            #expect(try server.app.reminders.tick().claimed == 1)
            #expect(try reminderMails(server).count == 1)
        }
    }

    /// With days starting at 03:00, a reminder at 01:30 is about the
    /// previous date (rule 7): Monday done, Tuesday 01:30 sends nothing;
    /// Tuesday not done, Wednesday 01:30 reminds of Tuesday.
    @Test func aReminderBeforeTheDayBoundaryIsForThePreviousDate() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let user = try server.app.store.findOrCreateUser(email: "a@b.co", now: server.clock.now)
            _ = try server.app.store.setDayStartsAt(DayBoundary("03:00")!, userID: user.id)
            let id = try server.createHabit(token: token)
            _ = try server.request(
                "POST", "/api/me/habits/\(id)/reminders/", body: #"{"time": "01:30"}"#,
                token: token)
            _ = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": 10}"#,
                token: token)
            server.clock.set(monday("01:30", plusDays: 1))
            #expect(try server.app.reminders.tick().claimed == 0)
            server.clock.set(monday("01:30", plusDays: 2))
            #expect(try server.app.reminders.tick().claimed == 1)
            let mails = try reminderMails(server)
            #expect(mails.count == 1)
            #expect(
                mails.first?.contains("Read is not done yet today (2026-12-01, 01:30 UTC)") == true,
                "\(mails)")
        }
    }

    @Test func aDoneOrSkippedDayIsNotReminded() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            _ = try server.request(
                "POST", "/api/me/habits/\(id)/reminders/", body: #"{"time": "20:00"}"#,
                token: token)
            _ = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": 10}"#,
                token: token)
            _ = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-12-01/", body: #"{"skipped": true}"#,
                token: token)
            for day in 0..<2 {
                server.clock.set(monday("20:01", plusDays: day))
                #expect(try server.app.reminders.tick().claimed == 0)
            }
            // Partly done still reminds.
            _ = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-12-02/", body: #"{"value": 3}"#,
                token: token)
            server.clock.set(monday("20:01", plusDays: 2))
            #expect(try server.app.reminders.tick().claimed == 1)
            #expect(try reminderMails(server).count == 1)
        }
    }

    @Test func aRestDayIsNotReminded() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            // Weekends only; 2026-11-30 is a Monday.
            let id = try server.createHabit(token: token, actionDays: "[6,7]")
            _ = try server.request(
                "POST", "/api/me/habits/\(id)/reminders/", body: #"{"time": "20:00"}"#,
                token: token)
            server.clock.set(monday("20:01"))
            #expect(try server.app.reminders.tick().claimed == 0)
            server.clock.set(monday("20:01", plusDays: 5))
            #expect(try server.app.reminders.tick().claimed == 1)
        }
    }

    /// A server down at the time sends within the grace period, and drops
    /// older occurrences instead of sending them in a burst.
    @Test func graceAfterDowntime() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            for time in ["19:00", "20:00"] {
                _ = try server.request(
                    "POST", "/api/me/habits/\(id)/reminders/", body: #"{"time": "\#(time)"}"#,
                    token: token)
            }
            // Back at 20:29: 19:00 is 89 minutes old (dropped), 20:00 is 29 (sent).
            server.clock.set(monday("20:29"))
            let report = try server.app.reminders.tick()
            #expect(report.claimed == 1)
            let mails = try reminderMails(server)
            #expect(mails.count == 1 && mails.first?.contains("20:00 UTC") == true)
            // Back at 20:31 the next day: both are too old.
            server.clock.set(monday("20:31", plusDays: 1))
            #expect(try server.app.reminders.tick().claimed == 0)
            #expect(try reminderMails(server).count == 1)
        }
    }

    /// A receiver that fails twice and then succeeds: retried with growing,
    /// jittered delays, the last error visible until the success, signed.
    @Test func webhookRetriesWithBackoffUntilDelivered() throws {
        let server = try privateTargets()
        defer { server.stop() }
        let receiver = try LocalReceiver(statuses: [503, 500, 204])
        defer { receiver.stop() }
        let token = try server.signIn("a@b.co").access
        let id = try server.createHabit(token: token)
        let created = try server.request(
            "POST", "/api/me/webhooks/",
            body: #"{"url": "\#(receiver.url())", "events": ["entry.changed"]}"#, token: token)
        #expect(created.status == 201)
        let hook = try created.object()
        let hookID = try #require(hook["id"] as? Int)
        let secret = try #require(hook["secret"] as? String)
        #expect(secret.hasPrefix("whsec_"))
        // The secret is shown once.
        let listed = try server.request("GET", "/api/me/webhooks/", token: token).list()
        #expect(listed.first?["secret"] == nil)

        _ = try server.request(
            "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": 2}"#,
            token: token)
        var attempts: [(at: Date, next: Date?)] = []
        for _ in 0..<3 {
            let report = try server.app.reminders.tick()
            #expect(report.delivered + report.retried == 1)
            let deliveries = try server.request(
                "GET", "/api/me/webhooks/\(hookID)/deliveries/", token: token
            ).list()
            let delivery = try #require(deliveries.first)
            attempts.append(
                (
                    server.clock.now,
                    (delivery["next_attempt_at"] as? String).flatMap(RFC3339.date(from:))
                ))
            // The listing shows whole seconds; the attempt is due within the next.
            if let next = attempts.last?.next { server.clock.set(next.addingTimeInterval(1)) }
        }
        #expect(receiver.requests.count == 3)
        // Delays: 15–30 s after the first failure, 30–60 s after the second
        // (a second either way for the listing's whole seconds).
        let first = try #require(attempts[0].next).timeIntervalSince(attempts[0].at)
        let second = try #require(attempts[1].next).timeIntervalSince(attempts[1].at)
        #expect((14...31).contains(first))
        #expect((29...61).contains(second))
        let deliveries = try server.request(
            "GET", "/api/me/webhooks/\(hookID)/deliveries/", token: token
        ).list()
        #expect(deliveries.first?["state"] as? String == "delivered")
        #expect(deliveries.first?["attempts"] as? Int == 3)
        let after = try server.request("GET", "/api/me/webhooks/", token: token).list()
        #expect(after.first?["last_error"] is NSNull)

        // Every attempt carries the same event, signed over its time and body.
        let eventIDs = Set(receiver.requests.compactMap { $0.headers["Habits-Event-Id"] })
        #expect(eventIDs.count == 1)
        for request in receiver.requests {
            let header = try #require(request.headers["Habits-Signature"])
            #expect(
                WebhookSignature.verify(
                    header: header, secret: secret, body: request.body, now: server.clock.now,
                    tolerance: 3600))
            let event = try #require(
                try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            #expect(event["type"] as? String == "entry.changed")
            #expect(event["id"] as? String == eventIDs.first)
            let data = try #require(event["data"] as? [String: Any])
            #expect(data["habit_id"] as? Int == id && data["date"] as? String == "2026-11-30")
        }
    }

    /// A webhook asking for `reminder.due` receives the event built when it
    /// is sent from what the claim stored: compact JSON, signed.
    @Test func aReminderWebhookGetsTheDueEvent() throws {
        let server = try privateTargets()
        defer { server.stop() }
        let receiver = try LocalReceiver(statuses: [204])
        defer { receiver.stop() }
        let token = try server.signIn("a@b.co").access
        let id = try server.createHabit(token: token)
        let created = try server.request(
            "POST", "/api/me/webhooks/",
            body: #"{"url": "\#(receiver.url())", "events": ["reminder.due"]}"#, token: token)
        let secret = try #require(try created.object()["secret"] as? String)
        _ = try server.request(
            "POST", "/api/me/habits/\(id)/reminders/", body: #"{"time": "20:00"}"#, token: token)
        server.clock.set(monday("20:00"))
        let report = try server.app.reminders.tick()
        // The mail channel the first reminder brought, and the webhook.
        #expect(report.claimed == 1 && report.delivered == 2)
        let request = try #require(receiver.requests.first)
        #expect(request.headers["Habits-Event"] == "reminder.due")
        let instant = Int(monday("20:00").timeIntervalSince1970)
        #expect(request.headers["Habits-Event-Id"] == "evt_rem_\(id)_\(instant)")
        #expect(
            WebhookSignature.verify(
                header: try #require(request.headers["Habits-Signature"]), secret: secret,
                body: request.body, now: server.clock.now, tolerance: 60))
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == #"{"created":"2026-11-30T20:00:00Z","data":{"date":"2026-11-30","habit_id":"#
                + "\(id)"
                + #","habit_name":"Read","time":"20:00","time_zone":"UTC"},"id":"evt_rem_"#
                + "\(id)_\(instant)"
                + #"","type":"reminder.due"}"#)
    }

    @Test func aFailingEndpointShowsItsLastError() throws {
        let server = try privateTargets()
        defer { server.stop() }
        let receiver = try LocalReceiver(statuses: [500])
        defer { receiver.stop() }
        let token = try server.signIn("a@b.co").access
        _ = try server.request(
            "POST", "/api/me/webhooks/", body: #"{"url": "\#(receiver.url())"}"#, token: token)
        _ = try server.createHabit(token: token)
        #expect(try server.app.reminders.tick().retried == 1)
        let hooks = try server.request("GET", "/api/me/webhooks/", token: token).list()
        #expect(hooks.first?["last_error"] as? String == "The target answered HTTP 500.")
        #expect(hooks.first?["events"] as? [String] == WebhookEndpointEvents.all)
    }

    @Test func ntfyChannelsGetTitleTagsAndClick() throws {
        let server = try privateTargets()
        defer { server.stop() }
        let receiver = try LocalReceiver(statuses: [200])
        defer { receiver.stop() }
        let token = try server.signIn("a@b.co").access
        let id = try server.createHabit(token: token, name: "Läsa")
        let channel = try server.request(
            "POST", "/api/me/channels/",
            body: #"{"kind": "ntfy", "url": "\#(receiver.url("/habits-topic"))"}"#, token: token)
        #expect(channel.status == 201)
        let channelID = try #require(try channel.object()["id"] as? Int)
        _ = try server.request(
            "POST", "/api/me/habits/\(id)/reminders/",
            body: #"{"time": "20:00", "channel_id": \#(channelID)}"#, token: token)
        server.clock.set(monday("20:00"))
        #expect(try server.app.reminders.tick().delivered == 1)
        let request = try #require(receiver.requests.first)
        #expect(request.path == "/habits-topic")
        #expect(request.headers["Tags"] == "alarm_clock")
        // The server listens on port 0: the link names the port it was given.
        #expect(request.headers["Click"] == "http://127.0.0.1:\(server.port)/")
        #expect(request.headers["Title"]?.hasPrefix("=?UTF-8?B?") == true)
        #expect(String(decoding: request.body, as: UTF8.self).hasPrefix("Läsa is not done yet"))
        // Only the chosen channel: no mail went out.
        #expect(try reminderMails(server).isEmpty)
    }

    @Test func ntfyClickLinksToThePublicURLWhenSet() throws {
        let server = try APITestServer {
            $0.reminders.allowPrivateTargets = true
            $0.reminders.publicURL = "https://habits.example.org/"
        }
        defer { server.stop() }
        let receiver = try LocalReceiver(statuses: [200])
        defer { receiver.stop() }
        let token = try server.signIn("a@b.co").access
        let id = try server.createHabit(token: token)
        let channel = try server.request(
            "POST", "/api/me/channels/",
            body: #"{"kind": "ntfy", "url": "\#(receiver.url("/topic"))"}"#, token: token)
        let channelID = try #require(try channel.object()["id"] as? Int)
        _ = try server.request(
            "POST", "/api/me/habits/\(id)/reminders/",
            body: #"{"time": "20:00", "channel_id": \#(channelID)}"#, token: token)
        server.clock.set(monday("20:00"))
        #expect(try server.app.reminders.tick().delivered == 1)
        #expect(receiver.requests.first?.headers["Click"] == "https://habits.example.org/")
    }

    @Test func privateAndNonHTTPSTargetsAreRefused() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            for url in [
                "http://127.0.0.1:9/hook", "https://127.0.0.1/hook", "https://localhost/hook",
                "https://10.0.0.1/", "https://169.254.169.254/latest", "https://[::1]/",
                "https://[::ffff:127.0.0.1]/", "ftp://example.com/", "https://100.64.0.1/",
            ] {
                let hook = try server.request(
                    "POST", "/api/me/webhooks/", body: #"{"url": "\#(url)"}"#, token: token)
                #expect(hook.status == 400, "\(url)")
                #expect(hook.fields["url"]?.isEmpty == false, "\(url)")
                let channel = try server.request(
                    "POST", "/api/me/channels/", body: #"{"kind": "ntfy", "url": "\#(url)"}"#,
                    token: token)
                #expect(channel.status == 400, "\(url)")
            }
            #expect(try server.request("GET", "/api/me/webhooks/", token: token).list().isEmpty)
        }
    }

    /// A target allowed when registered is checked again at send time.
    @Test func theAddressIsCheckedAgainWhenSending() throws {
        let poster = SocketPoster(policy: TargetPolicy(allowPrivate: false))
        let result = poster.post(url: "https://localhost:9/", headers: [], body: Data())
        guard case .failure(let failure) = result else {
            Issue.record("posted to loopback")
            return
        }
        #expect(failure.description.contains("loopback"))
    }

    @Test func limitsAndBadInputAreRefusedClearly() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/reminders/"
            for minute in 0..<10 {
                let added = try server.request(
                    "POST", path, body: #"{"time": "07:0\#(minute)"}"#, token: token)
                #expect(added.status == 201)
            }
            let again = try server.request("POST", path, body: #"{"time": "07:00"}"#, token: token)
            #expect(again.status == 200)
            let over = try server.request("POST", path, body: #"{"time": "08:00"}"#, token: token)
            #expect(over.status == 409 && over.code == "limit_reached")
            for body in [
                #"{"time": "25:00"}"#, #"{}"#, #"{"time": 2000}"#,
                #"{"time": "20:00", "channel_id": -1}"#,
            ] {
                let bad = try server.request("POST", path, body: body, token: token)
                #expect(bad.status == 400, "\(body)")
            }
            let unknown = try server.request(
                "POST", path, body: #"{"time": "20:00", "webhook_id": 999}"#, token: token)
            #expect(unknown.status == 400 && unknown.fields["webhook_id"] != nil)
            let other = try server.signIn("c@d.co").access
            #expect(try server.request("GET", path, token: other).status == 404)
            let list = try server.request("GET", path, token: token).list()
            #expect(list.count == 10)
            let first = try #require(list.first?["id"] as? Int)
            #expect(try server.request("DELETE", "\(path)\(first)/", token: other).status == 404)
            #expect(try server.request("DELETE", "\(path)\(first)/", token: token).status == 204)
            #expect(try server.request("GET", "/api/me/reminders/", token: token).list().count == 9)
        }
    }
}

/// The events an endpoint gets when it names none.
enum WebhookEndpointEvents {
    static let all = ["entry.changed", "habit.changed", "reminder.due"]
}
