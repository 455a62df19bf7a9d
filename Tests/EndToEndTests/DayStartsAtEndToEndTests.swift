import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// Rule 7 of issue 38 with the built binaries: at 01:30 local time with
/// the day starting at 03:00, `habits done` records the previous date, in
/// local mode and in server mode (a real `habits-server` on a free port).
///
/// The local time is made 01:30 through TZ: a POSIX zone whose offset puts
/// this instant at 01:30, so the test needs no fake clock; the boundary is
/// 90 minutes away either side, far beyond the test's run.
@Suite struct DayStartsAtEndToEndTests {
    /// TZ for a wall clock reading 01:30 now, and the calendar date there.
    static func halfPastOne() -> (zone: String, date: String, previous: String) {
        let now = Date()
        let utcMinutes = Int(now.timeIntervalSince1970.rounded(.down)) / 60 % 1440
        // The offset (minutes east of UTC) in (-720, 720] that makes it 01:30.
        var offset = ((90 - utcMinutes) % 1440 + 1440) % 1440
        if offset > 720 { offset -= 1440 }
        let magnitude = abs(offset)
        let clock =
            (magnitude / 60 < 10 ? "0" : "") + "\(magnitude / 60):"
            + (magnitude % 60 < 10 ? "0" : "") + "\(magnitude % 60)"
        // POSIX writes the offset west of UTC: LOC-05:30 is UTC+5:30.
        let zone = "LOC" + (offset >= 0 ? "-" : "+") + clock
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: offset * 60)
        formatter.dateFormat = "yyyy-MM-dd"
        let date = formatter.string(from: now)
        let previous = formatter.string(from: now.addingTimeInterval(-86_400))
        return (zone, date, previous)
    }

    /// The `completion_data.current` of the first habit `list --json --date` shows.
    func current(_ sandbox: Sandbox, on date: String, zone: String) async throws -> Double? {
        let run = try await sandbox.habits(["list", "--json", "--date", date], extra: ["TZ": zone])
        try #require(run.status == 0, "\(run)")
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let habit = (object?["habits"] as? [[String: Any]])?.first
        return (habit?["completion_data"] as? [String: Any])?["current"] as? Double
    }

    /// Adds Walk, sets the day to start at 03:00 and marks Walk done at 01:30.
    func walkDoneAtHalfPastOne(_ sandbox: Sandbox) async throws -> (
        zone: String, date: String, previous: String
    ) {
        let time = Self.halfPastOne()
        let tz = ["TZ": time.zone]
        let add = try await sandbox.habits(
            [
                "add", "Walk", "--daily", "--unit", "times", "--target", "1", "--days", "daily",
                "--start", "2020-01-06",
            ], extra: tz)
        try #require(add.status == 0, "\(add)")
        let set = try await sandbox.habits(["config", "day-starts-at", "03:00"], extra: tz)
        try #require(set.status == 0, "\(set)")
        #expect(set.output == "day-starts-at = 03:00\n")
        let done = try await sandbox.habits(["done", "Walk"], extra: tz)
        try #require(done.status == 0, "\(done)")
        return time
    }

    @Test func localModeRecordsThePreviousDate() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let time = try await walkDoneAtHalfPastOne(sandbox)
        #expect(try await current(sandbox, on: time.previous, zone: time.zone) == 1)
        #expect(try await current(sandbox, on: time.date, zone: time.zone) == 0)
    }

    /// Needs the server's `day_starts_at` on `/api/me/` (GET and PATCH).
    @Test func serverModeRecordsThePreviousDate() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        #expect(try await sandbox.habits("config", "set", "server", server.url).status == 0)
        let request = try await sandbox.habits("auth", "email", "ann@example.com")
        try #require(request.status == 0, "\(request)")
        let verify = try await sandbox.habits("verify", try server.code(for: "ann@example.com"))
        try #require(verify.status == 0, "\(verify)")

        let time = try await walkDoneAtHalfPastOne(sandbox)
        #expect(try await current(sandbox, on: time.previous, zone: time.zone) == 1)
        #expect(try await current(sandbox, on: time.date, zone: time.zone) == 0)
        // The account keeps it: with this device's memory of it gone,
        // asking the server shows 03:00 and remembers it again.
        let memory = sandbox.configHome.appendingPathComponent("habits/account-day.json")
        try FileManager.default.removeItem(at: memory)
        let shown = try await sandbox.habits("config", "day-starts-at")
        #expect(shown.output == "day-starts-at = 03:00\n", "\(shown.error)")
        let remembered = try String(contentsOf: memory, encoding: .utf8)
        #expect(remembered.contains("\"day_starts_at\" : \"03:00\""), "\(remembered)")
        await server.stop()
    }
}
