import Foundation
import HabitConcurrency
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// Receivers that accept and then stall (`StallingReceiver`) cost their own
/// deliveries one deadline and hold up no one else's. Every wait is for an
/// event with a bound; the deadline is shortened instead of waited out.
@Suite struct SlowReceiverTests {
    /// The poster gives up at its deadline, however the receiver stalls:
    /// the whole exchange has one, not each read.
    @Test func aPostEndsAtItsDeadline() throws {
        for behaviour in [StallingReceiver.Behaviour.hang, .drip(milliseconds: 100)] {
            let receiver = try StallingReceiver(behaviour)
            defer { receiver.stop() }
            let poster = SocketPoster(policy: TargetPolicy(allowPrivate: true), deadline: 1)
            let result = poster.post(url: receiver.url(), headers: [], body: Data("{}".utf8))
            #expect(
                result
                    == .failure(PostFailure("127.0.0.1 did not answer with HTTP in time (1 s).")),
                "\(behaviour)")
            #expect(receiver.requests == 1)
        }
    }

    #if os(Linux)
        /// A receiver that accepts and never starts TLS holds the handshake
        /// no longer than the deadline.
        @Test func aTLSHandshakeEndsAtItsDeadline() throws {
            let receiver = try StallingReceiver(.hang)
            defer { receiver.stop() }
            let poster = SocketPoster(policy: TargetPolicy(allowPrivate: true), deadline: 1)
            let result = poster.post(
                url: "https://127.0.0.1:\(receiver.port)/hook", headers: [], body: Data())
            #expect(
                result == .failure(PostFailure("127.0.0.1 did not answer with HTTP in time (1 s)."))
            )
        }
    #endif

    /// Three users' events in one run: a dripping receiver and a hanging
    /// one claimed first, a healthy one after them. The healthy one has its
    /// event while the others are still held.
    @Test func aSlowReceiverHoldsUpNoOtherUsersDelivery() throws {
        let server = try APITestServer {
            $0.reminders.allowPrivateTargets = true
            $0.reminders.deliveryDeadline = 5
        }
        defer { server.stop() }
        let drip = try StallingReceiver(.drip(milliseconds: 500))
        defer { drip.stop() }
        let hang = try StallingReceiver(.hang)
        defer { hang.stop() }
        let healthy = try LocalReceiver(statuses: [204])
        defer { healthy.stop() }
        var tokens: [String] = []
        for (email, url) in [
            ("drip@b.co", drip.url()), ("hang@b.co", hang.url()), ("fine@b.co", healthy.url()),
        ] {
            let token = try server.signIn(email).access
            let hook = try server.request(
                "POST", "/api/me/webhooks/",
                body: #"{"url": "\#(url)", "events": ["habit.changed"]}"#, token: token)
            #expect(hook.status == 201)
            _ = try server.createHabit(token: token)
            tokens.append(token)
        }

        let app = server.app
        let report = Locked<ReminderRunner.Report?>(nil)
        let ticked = DispatchSemaphore(value: 0)
        Thread {
            report.withLock { $0 = try? app.reminders.tick() }
            ticked.signal()
        }.start()
        #expect(healthy.waitForRequest(seconds: 2))
        #expect(drip.waitForRequest(seconds: 10) && hang.waitForRequest(seconds: 10))
        #expect(ticked.wait(timeout: .now() + 30) == .success)

        let run = try #require(report.withLock { $0 })
        #expect(run.delivered == 1 && run.retried == 2 && run.failed == 0, "\(run)")
        for token in tokens.prefix(2) {
            let hooks = try server.request("GET", "/api/me/webhooks/", token: token).list()
            #expect(
                hooks.first?["last_error"] as? String
                    == "127.0.0.1 did not answer with HTTP in time (5 s).")
        }
    }

    /// A receiver that never answers gets two sends at a time; once one of
    /// them has run out of time its other deliveries of the run are not
    /// tried but go back to the retry schedule.
    @Test func aReceiverThatDoesNotAnswerIsTriedTwiceARun() throws {
        let server = try APITestServer {
            $0.reminders.allowPrivateTargets = true
            $0.reminders.deliveryDeadline = 1
        }
        defer { server.stop() }
        let hang = try StallingReceiver(.hang)
        defer { hang.stop() }
        let token = try server.signIn("hang@b.co").access
        let hook = try server.request(
            "POST", "/api/me/webhooks/",
            body: #"{"url": "\#(hang.url())", "events": ["habit.changed"]}"#, token: token)
        let hookID = try #require(try hook.object()["id"] as? Int)
        for name in ["Read", "Walk", "Write", "Cook"] {
            _ = try server.createHabit(token: token, name: name)
        }
        let run = try server.app.reminders.tick()
        #expect(run.retried == 4 && run.delivered == 0, "\(run)")
        #expect(hang.requests == 2)
        let deliveries = try server.request(
            "GET", "/api/me/webhooks/\(hookID)/deliveries/", token: token
        ).list()
        #expect(deliveries.count == 4)
        let skipped = deliveries.filter {
            ($0["last_error"] as? String)?.hasPrefix("Not sent: 127.0.0.1") == true
        }
        #expect(skipped.count == 2)
        // Every one waits for its retry like any failure: 15–30 s.
        for delivery in deliveries {
            let next = try #require(
                (delivery["next_attempt_at"] as? String).flatMap(RFC3339.date(from:)))
            #expect((14...31).contains(next.timeIntervalSince(server.clock.now)))
        }
    }
}
