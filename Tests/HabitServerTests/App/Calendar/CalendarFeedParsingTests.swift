import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// The calendar feed read by a maintained iCalendar parser of others: the
/// PyPI `icalendar` library, run by `Tests/Calendar/parse_feed.py` from a
/// virtualenv under `.build`. Without it the tests are cancelled naming
/// the package; under CI (`CI=true`) they fail instead.
@Suite struct CalendarFeedParsingTests {
    /// The package's folder: the nearest one above this file holding
    /// Package.swift (counting folders broke when the file moved).
    static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(
            atPath: folder.appendingPathComponent("Package.swift").path), folder.path != "/"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()
    static let venv = root.appendingPathComponent(".build/icalendar-venv")
    static let script = root.appendingPathComponent("Tests/Calendar/parse_feed.py")

    /// The virtualenv's python with `icalendar` importable, else cancels
    /// (or fails under CI) naming the package and the two commands.
    static func python() async throws -> URL {
        let python = venv.appendingPathComponent("bin/python3")
        if FileManager.default.isExecutableFile(atPath: python.path),
            (try? await Subprocess.run(python, ["-c", "import icalendar"]).status) == 0
        {
            return python
        }
        let reason =
            "the PyPI package icalendar is not installed in .build/icalendar-venv "
            + "(python3 -m venv .build/icalendar-venv && "
            + ".build/icalendar-venv/bin/pip install icalendar)"
        if RequiredTool.isRequired {
            Issue.record("\(reason); .ci/run installs it.")
            throw APITestFailure(reason)
        }
        try Test.cancel("Not run: \(reason).")
    }

    struct Parsed: Decodable {
        struct Event: Decodable {
            var uid: String
            var start: String
            var end: String
            var start_is_date: Bool
            var summary: String
        }
        var events: [Event]
        var long_lines: Int
        var bare_newlines: Int
    }

    /// What the library reads of `feed`.
    static func parse(_ feed: Data) async throws -> Parsed {
        let python = try await python()
        let directory = try TemporaryDirectory(prefix: "habits-calendar")
        let file = directory.appending("feed.ics")
        try feed.write(to: URL(fileURLWithPath: file))
        let result = try await Subprocess.run(python, [script.path, file])
        try #require(result.status == 0, "parse_feed.py: \(result.error)")
        return try JSONDecoder().decode(Parsed.self, from: Data(result.output.utf8))
    }

    /// A Berlin account's feed around a change of clocks: the days are
    /// whole dates, one event per planned day with no day lost or doubled
    /// at the change, "today" is Berlin's date (not UTC's), and the UIDs
    /// are stable from one fetch to the next.
    @Test(arguments: [
        // 2026-04-10T22:30Z is already 2026-04-11 in Berlin (CEST); the range reaches back past 29 March.
        ("2026-04-10T22:30:00Z", "2026-04-11", "2026-03-29"),
        // 2026-10-25T23:30Z is 2026-10-26 in Berlin (CET, since 01:00Z that day).
        ("2026-10-25T23:30:00Z", "2026-10-26", "2026-10-25"),
    ])
    func aBerlinFeedAcrossAChangeOfClocks(
        _ instant: String, _ berlinToday: String, _ change: String
    )
        async throws
    {
        let start = try #require(RFC3339.date(from: instant))
        let server = try APITestServer(start: start)
        defer { server.stop() }
        let session = try server.signIn("calendar@example.com").access
        _ = try server.request(
            "PATCH", "/api/me/", body: #"{"time_zone": "Europe/Berlin"}"#, token: session)
        let name = #"Read, write; think \ rest"#
        let habit = try server.createHabit(
            token: session, name: #"Read, write; think \\ rest"#, startDate: "2026-01-01")
        let yesterday = LocalDate(berlinToday)!.adding(days: -1).description
        _ = try server.request(
            "PUT", "/api/me/habits/\(habit)/progress/\(yesterday)/", body: #"{"value": 10}"#,
            token: session)
        let token = try createAccessToken(server, session: session, name: "cal", scope: "read")
        let url = "/api/me/calendar.ics?token=\(token.text)"

        let answer = try server.request("GET", url)
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "text/calendar; charset=utf-8")
        let parsed = try await Self.parse(answer.body)
        #expect(parsed.long_lines == 0)
        #expect(parsed.bare_newlines == 0)

        let today = try #require(LocalDate(berlinToday))
        let range = CalendarFeed.range(today: today)
        // A daily habit on every day: one event per day of the range, in order.
        #expect(parsed.events.count == range.lowerBound.days(to: range.upperBound) + 1)
        var expected = range.lowerBound
        for event in parsed.events {
            #expect(event.start_is_date)
            #expect(event.start == expected.description)
            #expect(event.end == expected.adding(days: 1).description)
            #expect(event.uid == "habit-\(habit)-\(ICalendarWriter.date(expected))@127.0.0.1")
            #expect(event.summary.hasPrefix(name + ": "), "\(event.summary)")
            expected = expected.adding(days: 1)
        }
        let byDate = Dictionary(uniqueKeysWithValues: parsed.events.map { ($0.start, $0.summary) })
        #expect(byDate[change] != nil)
        #expect(byDate[berlinToday] == name + ": planned")
        #expect(byDate[yesterday] == name + ": done ✓")
        #expect(byDate[today.adding(days: -2).description] == name + ": missed")

        // Fetched again later the same day: the same UIDs.
        server.clock.advance(by: 600)
        let again = try await Self.parse(try server.request("GET", url).body)
        #expect(again.events.map(\.uid) == parsed.events.map(\.uid))
    }

    /// Names with commas, semicolons, backslashes and line breaks (which
    /// no habit name holds today, but other servers' data may) come back
    /// as they were.
    @Test func escapedTextReadsBackAsItWas() async throws {
        let names = [
            "Read, write", "a;b;c", #"back\slash"#, "two\nlines", "crlf\r\nend",
            String(repeating: "Läufe ✓ ", count: 20),
        ]
        let events = names.enumerated().map { index, name in
            ICalendarEvent(
                uid: "habit-\(index)-20260329@example.com",
                date: LocalDate("2026-03-29")!.adding(days: index), summary: name)
        }
        let document = ICalendarWriter.document(
            events: events, name: "Habits; mine, all", stamp: Date(timeIntervalSince1970: 0))
        let parsed = try await Self.parse(Data(document.utf8))
        #expect(parsed.long_lines == 0)
        #expect(
            parsed.events.map(\.summary)
                == names.map { $0.replacingOccurrences(of: "\r\n", with: "\n") })
        #expect(
            parsed.events.map(\.start)
                == (0..<names.count).map {
                    LocalDate("2026-03-29")!.adding(days: $0).description
                })
    }

    @Test func headAnswersLikeGetWithoutABody() throws {
        try withAPIServer { server in
            let session = try server.signIn("head@example.com").access
            _ = try server.createHabit(token: session)
            let token = try createAccessToken(server, session: session, name: "cal", scope: "read")
            let url = "/api/me/calendar.ics?token=\(token.text)"
            let get = try server.request("GET", url)
            let head = try server.request("HEAD", url)
            #expect(head.status == 200)
            #expect(head.body.isEmpty)
            #expect(head.headers["content-type"] == get.headers["content-type"])
            #expect(head.headers["content-length"] == String(get.body.count))
        }
    }

    @Test func onlyAReadTokenInTheQueryOpensTheFeed() throws {
        try withAPIServer { server in
            let session = try server.signIn("feed@example.com").access
            let habit = try server.createHabit(token: session)
            let write = try createAccessToken(server, session: session, name: "w", scope: "write")
            let checkIn = try createAccessToken(
                server, session: session, name: "c", scope: "check-in", habit: habit)
            for token in [write.text, checkIn.text] {
                let answer = try server.request("GET", "/api/me/calendar.ics?token=\(token)")
                #expect(answer.status == 403, "\(answer)")
            }
            #expect(try server.request("GET", "/api/me/calendar.ics").status == 401)
            #expect(
                try server.request("GET", "/api/me/calendar.ics?token=hpat_nope").status == 401)
            #expect(
                try server.request("GET", "/api/me/calendar.ics?token=\(session)").status == 401)
            let read = try createAccessToken(server, session: session, name: "r", scope: "read")
            _ = try server.request("DELETE", "/api/me/tokens/\(read.id)/", token: session)
            #expect(
                try server.request("GET", "/api/me/calendar.ics?token=\(read.text)").status == 401)
        }
    }
}
