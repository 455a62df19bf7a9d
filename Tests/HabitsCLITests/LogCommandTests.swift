import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `habits log` at a fixed date (today is Wednesday 2026-03-11), in both
/// modes, with hand-checked marks: golden text in ASCII and Unicode, and the
/// number of days chosen for terminals 40, 80 and 200 columns wide.
@Suite struct LogCommandTests {
    /// Read (daily, 10 pages): done 2–5 March, 8 pages on the 6th (missed),
    /// skipped the 7th, done 8–10, nothing yet today. Run (weekly, 20 km on
    /// Mon/Wed/Sat): 20 km in the week of 2 March (done), 5.5 this week.
    func seeded(_ mode: CLIHarness.Mode) async throws -> CLIHarness {
        let cli = try await CLIHarness.make(mode)
        try await cli.add("Read", unit: "pages", target: "10", start: "2026-03-02")
        try await cli.add(
            "Run", "--weekly", unit: "km", target: "20", days: "mon,wed,sat", start: "2026-03-02")
        for day in ["02", "03", "04", "05", "08", "09", "10"] {
            try #require(
                await cli.run("set", "Read", "10", "--date", "2026-03-\(day)").status == .success)
        }
        try #require(await cli.run("set", "Read", "8", "--date", "2026-03-06").status == .success)
        try #require(await cli.run("skip", "Read", "--date", "2026-03-07").status == .success)
        try #require(await cli.run("set", "Run", "20", "--date", "2026-03-04").status == .success)
        try #require(await cli.run("set", "Run", "5.5", "--date", "2026-03-09").status == .success)
        return cli
    }

    /// 26 Feb – 11 Mar (February 2026 has 28 days, so "Mar" stands over the
    /// 4th column and "Feb" has no room before it). Read: blank before its
    /// start, then + + + + x ~ + + + and today to do. Run: its action days
    /// show the week's result (done on Mon 2, Wed 4, Sat 7; this week to do on
    /// Mon 9 and today). Streaks: Read 3 days (8–10, after the miss of the
    /// 6th), Run 1 week. Strength, m = 0.5^(1/13): four done days 1 − m⁴ =
    /// 0.1921, the 6th's 8/10 → 0.2236, the skip leaves it, three done days →
    /// 0.3384: 34%. Run: one done week, 1 − 0.5^(√7/13) = 0.1316: 13%.
    @Test(arguments: CLIHarness.Mode.allCases)
    func goldenASCII(mode: CLIHarness.Mode) async throws {
        let cli = try await seeded(mode)
        defer { cli.cleanUp() }
        let run = await cli.run("log", "--days", "14")
        #expect(run.status == .success, "\(run.error)")
        #expect(
            run.output == """
                          Mar
                HABIT      M      M v  STREAK  STRENGTH
                Read       ++++x~+++.  3 days       34%
                Run        + +  + . .  1 week       13%

                """)
    }

    /// The last week (5–11 March) on a UTF-8 terminal without colour.
    @Test(arguments: CLIHarness.Mode.allCases)
    func goldenUnicodeAndJSON(mode: CLIHarness.Mode) async throws {
        var cli = try await seeded(mode)
        defer { cli.cleanUp() }
        cli.variables["LANG"] = "C.UTF-8"
        cli.variables["NO_COLOR"] = "1"
        cli.terminal = TerminalTraits(
            inputIsTerminal: false, outputIsTerminal: true, errorIsTerminal: false)
        let run = await cli.run("log", "--weeks", "1")
        #expect(
            run.output == """
                       Mar
                HABIT      M ▾  STREAK  STRENGTH
                Read   ✓✗↷✓✓✓∙  3 days       34%
                Run      ✓ ∙ ∙  1 week       13%

                """,
            "\(run.output)")
        let json = await cli.run("log", "--days", "2", "--json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(object["from"] as? String == "2026-03-10")
        #expect(object["to"] as? String == "2026-03-11")
        let habits = try #require(object["habits"] as? [[String: Any]])
        #expect(habits.count == 2)
        let days = try #require(habits.first?["days"] as? [[String: Any]])
        #expect(days.map { $0["state"] as? String } == ["done", "pending"])
        #expect(habits.first?["current_streak"] as? Int == 3)
        #expect((habits.first?["strength"] as? NSNumber)?.stringValue == "0.3384")
    }

    /// On a terminal the strip takes what the width leaves, 60 days at most.
    /// Fixed columns: name 5, gaps 2 + 2 + 2, streak 10 at most, strength 8:
    /// 29, so 40 columns leave 11 days and 80 leave 51.
    @Test(arguments: [(40, 11), (80, 51), (200, 60)])
    func fillsTheTerminal(width: Int, days: Int) async throws {
        var cli = try await seeded(.local)
        defer { cli.cleanUp() }
        cli.terminal = TerminalTraits(
            inputIsTerminal: false, outputIsTerminal: true, errorIsTerminal: false)
        cli.variables["COLUMNS"] = String(width)
        cli.variables["NO_COLOR"] = "1"
        let run = await cli.run("log")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.first { $0.hasPrefix("Read") })
        // Name (5), two spaces, the strip, the streak column ("3 days", 6),
        // the strength column (8).
        #expect(row.count == 5 + 2 + days + 2 + 6 + 2 + 8, "\(run.output)")
        #expect(lines.allSatisfy { TextWidth.of(String($0)) <= width })
    }
}
