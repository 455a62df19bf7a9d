import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `habits export`: the CSV a spreadsheet opens safely, the exact JSON, and
/// the output path.
@Suite struct ExportCommandTests {
    /// A name or note starting with `=`, `+`, `-`, `@`, tab or CR is a formula
    /// to a spreadsheet: the CSV quotes it with a `'` in front; dropping that
    /// `'` gives the text back; the JSON export keeps it as it is.
    @Test func csvNeutralisesFormulasAndJSONStaysExact() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let name = #"=HYPERLINK("http://x.example","Click")"#
        try await cli.add(name)
        try await cli.add("+Plain")
        #expect(await cli.run("done", "1", "--note", "@SUM(1,2)").status == .success)
        #expect(await cli.run("done", "2", "--note", "-2 on a good day").status == .success)
        let csv = await cli.run("export", "--format", "csv")
        #expect(csv.status == .success, "\(csv.error)")
        let lines = csv.output.components(separatedBy: "\r\n")
        #expect(
            lines.contains(
                #"1,"'=HYPERLINK(""http://x.example"",""Click"")",2026-03-11,8,false,"'@SUM(1,2)",AT_LEAST,,"#
            ),
            "\(csv.output)")
        #expect(
            lines.contains(#"2,"'+Plain",2026-03-11,8,false,"'-2 on a good day",AT_LEAST,,"#),
            "\(csv.output)")
        // No cell of the file starts with a formula character.
        let cells = CSVTable.rows(csv.output).flatMap { $0 }
        #expect(!cells.contains { $0.first.map { "=+-@\t\r".contains($0) } ?? false })
        // Dropping the `'` before a formula character gives back what was stored.
        let rows = CSVTable.rows(csv.output).dropFirst().filter { $0.count == 9 }
        let restored = rows.map { row in
            row.map { cell in
                cell.hasPrefix("'")
                    && cell.dropFirst().first.map { "=+-@\t\r".contains($0) } == true
                    ? String(cell.dropFirst()) : cell
            }
        }
        #expect(restored.map { $0[1] } == [name, "+Plain"])
        #expect(restored.map { $0[5] } == ["@SUM(1,2)", "-2 on a good day"])

        let json = await cli.run("export")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let habits = object?["habits"] as? [[String: Any]] ?? []
        #expect(habits.map { $0["name"] as? String } == [name, "+Plain"])
    }

    /// Raw ESC, C1 and bidirectional controls in a name or a note never
    /// reach the CSV (a note that hides a formula behind an escape sequence
    /// is still neutralised); what is left of the text stays.
    @Test func csvCarriesNoControlCharacters() throws {
        let day = try #require(LocalDate("2026-03-11"))
        let fields = HabitFields(
            name: "Read\u{1B}]0;title\u{07}\u{9B}2J\u{2067}x\u{2069}", frequency: .daily,
            measurementType: "pages", startDate: day, actionDays: .everyDay, targetValue: 10)
        let entries = [
            ProgressEntry(date: day, value: 3, note: "calm\u{1B}[2J\u{85}\u{9D}t\u{07} day\u{7F}"),
            ProgressEntry(date: day.adding(days: -1), value: 1, note: "\u{1B}[31m=1+1"),
            ProgressEntry(date: day.adding(days: -2), value: 1, note: "a\tb\u{0}c"),
        ]
        let csv = ExportCommand.csv([
            HabitsExportDocument.Item(
                habit: Habit(id: 1, fields: fields, status: .active), entries: entries)
        ])
        let controls = csv.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\r" && scalar != "\n")
                || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
        }
        #expect(controls.isEmpty, "\(csv.debugDescription)")
        let lines = csv.components(separatedBy: "\r\n")
        #expect(
            lines[1] == "1,Readx,2026-03-11,3,false,calm day,AT_LEAST,,", "\(csv.debugDescription)")
        #expect(
            lines[2] == #"1,Readx,2026-03-10,1,false,"'=1+1",AT_LEAST,,"#,
            "\(csv.debugDescription)")
        #expect(
            lines[3] == "1,Readx,2026-03-09,1,false,a bc,AT_LEAST,,", "\(csv.debugDescription)")
    }

    /// `--output` into a directory that does not exist is refused (exit 1, a
    /// sentence naming the directory and a hint) and creates nothing.
    @Test func outputIntoAMissingDirectoryIsRefused() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try await cli.add("Read")
        let missing = cli.home.appendingPathComponent("no/such/dir")
        let run = await cli.run("export", "--output", missing.appendingPathComponent("x.json").path)
        #expect(run.status == .failure)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("no/such/dir does not exist."), "\(run.error)")
        #expect(run.error.contains("Create the directory first"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: cli.home.appendingPathComponent("no").path))
        // A file where the directory should be is refused the same way.
        let file = cli.home.appendingPathComponent("plain")
        try Data().write(to: file)
        let underFile = await cli.run("export", "--output", file.path + "/x.json")
        #expect(underFile.status == .failure)
        #expect(underFile.error.contains("does not exist"), "\(underFile.error)")
        // An existing directory works.
        let good = await cli.run(
            "export", "--output", cli.home.appendingPathComponent("x.json").path)
        #expect(good.status == .success, "\(good.error)")
    }

    /// The second model's habit: every 3 days, at most 2 cups, in a group.
    static func secondModelItem() throws -> HabitsExportDocument.Item {
        let day = try #require(LocalDate("2026-03-01"))
        let fields = HabitFields(
            name: "Coffee", frequency: .everyNDays, measurementType: "cups", startDate: day,
            actionDays: .everyDay, targetValue: 2, goal: .atMost, periodDays: 3,
            group: "=Morning")
        return HabitsExportDocument.Item(
            habit: Habit(
                id: 4, fields: fields, status: .active,
                createdAt: Date(timeIntervalSince1970: 1_772_323_200),
                updatedAt: Date(timeIntervalSince1970: 1_772_323_200)),
            entries: [ProgressEntry(date: day, value: 3)])
    }

    /// CSV gains `goal`, `period_days` and `group` after the entry's
    /// columns; a group is neutralised as a name is.
    @Test func csvCarriesGoalPeriodDaysAndGroup() throws {
        let csv = ExportCommand.csv([try Self.secondModelItem()])
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines[0] == "habit_id,habit_name,date,value,skipped,note,goal,period_days,group")
        #expect(lines[1] == #"4,Coffee,2026-03-01,3,false,,AT_MOST,3,"'=Morning""#, "\(csv)")
    }

    /// The JSON export carries every field and reads back the same; a file
    /// of the first model (no goal, period_days or group) still reads, at
    /// least; the version is the oldest that reads the document whole.
    @Test func jsonCarriesEveryFieldAndTheFirstModelStillReads() throws {
        let item = try Self.secondModelItem()
        let document = HabitsExportDocument(
            exportedAt: Date(timeIntervalSince1970: 1_772_323_200), items: [item])
        let data = try document.encoded()
        let object = try #require(
            try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        let habit = try #require((object["habits"] as? [[String: Any]])?.first)
        #expect(habit["goal"] as? String == "AT_MOST")
        #expect(habit["period_days"] as? Int == 3)
        #expect(habit["group"] as? String == "=Morning")
        #expect(habit["frequency"] as? String == "EVERY_N_DAYS")
        let back = try HabitsExportDocument(data: data, name: "x.json")
        #expect(back.items.first?.habit == item.habit)
        let mapped = try HabitMapping(today: try #require(LocalDate("2026-03-11"))).map(
            try #require(back.source.habits.first))
        #expect(mapped.fields == item.habit.fields)

        // Only the first model: version 1, which older readers take whole.
        var plain = item
        plain.habit.frequency = .daily
        plain.habit.periodDays = nil
        plain.habit.goal = .atLeast
        plain.habit.group = nil
        let first = try HabitsExportDocument(exportedAt: document.exportedAt, items: [plain])
            .encoded()
        let firstObject = try JSONSerialization.jsonObject(with: first) as? [String: Any]
        #expect(firstObject?["version"] as? Int == 1)

        let old = Data(
            #"""
            {"format": "habits-export", "version": 1, "habits": [{"id": 1, "name": "Run",
             "frequency": "WEEKLY", "measurement_type": "km", "start_date": "2026-01-01",
             "action_days": [1, 3, 5], "target_value": 10, "status": "ACTIVE",
             "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
             "entries": [{"date": "2026-01-02", "value": 4, "skipped": false}]}]}
            """#.utf8)
        let read = try HabitsExportDocument(data: old, name: "old.json")
        let run = try #require(read.items.first?.habit)
        #expect(run.goal == .atLeast)
        #expect(run.periodDays == nil)
        #expect(run.group == nil)
        #expect(read.items.first?.entries.map(\.value) == [4])
    }
}
