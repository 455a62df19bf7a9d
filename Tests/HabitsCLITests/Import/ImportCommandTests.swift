import Foundation
import HabitCore
import TestSupport
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

    /// An export of one habit with `entries` (JSON objects) and `target`.
    func export(in cli: CLIHarness, target: String = "1", entries: String = "") throws -> String {
        let file = cli.home.appendingPathComponent("export.json")
        try """
        {"format": "habits-export", "version": 1, "habits": [{"id": 1, "name": "Run", \
        "frequency": "DAILY", "measurement_type": "times", "start_date": "2026-01-01", \
        "action_days": [1, 2, 3, 4, 5, 6, 7], "target_value": \(target), "status": "ACTIVE", \
        "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z", \
        "entries": [\(entries)]}]}
        """
        .write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Import refuses what `done --date` refuses, in the same words.
    @Test func anEntryAfterTodayIsRefusedAsTheCommandsRefuseIt() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let path = try export(
            in: cli,
            entries: #"{"date": "2026-03-10", "value": 1, "skipped": false}, "#
                + #"{"date": "9999-12-31", "value": 1, "skipped": false}"#)
        let run = await cli.run("import", "habits", path)
        #expect(run.status == .failure)
        try await cli.add("Walk")
        let done = await cli.run("done", "Walk", "--date", "9999-12-31")
        #expect(done.status == .failure)
        let sentence =
            "9999-12-31 is in the future; progress can be recorded up to today (2026-03-11)."
        #expect(done.error.contains(sentence), "\(done.error)")
        #expect(run.error.contains(sentence), "\(run.error)")
        #expect(run.error.contains("Nothing was imported."), "\(run.error)")
        #expect(!(await cli.run("list", "--all").output.contains("Run")))

        // A skip may be planned ahead, by `skip --date` and by import alike.
        let planned = try export(
            in: cli, entries: #"{"date": "2026-03-20", "value": 0, "skipped": true}"#)
        let imported = await cli.run("import", "habits", planned)
        #expect(imported.status == .success, "\(imported.error)")
    }

    /// Other trackers' entries after today are left out and reported.
    @Test func aHarshEntryAfterTodayIsLeftOutWithTheCommandsWords() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let path = try harsh(
            in: cli, habits: "A: 1\n", log: "2026-03-01 : A : y\n2099-01-01 : A : y\n")
        let run = await cli.run("import", "harsh", path)
        #expect(run.status == .success, "\(run.error)")
        #expect(
            run.output.contains(
                "A: 1 entry was left out: 2099-01-01 is in the future; progress can be recorded "
                    + "up to today (2026-03-11)."),
            "\(run.output)")
        #expect(run.output.contains("#1 A: 1 entry"), "\(run.output)")
    }

    /// A number out of range is out of range, not of the wrong type.
    @Test func aTargetOutOfRangeIsReportedAsTheCommandsReportIt() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        for target in ["1e308", "-1e308", "2000000"] {
            let run = await cli.run("import", "habits", try export(in: cli, target: target))
            #expect(run.status == .failure)
            #expect(!run.error.contains("wrong type"), "\(target): \(run.error)")
            #expect(
                run.error.contains("target_value: Ensure this value is"), "\(target): \(run.error)")
        }
    }

    /// The object `show <habit> --json` prints for `habit`.
    func show(_ cli: CLIHarness, _ habit: String) async throws -> [String: Any] {
        let run = await cli.run("show", habit, "--json")
        #expect(run.status == .success, "\(habit): \(run.error)")
        return try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    }

    /// A Loop backup of every kind, imported end to end: each keeps its
    /// period and goal, and the at-most habit's stats follow rules 3 and 5
    /// (`LoopDatabaseReaderTests` checks the same through HabitHistory).
    @Test func loopKindsImportWithTheirPeriodsAndLimits() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let path = cli.home.appendingPathComponent("loop.db").path
        let sqlite = try RequiredTool.locate("sqlite3")
        let made = try await Subprocess.run(
            sqlite, [path], input: LoopDatabaseReaderTests.fixture())
        try #require(made.status == 0, "\(made)")
        do {
            let run = await cli.run("import", "loop-db", path)
            #expect(run.status == .success, "\(run.error)")
            #expect(run.output.contains("Read: 10 per rolling 30 days became monthly"))
            let coffee = try await show(cli, "Coffee")
            let habit = coffee["habit"] as? [String: Any]
            #expect(habit?["goal"] as? String == "AT_MOST")
            #expect(habit?["status"] as? String == "ACTIVE")
            let stats = coffee["stats"] as? [String: Any]
            #expect(stats?["success_count"] as? Int == 7)
            #expect(stats?["failed_count"] as? Int == 3)
            #expect(stats?["current_streak"] as? Int == 1)
            #expect(stats?["longest_streak"] as? Int == 3)
            let water = try await show(cli, "Water plants")["habit"] as? [String: Any]
            #expect(water?["frequency"] as? String == "EVERY_N_DAYS")
            #expect(water?["period_days"] as? Int == 3)
            let read = try await show(cli, "Read")["habit"] as? [String: Any]
            #expect(read?["frequency"] as? String == "MONTHLY")
            #expect(read?["target_value"] as? Int == 10)
        }
    }

    /// harsh's headings become groups and its windows periods, end to end,
    /// and an export of them imports back the same.
    @Test func harshGroupsAndPeriodsImportAndRoundTrip() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let path = try harsh(
            in: cli, habits: "! Home\nWater plants: 15\nBudget: 2/30\n! \nRead: 1\n",
            log: "2026-03-01 : Water plants : y\n2026-03-02 : Budget : y\n")
        do {
            let run = await cli.run("import", "harsh", path)
            #expect(run.status == .success, "\(run.error)")
            let water = try await show(cli, "Water plants")["habit"] as? [String: Any]
            #expect(water?["group"] as? String == "Home")
            #expect(water?["period_days"] as? Int == 15)
            let budget = try await show(cli, "Budget")["habit"] as? [String: Any]
            #expect(budget?["group"] as? String == "Home")
            #expect(budget?["period_days"] as? Int == 30)
            #expect(budget?["target_value"] as? Int == 2)
            let read = try await show(cli, "Read")["habit"] as? [String: Any]
            #expect(read?["group"] == nil)

            let export = cli.home.appendingPathComponent("export.json")
            #expect(await cli.run("export", "--output", export.path).status == .success)
            let other = try CLIHarness()
            defer { other.cleanUp() }
            #expect(await other.run("import", "habits", export.path).status == .success)
            for name in ["Water plants", "Budget", "Read"] {
                let mine = try await show(cli, name)
                let theirs = try await show(other, name)
                #expect(
                    NSDictionary(dictionary: mine).isEqual(to: theirs), "\(name) differs")
            }
        }
    }
}
