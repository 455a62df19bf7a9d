import Foundation
import HabitClient
import ServerTestSupport
import TestSupport
import Testing

/// `habits show --trend` from the built binaries: the same series in local
/// mode, in server mode and in server mode with the server gone (the
/// replica answering), and `--json` the server's own history answer. The
/// day drawn is a fixed past one (`--date`), so nothing depends on today.
@Suite struct TrendTests {
    static let date = "2026-02-20"

    /// Running, 5 km on weekdays from Monday 2026-01-05: runs on nine days
    /// (two short), a skipped Monday, a Saturday run that was not planned.
    static func seed(_ habits: ([String]) async throws -> ProcessResult) async throws {
        let add = try await habits([
            "add", "Running", "--daily", "--unit", "km", "--target", "5", "--days", "weekdays",
            "--start", "2026-01-05",
        ])
        try #require(add.status == 0, "\(add)")
        let values = [
            ("01-05", "5"), ("01-06", "6"), ("01-07", "5"), ("01-08", "3"), ("01-10", "4"),
            ("01-13", "5"), ("01-14", "5"), ("02-16", "7"), ("02-17", "2"), ("02-19", "5"),
            ("02-20", "5"),
        ]
        for (day, value) in values {
            let set = try await habits(["set", "Running", value, "--date", "2026-\(day)"])
            try #require(set.status == 0, "\(set)")
        }
        let skip = try await habits(["skip", "Running", "--date", "2026-01-12"])
        try #require(skip.status == 0, "\(skip)")
    }

    /// The text and the JSON of the trend as of `date`.
    static func trend(_ habits: ([String]) async throws -> ProcessResult) async throws -> (
        text: ProcessResult, json: ProcessResult
    ) {
        let text = try await habits(["show", "Running", "--trend", "--date", date])
        let json = try await habits(["show", "Running", "--trend", "--date", date, "--json"])
        return (text, json)
    }

    static func object(_ run: ProcessResult) throws -> NSDictionary {
        try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? NSDictionary,
            "\(run)")
    }

    @Test func theSameSeriesLocallyOnlineAndOffline() async throws {
        let local = try Sandbox()
        defer { local.remove() }
        try await Self.seed { try await local.habits($0) }
        let (text, json) = try await Self.trend { try await local.habits($0) }
        #expect(text.status == 0, "\(text)")
        // Not a terminal: ASCII, no escape codes.
        let ascii = text.output.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "\(text)")
        #expect(
            text.output.hasPrefix("#1 Running\n  5 km a day, weekdays, 2026-01-05 to 2026-02-20\n"))
        #expect(text.output.contains("\nTotals per month (| the target)\n"), "\(text)")
        #expect(text.output.contains("\nLongest streaks\n"), "\(text)")
        // January: 33 km logged (the Saturday's 4 too) against its 20
        // weekdays from the 5th, 5 km each.
        #expect(text.output.contains("  Jan 2026  "), "\(text)")
        #expect(text.output.contains(" 33/100\n"), "\(text)")
        let report = try Self.object(json)
        #expect(report["from"] as? String == "2026-01-05")
        #expect(report["to"] as? String == Self.date)
        #expect(report["today"] as? String == Self.date)
        // The runs, in order: 5-7 January (3 km on the 8th ended it), 13-14
        // January, 16 February, 19-20 February.
        let streaks = try #require(report["streaks"] as? [[String: Any]])
        #expect(
            streaks.compactMap { $0["start"] as? String } == [
                "2026-01-05", "2026-01-13", "2026-02-16", "2026-02-19",
            ])
        #expect(streaks.compactMap { $0["length"] as? Int } == [3, 2, 1, 2])

        let root = try TemporaryDirectory(prefix: "habits-trend-e2e")
        let server = try await ServerProcess(directory: root.url)
        let device = try SyncTests.Device(server: server)
        defer { device.remove() }
        try await device.signIn(server, as: "tess@example.com")
        try await Self.seed { try await device.sandbox.habits($0) }
        let online = try await Self.trend { try await device.sandbox.habits($0) }
        #expect(online.text.output == text.output, "\(online.text)")
        #expect(try Self.object(online.json) == report, "\(online.json)")

        await server.stop()
        let offline = try await Self.trend { try await device.sandbox.habits($0) }
        #expect(offline.text.status == 0, "\(offline.text)")
        #expect(offline.text.error.contains("this device's copy"), "\(offline.text)")
        #expect(offline.text.output == text.output, "\(offline.text)")
        #expect(try Self.object(offline.json) == report, "\(offline.json)")
    }

    /// `--json` is what the server's history route answers for the same
    /// days, read by the replica and, from a server without the change
    /// feed, through the route itself.
    @Test func jsonIsTheServersAnswer() async throws {
        let root = try TemporaryDirectory(prefix: "habits-trend-e2e")
        let server = try await ServerProcess(directory: root.url)
        let device = try SyncTests.Device(server: server)
        let feedless = try SyncTests.Device(server: server, hidingFeed: true)
        defer {
            device.remove()
            feedless.remove()
        }
        try await device.signIn(server, as: "uma@example.com")
        try feedless.signIn(copying: device)
        try await Self.seed { try await device.sandbox.habits($0) }
        let credentials = try JSONDecoder().decode(
            StoredCredentials.self,
            from: Data(
                contentsOf: device.sandbox.configHome.appendingPathComponent(
                    "habits/credentials.json")))
        let token = try #require(credentials.session?.accessToken)
        let answer = try await APIRequests(server).send(
            "GET", "me/habits/1/history/?from=2026-01-05&to=\(Self.date)&today=\(Self.date)",
            token: token)
        #expect(answer.status == 200, "\(answer)")
        let expected = try #require(
            try JSONSerialization.jsonObject(with: answer.body) as? NSDictionary, "\(answer)")
        let (_, json) = try await Self.trend { try await device.sandbox.habits($0) }
        #expect(try Self.object(json) == expected)
        let (text, direct) = try await Self.trend { try await feedless.sandbox.habits($0) }
        #expect(feedless.replicas().isEmpty)
        #expect(try Self.object(direct) == expected, "\(direct)")
        #expect(text.status == 0, "\(text)")
        await server.stop()
    }

    /// A server older than the history route (404 there, the habit found):
    /// one sentence saying so, with the way on.
    @Test func anOlderServerIsSaidToBeOlder() async throws {
        let root = try TemporaryDirectory(prefix: "habits-trend-e2e")
        let server = try await ServerProcess(directory: root.url)
        let sandbox = try Sandbox()
        let proxy = try FaultProxy(upstreamPort: server.port) { request in
            if request.target.hasPrefix("/api/me/changes/") || request.target.contains("/history/")
            {
                return .answer(
                    status: 404, body: #"{"code": "not_found", "message": "Not found."}"#)
            }
            return .forward
        }
        defer {
            proxy.stop()
            sandbox.remove()
        }
        try #require(try await sandbox.habits("config", "set", "server", proxy.url).status == 0)
        try #require(try await sandbox.habits("auth", "email", "vic@example.com").status == 0)
        let verify = try await sandbox.habits("verify", try server.code(for: "vic@example.com"))
        try #require(verify.status == 0, "\(verify)")
        try await Self.seed { try await sandbox.habits($0) }
        let (text, json) = try await Self.trend { try await sandbox.habits($0) }
        #expect(text.status == 1, "\(text)")
        #expect(
            text.error.hasPrefix(
                "habits: The server at \(proxy.url) is too old to answer a habit's history.\n"),
            "\(text)")
        #expect(text.error.contains("upgrade habits-server"), "\(text)")
        #expect(json.status == 1 && json.output.isEmpty, "\(json)")
        await server.stop()
    }
}
