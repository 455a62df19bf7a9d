import Foundation
import HabitCore
import HabitStorage
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// `POST /api/checkin/{token}/`, the check-in URL, and what the database
/// and the log hold of the tokens.
@Suite struct CheckInRouteTests {
    @Test func tapsAddUpOnTodayInTheAccountsZone() throws {
        try withAPIServer { server in
            let session = try server.signIn("tap@example.com").access
            let habit = try server.createHabit(token: session, target: "8")
            // 2026-11-30T12:00Z is already 2026-12-01 01:00 in Auckland (NZDT).
            _ = try server.request(
                "PATCH", "/api/me/", body: #"{"time_zone": "Pacific/Auckland"}"#, token: session)
            let token = try createAccessToken(
                server, session: session, name: "button", scope: "check-in", habit: habit)
            let url = "/api/checkin/\(token.text)/"
            for _ in 0..<3 {
                let tap = try server.request("POST", url, body: nil, contentType: nil)
                #expect(tap.status == 200, "\(tap)")
            }
            let more = try server.request("POST", url, body: #"{"amount": 2.5}"#)
            // The increment's answer: the entry, its version, and what it replaced.
            #expect(
                more.text
                    == #"{"date":"2026-12-01","replaced":{"date":"2026-12-01","skipped":false,"value":3,"version":"4"},"skipped":false,"value":5.5,"version":"5"}"#
            )
            // Without the trailing slash too.
            let bare = try server.request("POST", "/api/checkin/\(token.text)", body: "{}")
            #expect(bare.status == 200)
            let entries = try server.request(
                "GET", "/api/me/habits/\(habit)/progress/?from=2026-11-30&to=2026-12-01",
                token: session
            ).list()
            #expect(entries.count == 1)
            #expect(entries.first?["date"] as? String == "2026-12-01")
            #expect(entries.first?["value"] as? Double == 6.5)
        }
    }

    /// At 01:30 with days starting at 03:00 (rule 7), a tap counts for the
    /// previous date; at 03:00, for the calendar's.
    @Test func aTapBeforeTheDayBoundaryCountsForThePreviousDate() throws {
        try withAPIServer { server in
            let session = try server.signIn("late@example.com").access
            let user = try server.app.store.findOrCreateUser(
                email: "late@example.com", now: server.clock.now)
            _ = try server.app.store.setDayStartsAt(DayBoundary("03:00")!, userID: user.id)
            let habit = try server.createHabit(token: session, target: "8")
            let token = try createAccessToken(
                server, session: session, name: "button", scope: "check-in", habit: habit)
            server.clock.set(RFC3339.date(from: "2026-12-01T01:30:00Z")!)
            let night = try server.request("POST", "/api/checkin/\(token.text)/", body: "{}")
            #expect(night.status == 200, "\(night)")
            #expect(try night.object()["date"] as? String == "2026-11-30")
            server.clock.set(RFC3339.date(from: "2026-12-01T03:00:00Z")!)
            let morning = try server.request("POST", "/api/checkin/\(token.text)/", body: "{}")
            #expect(try morning.object()["date"] as? String == "2026-12-01")
        }
    }

    /// The calendar feed's today is the account's: at 01:30 with days
    /// starting at 03:00, Monday is still today (planned, not missed).
    @Test func theCalendarFeedsTodayHonoursTheDayBoundary() throws {
        try withAPIServer { server in
            let session = try server.signIn("feed@example.com").access
            let user = try server.app.store.findOrCreateUser(
                email: "feed@example.com", now: server.clock.now)
            _ = try server.createHabit(token: session)
            let read = try createAccessToken(server, session: session, name: "cal", scope: "read")
            func monday() throws -> String? {
                let feed = try server.request("GET", "/api/me/calendar.ics?token=\(read.text)")
                #expect(feed.status == 200, "\(feed)")
                let event = feed.text.components(separatedBy: "BEGIN:VEVENT").first {
                    $0.contains("DTSTART;VALUE=DATE:20261130")
                }
                return event?.components(separatedBy: "\r\n").first { $0.hasPrefix("SUMMARY:") }
            }
            server.clock.set(RFC3339.date(from: "2026-12-01T01:30:00Z")!)
            #expect(try monday() == "SUMMARY:Read: missed")
            _ = try server.app.store.setDayStartsAt(DayBoundary("03:00")!, userID: user.id)
            #expect(try monday() == "SUMMARY:Read: planned")
        }
    }

    @Test func aReplayWithTheSameKeyDoesNotCountTwice() throws {
        try withAPIServer { server in
            let session = try server.signIn("replay@example.com").access
            let habit = try server.createHabit(token: session)
            let token = try createAccessToken(
                server, session: session, name: "nfc", scope: "check-in", habit: habit)
            let url = "/api/checkin/\(token.text)/"
            let key = [("Idempotency-Key", #""tap-1""#)]
            let first = try server.request("POST", url, body: #"{"amount": 1}"#, headers: key)
            let second = try server.request("POST", url, body: #"{"amount": 1}"#, headers: key)
            #expect(first.status == 200)
            #expect(second.status == 200)
            #expect(second.text == first.text)
            #expect(second.headers["idempotent-replayed"] == "true")
            let other = try server.request("POST", url, body: #"{"amount": 3}"#, headers: key)
            #expect(other.status == 422)
            let third = try server.request(
                "POST", url, body: #"{"amount": 1}"#, headers: [("Idempotency-Key", #""tap-2""#)])
            #expect(
                third.text
                    == #"{"date":"2026-11-30","replaced":{"date":"2026-11-30","skipped":false,"value":1,"version":"2"},"skipped":false,"value":2,"version":"3"}"#
            )
        }
    }

    @Test func onlyAOneHabitCheckInTokenOpensTheURL() throws {
        try withAPIServer { server in
            let session = try server.signIn("which@example.com").access
            let habit = try server.createHabit(token: session)
            let read = try createAccessToken(server, session: session, name: "r", scope: "read")
            let anyHabit = try createAccessToken(
                server, session: session, name: "c", scope: "check-in")
            for token in [read.text, anyHabit.text] {
                let answer = try server.request("POST", "/api/checkin/\(token)/", body: "{}")
                #expect(answer.status == 403, "\(answer)")
                #expect(answer.code == "insufficient_scope")
            }
            for token in ["hpat_unknown", "not-a-token", session] {
                let answer = try server.request("POST", "/api/checkin/\(token)/", body: "{}")
                #expect(answer.status == 401, "\(answer)")
            }
            let bad = try createAccessToken(
                server, session: session, name: "b", scope: "check-in", habit: habit)
            let refused = try server.request(
                "POST", "/api/checkin/\(bad.text)/", body: #"{"amount": -1}"#)
            #expect(refused.status == 400)
            #expect(refused.fields["amount"]?.isEmpty == false)
            #expect(
                try server.request("GET", "/api/checkin/\(bad.text)/").status == 405)
        }
    }

    /// The database holds each token's SHA-256, never the token; neither do
    /// the idempotency records of the check-in URL, nor the log.
    @Test func theDatabaseAndTheLogHoldNoToken() throws {
        let directory = try TemporaryDirectory(prefix: "habits-token-storage")
        let path = directory.appending("habits.sqlite3")
        let server = try APITestServer(databasePath: path)
        defer { server.stop() }
        let session = try server.signIn("hash@example.com").access
        let habit = try server.createHabit(token: session)
        let checkIn = try createAccessToken(
            server, session: session, name: "button", scope: "check-in", habit: habit)
        let read = try createAccessToken(server, session: session, name: "cal", scope: "read")
        _ = try server.request(
            "POST", "/api/checkin/\(checkIn.text)/", body: "{}",
            headers: [("Idempotency-Key", #""k1""#)])
        _ = try server.request("GET", "/api/me/calendar.ics?token=\(read.text)")
        _ = try server.request("GET", "/api/me/habits/", token: read.text)
        _ = try server.request("GET", "/api/checkin/\(read.text)/extra/")

        var bytes = Data()
        for suffix in ["", "-wal"] {
            bytes.append((try? Data(contentsOf: URL(fileURLWithPath: path + suffix))) ?? Data())
        }
        for token in [checkIn.text, read.text] {
            #expect(bytes.range(of: Data(token.utf8)) == nil)
            // What is there is its hash.
            let hash = PersonalAccessToken.hash(token)
            #expect(bytes.range(of: Data(hash.utf8)) != nil)
            for line in server.logs.all {
                #expect(!line.contains(token), "\(line)")
            }
        }
        #expect(!server.logs.all.contains { $0.contains("hpat_") })
        #expect(server.logs.all.contains { $0.contains("/api/checkin/{token}/") })
        #expect(server.logs.all.contains { $0.contains("/api/me/calendar.ics?…") })
    }
}
