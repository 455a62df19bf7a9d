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
                #"1,"'=HYPERLINK(""http://x.example"",""Click"")",2026-03-11,8,false,"'@SUM(1,2)""#),
            "\(csv.output)")
        #expect(
            lines.contains(#"2,"'+Plain",2026-03-11,8,false,"'-2 on a good day""#),
            "\(csv.output)")
        // No cell of the file starts with a formula character.
        let cells = CSVTable.rows(csv.output).flatMap { $0 }
        #expect(!cells.contains { $0.first.map { "=+-@\t\r".contains($0) } ?? false })
        // Dropping the `'` before a formula character gives back what was stored.
        let rows = CSVTable.rows(csv.output).dropFirst().filter { $0.count == 6 }
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
        #expect(lines[1] == "1,Readx,2026-03-11,3,false,calm day", "\(csv.debugDescription)")
        #expect(lines[2] == #"1,Readx,2026-03-10,1,false,"'=1+1""#, "\(csv.debugDescription)")
        #expect(lines[3] == "1,Readx,2026-03-09,1,false,a bc", "\(csv.debugDescription)")
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
}
