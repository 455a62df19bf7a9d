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
        // Name, frequency (default), unit, goal (default), a bad target then a
        // good one, days, start (default), group (none).
        let run = await cli.run(
            "add", input: ["Stretch", "", "minutes", "", "zero", "0", "15", "weekdays", "", ""])
        #expect(run.status == .success)
        #expect(run.output == "Added #1 Stretch: 15 minutes a day, weekdays, from 2026-03-11.\n")
        #expect(
            run.error == """
                Name: Frequency (daily, weekly, monthly or every N days) [daily]: Unit [times]: \
                At least or at most? [at least]: Target per day [1]:   Enter a number such as 8 or 0.5.
                Target per day [1]:   Ensure this value is greater than 0.
                Target per day [1]: Days (daily, weekdays, weekends or mon,wed,fri) [daily]: \
                Start date [today]: Group (Return for none):\u{20}
                """)
    }

    @Test func addAsksOnlyForWhatIsMissing() async throws {
        let cli = try terminalHarness()
        defer { cli.cleanUp() }
        let run = await cli.run(
            "add", "Run", "--weekly", "--unit", "km", "--days", "sat", "--group", "Sport",
            input: ["", "20", "monday"])
        #expect(run.status == .success)
        #expect(run.output == "Added #1 Run: 20 km a week, weekly: Sat, from 2026-03-09.\n")
        #expect(
            run.error
                == "At least or at most? [at least]: Target per week [1]: Start date [today]: ")
    }

    /// Every N days asks for N; at most asks for a limit, which may be 0.
    /// The habit is not stored here (the store of this branch keeps only the
    /// first model), so the questions are what is checked.
    @Test func addAsksForNOfEveryNDaysAndALimit() async throws {
        let cli = try terminalHarness()
        defer { cli.cleanUp() }
        let run = await cli.run(
            "add", "Coffee", "--unit", "cups", "--days", "daily", "--start", "today",
            input: ["every", "1", "3", "at most", "-1", "0", "Health"])
        #expect(
            run.error.hasPrefix(
                """
                Frequency (daily, weekly, monthly or every N days) [daily]: \
                Every how many days (2–365) [3]:   Enter a whole number of days from 2 to 365.
                Every how many days (2–365) [3]: At least or at most? [at least]: \
                Limit per 3 days [1]:   Ensure this value is greater than or equal to 0.
                Limit per 3 days [1]: Group (Return for none):\u{20}
                """), "\(run.error)")
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
