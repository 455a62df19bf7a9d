import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// The documented `--json` shapes.
@Suite struct JSONOutputTests {
    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func listShape() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try await cli.add("Run", "--weekly", unit: "km", target: "0.8", days: "mon,wed")
        #expect(await cli.run("done", "1", "0.7").status == .success)
        let run = await cli.run("list", "--json")
        #expect(run.status == .success)
        let list = try object(run.output)
        #expect(Set(list.keys) == ["date", "mode", "cached_at", "habits"])
        #expect(list["date"] as? String == "2026-03-11")
        #expect(list["mode"] as? String == "local")
        #expect(list["cached_at"] is NSNull)
        let habits = try #require(list["habits"] as? [[String: Any]])
        let habit = try #require(habits.first)
        #expect(habit["id"] as? Int == 1)
        #expect(habit["name"] as? String == "Run")
        #expect(habit["measurement_type"] as? String == "km")
        #expect(habit["start_date"] as? String == "2026-03-01")
        #expect(habit["action_days"] as? [Int] == [1, 3])
        #expect(habit["status"] as? String == "ACTIVE")
        #expect(habit["current_streak"] as? Int == 0)
        let completion = try #require(habit["completion_data"] as? [String: Any])
        #expect(completion["state"] as? String == "pending")
        // Exact decimals in the text, not 0.7000000001.
        #expect(run.output.contains("\"current\" : 0.7"))
        #expect(run.output.contains("\"remaining\" : 0.1"))
        #expect(run.output.contains("\"target_value\" : 0.8"))
    }

    @Test func progressAndHabitShapes() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let added = await cli.run(
            "add", "Read", "--daily", "--unit", "pages", "--target", "30", "--days", "weekdays",
            "--start", "2026-03-02", "--json")
        let habit = try object(added.output)
        #expect(habit["action_days"] as? [Int] == [1, 2, 3, 4, 5])
        #expect(habit["created_at"] is String)
        let done = try object(await cli.run("done", "Read", "--json").output)
        #expect(
            Set(done.keys) == [
                "habit", "date", "entry", "completion_data", "current_streak", "target_reached",
            ])
        #expect(done["target_reached"] as? Bool == true)
        #expect(done["current_streak"] as? Int == 1)
        let entry = try #require(done["entry"] as? [String: Any])
        #expect(entry["date"] as? String == "2026-03-11")
        #expect(entry["value"] as? Int == 30)
        #expect(entry["skipped"] as? Bool == false)
        let undone = try object(await cli.run("undo", "Read", "--json").output)
        #expect(undone["entry"] is NSNull)
        #expect(undone["target_reached"] as? Bool == false)
        let deleted = try object(await cli.run("delete", "1", "--yes", "--json").output)
        #expect((deleted["deleted"] as? [String: Any])?["name"] as? String == "Read")
        let status = try object(await cli.run("status", "--json").output)
        #expect(status["mode"] as? String == "local")
        #expect(
            (status["database"] as? String)?.hasSuffix("/.local/share/habits/habits.sqlite3")
                == true)
        #expect(status["server"] is NSNull)
    }

    @Test func remindShapeHasOnlyWhatIsLeft() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try await cli.add("Drink water")
        try await cli.add("Read", unit: "pages")
        #expect(await cli.run("done", "1").status == .success)
        let remind = try object(await cli.run("remind", "--json").output)
        let habits = try #require(remind["habits"] as? [[String: Any]])
        #expect(habits.map { $0["name"] as? String } == ["Read"])
    }

    /// Whether `text` is JSON in the one layout: pretty-printed with two
    /// spaces a level, `"key" : value`, empty arrays and objects as `[]`
    /// and `{}`, one final newline.
    static func layoutProblem(_ text: String) -> String? {
        guard text.hasSuffix("}\n") || text.hasSuffix("]\n") else { return "no final newline" }
        if text.contains("[\n\n") || text.contains("{\n\n") { return "an empty line inside" }
        if text.dropLast().hasSuffix("\n") { return "two final newlines" }
        for line in text.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            if indent % 2 != 0 { return "odd indentation: \(line)" }
            if line.contains("\":") && !line.contains("\" : ") { return "compact key: \(line)" }
        }
        let lines = text.split(separator: "\n").count
        if lines == 1 && text.count > 3 { return "compact" }
        return nil
    }

    /// Every command given `--json` either writes JSON in the one layout or
    /// refuses `--json` as a usage error (exit 64) writing nothing.
    @Test func everyCommandWritesOneJSONLayoutOrRefuses() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let export = cli.home.appendingPathComponent("export.json").path
        let runs: [[String]] = [
            [], ["--version"], ["help"], ["list", "--help"],
            [
                "add", "Read", "--daily", "--unit", "pages", "--target", "10", "--days", "daily",
                "--start", "2026-03-01",
            ],
            [
                "add", "Run", "--weekly", "--unit", "km", "--target", "20", "--days", "daily",
                "--start", "2026-03-01",
            ],
            ["list"], ["list", "--all"], ["show", "1"], ["done", "1", "3"], ["set", "1", "4"],
            ["skip", "2"], ["undo", "2"], ["edit", "1", "--target", "12"], ["log"],
            ["heatmap", "1"], ["remind"], ["remind", "--install"], ["check"], ["status"],
            ["config", "list"], ["config", "get", "server"], ["export"],
            ["export", "--output", export], ["import", "habits", export, "--dry-run"],
            ["archive", "2"], ["unarchive", "2"], ["delete", "2", "--yes"],
            ["completion", "bash"], ["man"], ["logout"],
        ]
        for arguments in runs {
            let run = await cli.run(arguments + ["--json"])
            if run.status == .usage {
                #expect(run.output.isEmpty, "\(arguments): \(run.output)")
                #expect(run.error.contains("--json"), "\(arguments): \(run.error)")
                continue
            }
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) != nil,
                "\(arguments) (\(run.status)): \(run.output.prefix(300))")
            #expect(Self.layoutProblem(run.output) == nil, "\(arguments): \(run.output)")
        }
    }

    @Test func emptyArraysAndObjectsAreWrittenWhole() throws {
        struct Shape: Encodable {
            var list: [Int] = []
            var map: [String: Int] = [:]
            var text = "[\n\n] \u{9B}\u{202E}"
        }
        let text = try JSONOutput.encode(Shape())
        #expect(text.contains(#""list" : []"#), "\(text)")
        #expect(text.contains(#""map" : {}"#), "\(text)")
        // Inside a string nothing changes but the escapes.
        #expect(text.contains(#""text" : "[\n\n] \u009B\u202E""#), "\(text)")
        let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(decoded?["text"] as? String == "[\n\n] \u{9B}\u{202E}")
    }
}
