import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `habits prompt`, the built binary, in both modes: the line, its formats,
/// waybar's JSON, the exit statuses, and silence on every failure.
@Suite struct PromptCommandTests {
    /// Three daily habits from Tuesday 2026-01-06 in `sandbox`: "Drink
    /// water" (target 8), "Read" and "Walk", the last two done on 2026-01-06
    /// and 2026-01-07, so on 2026-01-07 two of three are done and the best
    /// streak is 2 days; on Monday 2026-01-05, in the same week, none has
    /// started.
    static func addHabits(_ sandbox: Sandbox) async throws {
        for (name, target) in [("Drink water", "8"), ("Read", "1"), ("Walk", "1")] {
            let add = try await sandbox.habits(
                "add", name, "--daily", "--unit", "times", "--target", target, "--days", "daily",
                "--start", "2026-01-06")
            try #require(add.status == 0, "\(add)")
        }
        for date in ["2026-01-06", "2026-01-07"] {
            for name in ["Read", "Walk"] {
                let done = try await sandbox.habits("done", name, "--date", date)
                try #require(done.status == 0, "\(done)")
            }
        }
    }

    /// Checks the answers the habits of `addHabits` give on 2026-01-07.
    static func expectDayLines(_ sandbox: Sandbox) async throws {
        let plain = try await sandbox.habits("prompt", "--date", "2026-01-07")
        #expect(plain.status == 0 && plain.error.isEmpty, "\(plain)")
        #expect(plain.output == "2/3 + 2d\n")
        let utf8 = try await sandbox.habits(
            ["prompt", "--date", "2026-01-07"], extra: ["LANG": "C.UTF-8"])
        #expect(utf8.output == "2/3 \u{2713} 2d\n")
        let ascii = try await sandbox.habits(
            ["prompt", "--date", "2026-01-07", "--ascii"], extra: ["LANG": "C.UTF-8"])
        #expect(ascii.output == "2/3 + 2d\n")
        let format = try await sandbox.habits(
            "prompt", "--date", "2026-01-07", "--format",
            "{done} of {total}, {todo} left: {next}; streak {streak}")
        #expect(format.output == "2 of 3, 1 left: Drink water; streak 2\n", "\(format)")

        let json = try await sandbox.habits("prompt", "--date", "2026-01-07", "--json")
        #expect(json.status == 0, "\(json)")
        #expect(json.output.split(separator: "\n").count == 1, "waybar reads one line")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["text"] as? String == "2/3 + 2d")
        #expect(object["tooltip"] as? String == "Still to do: Drink water")
        #expect(object["class"] as? String == "pending")
        #expect(object["percentage"] as? Int == 67)

        let pending = try await sandbox.habits("prompt", "--date", "2026-01-07", "--exit-status")
        #expect(pending.status == 1 && pending.output == "2/3 + 2d\n" && pending.error.isEmpty)
        // Before the habits start nothing is planned: no line, and nothing
        // left to do.
        let before = try await sandbox.habits("prompt", "--date", "2026-01-05", "--exit-status")
        #expect(before.status == 0 && before.output.isEmpty && before.error.isEmpty, "\(before)")
        let none = try await sandbox.habits("prompt", "--date", "2026-01-05", "--json")
        let noneObject =
            try JSONSerialization.jsonObject(with: Data(none.output.utf8)) as? [String: Any]
        #expect(noneObject?["class"] as? String == "none")
        #expect(noneObject?["text"] as? String == "")
    }

    @Test func localModeLinesFormatsJSONAndExitStatus() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try await Self.addHabits(sandbox)
        try await Self.expectDayLines(sandbox)
        let finish = try await sandbox.habits("done", "Drink water", "8", "--date", "2026-01-07")
        try #require(finish.status == 0, "\(finish)")
        let done = try await sandbox.habits(
            "prompt", "--date", "2026-01-07", "--exit-status", "--json")
        #expect(done.status == 0, "\(done)")
        let object =
            try JSONSerialization.jsonObject(with: Data(done.output.utf8)) as? [String: Any]
        #expect(object?["class"] as? String == "done")
        #expect(object?["percentage"] as? Int == 100)
    }

    @Test func failuresPrintNothingUnlessVerbose() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // No database yet: nothing planned, and none created.
        let fresh = try await sandbox.habits("prompt", "--exit-status")
        #expect(fresh.status == 0 && fresh.output.isEmpty && fresh.error.isEmpty, "\(fresh)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.dataHome.path))

        let badFormat = try await sandbox.habits("prompt", "--format", "{nope}")
        #expect(badFormat.status == 64 && badFormat.output.isEmpty && badFormat.error.isEmpty)
        let badDate = try await sandbox.habits("prompt", "--date", "someday")
        #expect(badDate.status == 64 && badDate.output.isEmpty && badDate.error.isEmpty)
        let verbose = try await sandbox.habits("prompt", "--format", "{nope}", "--verbose")
        #expect(verbose.status == 64 && verbose.output.isEmpty)
        #expect(
            verbose.error.hasPrefix("habits: Invalid value '{nope}' for --format"), "\(verbose)")

        // A file that is not a database.
        let directory = sandbox.dataHome.appendingPathComponent("habits")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("habits.sqlite3")
        try Data(repeating: 0x41, count: 8192).write(to: database)
        let damaged = try await sandbox.habits("prompt")
        #expect(damaged.status != 0 && damaged.output.isEmpty && damaged.error.isEmpty)
        #expect(try Data(contentsOf: database) == Data(repeating: 0x41, count: 8192))
        let reason = try await sandbox.habits("prompt", "-v")
        #expect(reason.status == damaged.status && reason.error.hasPrefix("habits: "), "\(reason)")
    }

    @Test func serverModeAnswersFromTheSavedListWithTheServerStopped() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        try await ServerModeTests().signIn(sandbox, server, as: "pam@example.com")
        // Not fetched yet: nothing saved, so nothing to say.
        let early = try await sandbox.habits("prompt", "--date", "2026-01-07")
        #expect(early.status == 1 && early.output.isEmpty && early.error.isEmpty, "\(early)")
        let why = try await sandbox.habits("prompt", "--date", "2026-01-07", "--verbose")
        #expect(why.error.contains("Run 'habits list' once"), "\(why)")

        try await Self.addHabits(sandbox)
        let list = try await sandbox.habits("list", "--date", "2026-01-07")
        try #require(list.status == 0, "\(list)")
        let requests = try String(contentsOf: server.log, encoding: .utf8)
        let answered = try await sandbox.habits("prompt", "--date", "2026-01-07")
        #expect(answered.output == "2/3 + 2d\n", "\(answered)")
        #expect(
            try String(contentsOf: server.log, encoding: .utf8) == requests,
            "prompt sent a request")
        await server.stop()

        try await Self.expectDayLines(sandbox)
        // This device's replica holds the whole history: another day, or
        // another week, is worked out as local mode would, streak included.
        let nextDay = try await sandbox.habits(
            "prompt", "--date", "2026-01-08", "--format", "{done}/{total} {streak}")
        #expect(nextDay.status == 0 && nextDay.output.hasPrefix("0/3 "), "\(nextDay)")
        #expect(!nextDay.output.contains("?"), "\(nextDay)")
        let otherWeek = try await sandbox.habits("prompt", "--date", "2026-02-02")
        #expect(otherWeek.status == 0 && !otherWeek.output.isEmpty, "\(otherWeek)")
    }
}
