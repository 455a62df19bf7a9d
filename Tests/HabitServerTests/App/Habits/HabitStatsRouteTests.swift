import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `GET me/habits/{id}/` answers the habit's stats as of `today`, worked out
/// from the store's checkpoints and kept true as the history changes.
@Suite struct HabitStatsRouteTests {
    /// Read 1 page a day from 2026-11-01: done the 1st–5th and 7th–9th,
    /// nothing on the 6th; today is the 10th, nothing yet (pending). So
    /// current streak 3, longest 5, 8 done, 1 failed; strength from 0 with
    /// m = 0.5^(1/13): five dones give 1 − m⁵, the miss multiplies by m, three
    /// dones give s·m³ + 1 − m³.
    @Test func statsAsOfTodayByHand() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try Self.seed(server, token: token)
            let shown = try server.request(
                "GET", "/api/me/habits/\(id)/?today=2026-11-10", token: token)
            #expect(shown.status == 200)
            let object = try shown.object()
            #expect(object["name"] as? String == "Read")
            let stats = try #require(object["stats"] as? [String: Any])
            #expect(stats["as_of"] as? String == "2026-11-10")
            #expect(stats["current_streak"] as? Int == 3)
            #expect(stats["longest_streak"] as? Int == 5)
            #expect(stats["success_count"] as? Int == 8)
            #expect(stats["failed_count"] as? Int == 1)
            #expect(stats["skipped_count"] as? Int == 0)
            let m = pow(0.5, 1.0 / 13)
            let strength = (1 - pow(m, 5)) * m * pow(m, 3) + 1 - pow(m, 3)
            #expect(abs(try #require(stats["strength"] as? Double) - strength) < 1e-12)
        }
    }

    /// A write into the past changes the next answer (the checkpoint made by
    /// the first is invalidated); without `today` the account's date (in UTC,
    /// as it sets no zone) is used; a bad `today` is a 400 naming it.
    @Test func writesChangeTheStatsAndTodayDefaultsToTheServersDate() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try Self.seed(server, token: token)
            let path = "/api/me/habits/\(id)/?today=2026-11-10"
            let before = try #require(
                try server.request("GET", path, token: token).object()["stats"] as? [String: Any])
            #expect(before["current_streak"] as? Int == 3)
            let filled = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-06/", body: #"{"value": 1}"#,
                token: token)
            #expect(filled.status == 200)
            let after = try #require(
                try server.request("GET", path, token: token).object()["stats"] as? [String: Any])
            #expect(after["current_streak"] as? Int == 9)
            #expect(after["longest_streak"] as? Int == 9)
            #expect(after["failed_count"] as? Int == 0)

            // The test clock is at 2026-11-30T12:00Z: the 10th to the 29th
            // are missed, today pending.
            let plain = try server.request("GET", "/api/me/habits/\(id)/", token: token)
            let stats = try #require(try plain.object()["stats"] as? [String: Any])
            #expect(stats["as_of"] as? String == "2026-11-30")
            #expect(stats["current_streak"] as? Int == 0)
            #expect(stats["failed_count"] as? Int == 20)

            let bad = try server.request(
                "GET", "/api/me/habits/\(id)/?today=2026-13-01", token: token)
            #expect(bad.status == 400)
            let fields = try #require(try bad.object()["fields"] as? [String: Any])
            #expect(Set(fields.keys) == ["today"])
            let missing = try server.request(
                "GET", "/api/me/habits/999/?today=2026-11-10", token: token)
            #expect(missing.status == 404)
        }
    }

    /// A weekly habit's stats count ISO weeks: Mon/Wed/Fri, 3 km a week from
    /// Monday 2026-11-02; week 1 done (3), week 2 short (1: failed), week 3
    /// done; today Wednesday 2026-11-25 with nothing yet (pending).
    @Test func weeklyStatsCountWeeks() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let created = try server.request(
                "POST", "/api/me/habits/",
                body: server.habitBody(
                    frequency: "WEEKLY", startDate: "2026-11-02", actionDays: "[1,3,5]",
                    target: "3"),
                token: token)
            let id = try #require(try created.object()["id"] as? Int)
            for (day, value) in [("02", "3"), ("11", "1"), ("16", "2"), ("20", "1")] {
                let put = try server.request(
                    "PUT", "/api/me/habits/\(id)/progress/2026-11-\(day)/",
                    body: #"{"value": \#(value)}"#, token: token)
                try #require(put.status == 200)
            }
            let shown = try server.request(
                "GET", "/api/me/habits/\(id)/?today=2026-11-25", token: token)
            let stats = try #require(try shown.object()["stats"] as? [String: Any])
            #expect(stats["current_streak"] as? Int == 1)
            #expect(stats["longest_streak"] as? Int == 1)
            #expect(stats["success_count"] as? Int == 2)
            #expect(stats["failed_count"] as? Int == 1)
        }
    }

    /// The daily habit of `statsAsOfTodayByHand`; its id.
    static func seed(_ server: APITestServer, token: String) throws -> Int {
        let created = try server.request(
            "POST", "/api/me/habits/", body: server.habitBody(target: "1"), token: token)
        let id = try #require(try created.object()["id"] as? Int)
        for day in [1, 2, 3, 4, 5, 7, 8, 9] {
            let put = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-0\(day)/", body: #"{"value": 1}"#,
                token: token)
            try #require(put.status == 200)
        }
        return id
    }
}
