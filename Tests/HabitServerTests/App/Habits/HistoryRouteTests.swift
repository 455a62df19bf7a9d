import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// `GET me/habits/{id}/history/` answers HabitCore's `HistoryReport` of the
/// habit's stored entries, with the query's defaults and refusals, on
/// SQLite and PostgreSQL.
@Suite struct HistoryRouteTests {
    enum Store: CaseIterable { case sqlite, postgreSQL }

    /// Runs `body` with a signed-in server on `store` and its token.
    private func withServer(
        _ store: Store, _ body: (APITestServer, String) throws -> Void
    ) throws {
        let temporary = try TemporaryDirectory()
        let path: String
        switch store {
        case .sqlite: path = temporary.appending("habits.sqlite3")
        case .postgreSQL:
            path = try PostgresTestServer.sharedOrCancel().newDatabase(prefix: "history_")
        }
        let server = try APITestServer(databasePath: path)
        defer { server.stop() }
        try body(server, try server.signIn("history@example.com").access)
    }

    /// A habit with entries on most days from `start` to 2026-11-29 (the
    /// test clock is at 2026-11-30): done, short, skipped or nothing, in a
    /// pattern that makes failures, skips and runs of every length; its id.
    static func seed(
        _ server: APITestServer, token: String, name: String, frequency: String,
        actionDays: String, target: String, start: String = "2026-08-03"
    ) throws -> Int {
        let id = try server.createHabit(
            token: token, name: name, frequency: frequency, startDate: start,
            actionDays: actionDays, target: target)
        var entries: [String] = []
        let first = try #require(LocalDate(start))
        for offset in 0..<first.days(to: try #require(LocalDate("2026-11-29"))) + 1 {
            let date = first.adding(days: offset)
            switch offset % 11 {
            case 3: continue
            case 5: entries.append(#"{"date": "\#(date)", "skipped": true}"#)
            case 7: entries.append(#"{"date": "\#(date)", "value": 0.5}"#)
            default: entries.append(#"{"date": "\#(date)", "value": \#(offset % 4 == 0 ? 3 : 2)}"#)
            }
        }
        let put = try server.request(
            "PUT", "/api/me/habits/\(id)/progress/",
            body: #"{"entries": [\#(entries.joined(separator: ", "))]}"#, token: token)
        try #require(put.status == 200, "\(put)")
        return id
    }

    /// The report HabitCore works out from the habit and entries the API
    /// answers, encoded as `JSONEncoder` encodes every other answer.
    static func expected(
        _ server: APITestServer, token: String, id: Int, from: String, to: String,
        today: String
    ) throws -> (report: HistoryReport, json: Data) {
        let decoder = JSONDecoder()
        let habit = try decoder.decode(
            Habit.self, from: try server.request("GET", "/api/me/habits/\(id)/", token: token).body)
        let through = max(try #require(LocalDate(to)), try #require(LocalDate(today)))
        let listed = try server.request(
            "GET", "/api/me/habits/\(id)/progress/?from=\(habit.startDate)&to=\(through)",
            token: token)
        let entries = try decoder.decode(Entries.self, from: listed.body).data
        let report = HistoryReport(
            history: HabitHistory(habit: habit, entries: entries),
            from: try #require(LocalDate(from)), to: try #require(LocalDate(to)),
            today: try #require(LocalDate(today)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (report, try encoder.encode(report))
    }

    private struct Entries: Decodable {
        var data: [ProgressEntry]
    }

    /// A daily habit (Monday to Saturday, so Sundays rest) and a weekly one,
    /// over ranges inside the history, reaching before the start and past
    /// today: the answer is the core's report, byte for byte.
    @Test(arguments: Store.allCases)
    func answersTheCoresReportOfTheStoredEntries(_ store: Store) throws {
        try withServer(store) { server, token in
            let daily = try Self.seed(
                server, token: token, name: "Read", frequency: "DAILY",
                actionDays: "[1,2,3,4,5,6]", target: "2")
            let weekly = try Self.seed(
                server, token: token, name: "Run", frequency: "WEEKLY",
                actionDays: "[1,3,5]", target: "7")
            let ranges = [
                ("2026-08-03", "2026-11-30", "2026-11-30"),
                ("2026-09-14", "2026-10-20", "2026-11-30"),
                ("2026-07-01", "2026-12-20", "2026-11-25"),
                ("2026-10-01", "2026-10-31", "2026-10-15"),
            ]
            for id in [daily, weekly] {
                for (from, to, today) in ranges {
                    let answer = try server.request(
                        "GET", "/api/me/habits/\(id)/history/?from=\(from)&to=\(to)&today=\(today)",
                        token: token)
                    #expect(answer.status == 200, "\(answer)")
                    #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
                    #expect(answer.headers["cache-control"] == "no-store")
                    let expected = try Self.expected(
                        server, token: token, id: id, from: from, to: to, today: today)
                    #expect(answer.text == String(decoding: expected.json, as: UTF8.self))
                    let decoded = try JSONDecoder().decode(HistoryReport.self, from: answer.body)
                    #expect(decoded == expected.report)
                    // Not an empty report that happens to agree.
                    #expect(!decoded.periods.isEmpty)
                    #expect(decoded.weekdays.count == 7)
                }
            }
            // The daily habit's runs: done, then broken by the short day.
            let full = try server.request(
                "GET", "/api/me/habits/\(daily)/history/?from=2026-08-03&today=2026-11-30",
                token: token
            ).object()
            let streaks = try #require(full["streaks"] as? [[String: Any]])
            #expect(streaks.count > 5)
        }
    }

    /// Without `today` the account's date (2026-11-30, the test clock, in
    /// UTC); `to` is `today`; `from` the later of the start and a year
    /// before `to`, but never after `to`.
    @Test func defaults() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let recent = try server.createHabit(token: token, startDate: "2026-11-01")
            let old = try server.createHabit(token: token, name: "Old", startDate: "2020-01-01")
            func range(_ id: Int, _ query: String) throws -> [String?] {
                let answer = try server.request(
                    "GET", "/api/me/habits/\(id)/history/\(query)", token: token)
                #expect(answer.status == 200, "\(answer)")
                let object = try answer.object()
                return ["from", "to", "today"].map { object[$0] as? String }
            }
            #expect(try range(recent, "") == ["2026-11-01", "2026-11-30", "2026-11-30"])
            #expect(try range(old, "") == ["2025-12-01", "2026-11-30", "2026-11-30"])
            #expect(
                try range(old, "?today=2026-06-15") == ["2025-06-16", "2026-06-15", "2026-06-15"])
            #expect(
                try range(old, "?to=2026-01-31&today=2026-11-01")
                    == ["2025-02-01", "2026-01-31", "2026-11-01"])
            #expect(
                try range(old, "?from=2020-01-01") == ["2020-01-01", "2026-11-30", "2026-11-30"])
            // A range ending before the start is the one day `to`: nothing in it.
            #expect(
                try range(recent, "?to=2026-10-01") == ["2026-10-01", "2026-10-01", "2026-11-30"])
            let before = try server.request(
                "GET", "/api/me/habits/\(recent)/history/?to=2026-10-01", token: token
            ).object()
            #expect((before["periods"] as? [Any])?.isEmpty == true)
            #expect((before["streaks"] as? [Any])?.isEmpty == true)

            // The account's zone moves its date: Pacific/Kiritimati is UTC+14,
            // already 2026-12-01 at 12:00 UTC.
            let zoned = try server.request(
                "PATCH", "/api/me/", body: #"{"time_zone": "Pacific/Kiritimati"}"#, token: token)
            try #require(zoned.status == 200, "\(zoned)")
            #expect(try range(recent, "") == ["2026-11-01", "2026-12-01", "2026-12-01"])
        }
    }

    /// Each date that is not `YYYY-MM-DD` is a 400 naming it (all of them
    /// together); `from` after `to`, or more than 36,600 days before it,
    /// names `to`, or `from` when `to` is left out.
    @Test(
        arguments: [
            ("?from=2026-02-30", ["from"]),
            ("?to=26-11-01", ["to"]),
            ("?today=yesterday", ["today"]),
            ("?from=2026-11-1&to=x&today=2026-11-30", ["from", "to"]),
            ("?from=2026-11-10&to=2026-11-09", ["to"]),
            ("?from=2026-12-01", ["from"]),
            ("?from=2026-11-10&today=2026-11-09", ["from"]),
            ("?from=1926-01-01&to=2026-11-30", ["to"]),
            ("?from=1926-01-01", ["from"]),
        ] as [(String, [String])])
    func aBadQueryIs400NamingTheParameter(query: String, named: [String]) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let answer = try server.request(
                "GET", "/api/me/habits/\(id)/history/\(query)", token: token)
            #expect(answer.status == 400, "\(answer)")
            #expect(answer.code == "invalid")
            #expect(answer.fields.keys.sorted() == named, "\(answer)")
        }
    }

    /// The longest range allowed, 36,600 days, is answered, a day more is not.
    @Test func theLongestRangeIsAnswered() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let to = try #require(LocalDate("2026-11-30"))
            let path = "/api/me/habits/\(id)/history/?to=\(to)&from="
            let longest = try server.request(
                "GET", path + "\(to.adding(days: -36_600))", token: token)
            #expect(longest.status == 200, "\(longest)")
            #expect(try longest.object()["from"] as? String == "\(to.adding(days: -36_600))")
            let longer = try server.request(
                "GET", path + "\(to.adding(days: -36_601))", token: token)
            #expect(longer.status == 400)
        }
    }

    /// Another user's habit is answered as an unknown one, 404; without a
    /// token, 401; a personal access token of `read` scope may read it.
    @Test func whoMayReadIt() throws {
        try withAPIServer { server in
            let owner = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: owner)
            let path = "/api/me/habits/\(id)/history/?today=2026-11-30"
            let other = try server.signIn("c@d.co").access
            let foreign = try server.request("GET", path, token: other)
            #expect(foreign.status == 404)
            #expect(foreign.code == "not_found")
            let unknown = try server.request(
                "GET", "/api/me/habits/\(id + 1000)/history/", token: owner)
            #expect(unknown.status == 404)
            #expect(unknown.text == foreign.text)
            #expect(try server.request("GET", path).status == 401)

            let read = try createAccessToken(server, session: owner, name: "r", scope: "read").text
            let answer = try server.request("GET", path, token: read)
            #expect(answer.status == 200, "\(answer)")
            #expect(answer.text == (try server.request("GET", path, token: owner)).text)
        }
    }
}
