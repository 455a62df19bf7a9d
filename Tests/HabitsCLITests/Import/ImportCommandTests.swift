import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `habits import` in-process in local mode; today is 2026-03-11.
@Suite struct ImportCommandTests {
    func harsh(in cli: CLIHarness, habits: String, log: String) throws -> String {
        let directory = cli.home.appendingPathComponent("harsh")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try habits.write(
            to: directory.appendingPathComponent("habits"), atomically: true, encoding: .utf8)
        try log.write(
            to: directory.appendingPathComponent("log"), atomically: true, encoding: .utf8)
        return directory.path
    }

    @Test func extrasPastFifteenActiveAreArchivedAndReported() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        for index in 1...14 { try await cli.add("Existing \(index)") }
        let path = try harsh(
            in: cli, habits: "A: 1\nB: 1\nC: 1\n",
            log: "2026-03-01 : A : y\n2026-03-01 : B : y\n2026-03-01 : C : s\n")

        let dry = await cli.run("import", "harsh", path, "--dry-run")
        #expect(dry.status == .success, "\(dry.error)")
        #expect(dry.output.contains("B: imported archived, since 15 habits are already active"))
        #expect(
            await cli.run("list", "--all", "--json").output.components(separatedBy: "\"id\"").count
                == 15)

        let run = await cli.run("import", "harsh", path)
        #expect(run.status == .success, "\(run.error)")
        #expect(run.output.contains("  new      #15 A: 1 entry\n"))
        #expect(run.output.contains("  new      #16 B: 1 entry, archived\n"))
        #expect(run.output.contains("  new      #17 C: 1 entry, archived\n"))
        let archived = await cli.run("list", "--all")
        #expect(archived.output.contains("Archived"))

        // Importing again: nothing new, nothing twice.
        let again = await cli.run("import", "harsh", path, "--json")
        #expect(again.output.contains("\"entries_written\" : 0"), "\(again.output)")
    }

    @Test func aFileThatCannotBeReadWritesNothing() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let export = cli.home.appendingPathComponent("export.json")
        try
            #"{"format": "habits-export", "version": 1, "habits": [{"id": 1, "name": "", "frequency": "DAILY", "measurement_type": "times", "start_date": "2026-01-01", "action_days": [1], "target_value": 1}]}"#
            .write(to: export, atomically: true, encoding: .utf8)
        let run = await cli.run("import", "habits", export.path)
        #expect(run.status == .failure)
        #expect(run.error.contains("Nothing was imported."), "\(run.error)")
        let newer = cli.home.appendingPathComponent("newer.json")
        try #"{"format": "habits-export", "version": 9, "habits": []}"#.write(
            to: newer, atomically: true, encoding: .utf8)
        let refused = await cli.run("import", "habits", newer.path)
        #expect(refused.error.contains("version 9"), "\(refused.error)")
        #expect(await cli.run("list", "--all").output.hasPrefix("No habits yet."))
    }
}
