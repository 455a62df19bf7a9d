import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `--icon` and `--color` on `add` and `edit`, and how `list`, `show`, JSON
/// output and export/import carry them, in local and server mode.
@Suite struct HabitMarksCommandTests {
    static let utf8Terminal = TerminalTraits(outputIsTerminal: true, width: 100)

    static func marked(_ mode: CLIHarness.Mode) async throws -> CLIHarness {
        var cli = try await CLIHarness.make(mode, terminal: utf8Terminal)
        cli.variables["LANG"] = "C.UTF-8"
        cli.variables["TERM"] = "xterm-256color"
        let added = await cli.run(
            "add", "Run", "--daily", "--unit", "km", "--target", "5", "--days", "daily",
            "--start", "2026-03-01", "--icon", "🏃", "--color", "#1E90FF")
        try #require(added.status == .success, "add: \(added.error)")
        let plain = await cli.run(
            "add", "Read", "--daily", "--unit", "pages", "--target", "30", "--days", "daily",
            "--start", "2026-03-01")
        try #require(plain.status == .success, "add: \(plain.error)")
        return cli
    }

    /// The icon comes before the name and the columns after it stay in
    /// line (an emoji is two columns wide); the name is in the habit's
    /// colour, as the nearest of 256 colours or, with COLORTERM, 24-bit.
    @Test(arguments: CLIHarness.Mode.allCases)
    func listShowsTheIconAndColour(mode: CLIHarness.Mode) async throws {
        var cli = try await Self.marked(mode)
        defer { cli.cleanUp() }
        let list = await cli.run("list")
        #expect(list.status == .success)
        #expect(list.output.contains("\u{1B}[38;5;33m🏃 Run\u{1B}[0m"))
        let plain = await cli.run("list", "--no-color")
        let lines = plain.output.split(separator: "\n").map(String.init)
        let run = try #require(lines.first { $0.contains("🏃 Run") })
        let read = try #require(lines.first { $0.contains("Read") && !$0.contains("HABIT") })
        let column = { (line: String, word: String) -> Int? in
            line.range(of: word).map { TextWidth.of(String(line[..<$0.lowerBound])) }
        }
        #expect(column(run, "0/5 km") == column(read, "0/30 pages"))
        #expect(!plain.output.contains("\u{1B}["))

        cli.variables["COLORTERM"] = "truecolor"
        let deep = await cli.run("show", "Run")
        #expect(deep.output.contains("\u{1B}[38;2;30;144;255m"))
        #expect(deep.output.contains("#1 🏃 Run"))
        cli.variables["NO_COLOR"] = "1"
        let uncoloured = await cli.run("show", "Run")
        #expect(!uncoloured.output.contains("\u{1B}["))
        #expect(uncoloured.output.hasPrefix("#1 🏃 Run\n"))
        let ascii = await cli.run("list", "--ascii")
        #expect(!ascii.output.contains("🏃"))
        #expect(ascii.output.contains(" Run "))
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func editChangesAndRemovesMarksAndJSONCarriesThem(mode: CLIHarness.Mode) async throws {
        let cli = try await Self.marked(mode)
        defer { cli.cleanUp() }
        let shown = await cli.run("show", "Run", "--json")
        let habit = try #require(
            try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any])
        let marks = try #require(habit["habit"] as? [String: Any])
        #expect(marks["icon"] as? String == "🏃")
        #expect(marks["color"] as? String == "#1e90ff")

        let edited = await cli.run("edit", "Run", "--icon", "🚴", "--color", "none", "--json")
        #expect(edited.status == .success)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(edited.output.utf8)) as? [String: Any])
        #expect(object["icon"] as? String == "🚴")
        #expect(object["color"] == nil)
        #expect(await cli.run("edit", "Run", "--icon", "none").status == .success)
        let list = await cli.run("list", "--json")
        #expect(!list.output.contains("\"icon\""))
    }

    /// A wrong mark is one sentence per field naming the option, and
    /// nothing changes.
    @Test(arguments: CLIHarness.Mode.allCases)
    func wrongMarksAreRefused(mode: CLIHarness.Mode) async throws {
        let cli = try await Self.marked(mode)
        defer { cli.cleanUp() }
        let wrong = await cli.run("edit", "Run", "--icon", "run", "--color", "blue")
        #expect(wrong.status == .failure)
        #expect(wrong.error.contains("--icon: Enter exactly one emoji."))
        #expect(wrong.error.contains("--color: Enter a colour as # and six"))
        let added = await cli.run("add", "Swim", "--icon", "🏊🏊")
        #expect(added.status == .failure)
        #expect(added.error.contains("--icon"))
        #expect(await cli.run("show", "Swim").status != .success)
        let shown = await cli.run("show", "Run", "--json")
        #expect(shown.output.contains("\"icon\" : \"🏃\""))
    }

    /// `habits export` writes the marks and `habits import habits` brings
    /// them back on another machine.
    @Test(arguments: CLIHarness.Mode.allCases)
    func exportAndImportKeepMarks(mode: CLIHarness.Mode) async throws {
        let cli = try await Self.marked(mode)
        defer { cli.cleanUp() }
        let file = cli.home.appendingPathComponent("export.json").path
        #expect(await cli.run("export", "--output", file).status == .success)
        let other = try await CLIHarness.make(mode)
        defer { other.cleanUp() }
        let imported = await other.run("import", "habits", file)
        #expect(imported.status == .success, "\(imported.error)")
        let shown = await other.run("show", "Run", "--json")
        #expect(shown.output.contains("\"icon\" : \"🏃\""))
        #expect(shown.output.contains("\"color\" : \"#1e90ff\""))
    }
}
