import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `habits heatmap` and `show --heatmap`, in both modes. Today is Wednesday
/// 2026-03-11; the habit is ShowCommandTests' Drink water, 8 a day from
/// Sunday 2026-03-01: done on the 1st, 2nd, 5th–7th, 9th and 10th, 3 on the
/// 3rd (missed), skipped on the 4th, nothing on the 8th, 2 so far today.
@Suite struct HeatmapCommandTests {
    func seeded(_ mode: CLIHarness.Mode) async throws -> CLIHarness {
        let cli = try await CLIHarness.make(mode)
        try await cli.add("Drink water")
        let values = [
            "01": "8", "02": "8", "03": "3", "05": "8", "06": "8", "07": "10", "09": "8", "10": "8",
            "11": "2",
        ]
        for (day, value) in values {
            let run = await cli.run("set", "1", value, "--date", "2026-03-\(day)")
            try #require(run.status == .success, "\(run.error)")
        }
        try #require(await cli.run("skip", "1", "--date", "2026-03-04").status == .success)
        return cli
    }

    /// The twelve months ending today begin on Thursday 2025-03-12, so the
    /// first column is the week of Monday 2025-03-10 and the last (the 53rd,
    /// column 52) the week of Monday 2026-03-09; 1 to 8 March are column 51.
    @Test(arguments: CLIHarness.Mode.allCases)
    func theTwelveMonthsEndingToday(mode: CLIHarness.Mode) async throws {
        let cli = try await seeded(mode)
        defer { cli.cleanUp() }
        let run = await cli.run("heatmap", "Drink water")
        #expect(run.status == .success, "\(run.error)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "#1 Drink water")
        #expect(lines[1] == "")
        #expect(lines[2] == "2025-03-12 to 2026-03-11")
        // No room for March's label before April's (1 April: column 3).
        #expect(lines[3].hasPrefix("      Apr May"))
        func row(_ marks: String, at column: Int) -> String {
            String(repeating: " ", count: 3 + column - 2) + marks
        }
        #expect(lines[4] == "Mo" + row("++", at: 51))
        #expect(lines[5] == "Tu" + row("x+", at: 51))
        #expect(lines[6] == "We" + row("~<", at: 51))
        #expect(lines[7] == "Th" + row("+", at: 51))
        #expect(lines[8] == "Fr" + row("+", at: 51))
        #expect(lines[9] == "Sa" + row("+", at: 51))
        #expect(lines[10] == "Su" + row("+x", at: 50))
        #expect(lines[12] == "+ done  x missed  ~ skipped  < today: to do")
        // The same through show.
        let show = await cli.run("show", "1", "--heatmap")
        #expect(show.status == .success)
        #expect(show.output == run.output)
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func jsonShape(mode: CLIHarness.Mode) async throws {
        let cli = try await seeded(mode)
        defer { cli.cleanUp() }
        let run = await cli.run("heatmap", "1", "--year", "2026", "--json")
        #expect(run.status == .success, "\(run.error)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["habit", "from", "to", "days"])
        #expect(object["from"] as? String == "2026-01-01")
        #expect(object["to"] as? String == "2026-12-31")
        #expect((object["habit"] as? [String: Any])?["name"] as? String == "Drink water")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 365)
        #expect(days.allSatisfy { Set($0.keys) == ["date", "state", "value"] })
        // 1 January is day 0, 1 March day 59.
        #expect(days[0]["date"] as? String == "2026-01-01")
        #expect(days[0]["state"] as? String == "before_start")
        #expect(days[0]["value"] is NSNull)
        #expect(days[61]["state"] as? String == "failed")
        #expect(days[61]["value"] as? Int == 3)
        #expect(days[62]["state"] as? String == "skipped")
        #expect(days[69]["date"] as? String == "2026-03-11")
        #expect(days[69]["state"] as? String == "pending")
        #expect(days[69]["value"] as? Int == 2)
        #expect(days[70]["state"] as? String == "future")
        // As of --date, the range ends there.
        let earlier = await cli.run("show", "1", "--heatmap", "--date", "2026-03-05", "--json")
        let asOf = try #require(
            try JSONSerialization.jsonObject(with: Data(earlier.output.utf8)) as? [String: Any])
        #expect(asOf["from"] as? String == "2025-03-06")
        #expect(asOf["to"] as? String == "2026-03-05")
        #expect((asOf["days"] as? [[String: Any]])?.last?["state"] as? String == "done")
    }

    @Test func onAUnicodeColourTerminal() async throws {
        var cli = try await seeded(.local)
        defer { cli.cleanUp() }
        cli.terminal = TerminalTraits(outputIsTerminal: true, width: 40)
        cli.variables["LANG"] = "en_GB.UTF-8"
        let run = await cli.run("heatmap", "1")
        #expect(run.status == .success)
        #expect(run.output.contains("Last 37 of 53 weeks"))
        #expect(run.output.contains("\u{2713}"))
        #expect(run.output.contains("\u{1B}[\(HeatmapRenderer.greens[3])m"))
        // 3 of 8 on the 3rd: missed, in the second shade (3/8 ≥ 1/3).
        #expect(run.output.contains("\u{1B}[\(HeatmapRenderer.greens[1])m\u{2717}"))
        cli.variables["NO_COLOR"] = "1"
        #expect(!(await cli.run("heatmap", "1").output.contains("\u{1B}[3")))
    }

    @Test func badInput() async throws {
        let cli = try await seeded(.local)
        defer { cli.cleanUp() }
        let conflict = await cli.run("show", "1", "--heatmap", "--months", "3")
        #expect(conflict.status == .usage)
        #expect(conflict.error.contains("--heatmap"))
        let year = await cli.run("heatmap", "1", "--year", "26")
        #expect(year.status == .usage)
        #expect(year.error.hasPrefix("habits: Invalid value '26' for --year"))
        let missing = await cli.run("heatmap", "Nothing")
        #expect(missing.status == .failure)
        #expect(missing.error.hasPrefix("habits: No habit matches 'Nothing'."))
        let help = await cli.run("heatmap", "--help")
        #expect(help.output.contains("By default the twelve months ending today"))
    }
}
