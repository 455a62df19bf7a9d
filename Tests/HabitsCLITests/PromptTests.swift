import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// Questions asked when standard input is a terminal.
@Suite struct PromptTests {
    func terminalHarness() throws -> CLIHarness {
        var cli = try CLIHarness()
        cli.terminal = TerminalTraits(
            inputIsTerminal: true, outputIsTerminal: false, errorIsTerminal: true)
        return cli
    }

    @Test func addAsksForMissingPropertiesWithDefaults() async throws {
        let cli = try terminalHarness()
        defer { cli.cleanUp() }
        // Name, frequency (default), unit, a bad target then a good one, days, start (default).
        let run = await cli.run(
            "add", input: ["Stretch", "", "minutes", "zero", "0", "15", "weekdays", ""])
        #expect(run.status == .success)
        #expect(run.output == "Added #1 Stretch: 15 minutes a day, weekdays, from 2026-03-11.\n")
        #expect(
            run.error == """
                Name: Frequency (daily or weekly) [daily]: Unit [times]: Target per day [1]:   Enter a number such as 8 or 0.5.
                Target per day [1]:   Ensure this value is greater than 0.
                Target per day [1]: Days (daily, weekdays, weekends or mon,wed,fri) [daily]: Start date [today]:\u{20}
                """)
    }

    @Test func addAsksOnlyForWhatIsMissing() async throws {
        let cli = try terminalHarness()
        defer { cli.cleanUp() }
        let run = await cli.run(
            "add", "Run", "--weekly", "--unit", "km", "--days", "sat", input: ["20", "monday"])
        #expect(run.status == .success)
        #expect(run.output == "Added #1 Run: 20 km a week, weekly: Sat, from 2026-03-09.\n")
        #expect(run.error == "Target per week [1]: Start date [today]: ")
    }

    @Test func endOfInputCancels() async throws {
        let cli = try terminalHarness()
        defer { cli.cleanUp() }
        let run = await cli.run("add", "Run", input: ["weekly"])
        #expect(run.status == .failure)
        #expect(run.error.hasSuffix("habits: No answer given; the habit was not added.\n"))
        #expect(await cli.run("list").output.hasPrefix("No habits yet."))
    }
}
