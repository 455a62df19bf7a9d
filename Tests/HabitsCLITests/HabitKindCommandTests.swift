import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `add`, `edit`, `done`, `check` and `show --json` with the periods, goals
/// and groups of issue 38, in both modes (today is Wednesday 2026-03-11).
@Suite struct HabitKindCommandTests {
    /// What is refused on the command line is refused before anything is
    /// sent, in the same words in both modes.
    @Test(arguments: CLIHarness.Mode.allCases)
    func badOptionsAreUsageErrors(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        for bad in ["1", "366", "3.5", "three"] {
            let run = await cli.run("add", "Water plants", "--every", bad)
            #expect(run.status == .usage, "\(bad)")
            #expect(
                run.error.hasPrefix(
                    "habits: Invalid value '\(bad)' for --every: expected a whole number of days "
                        + "from 2 to 365, such as --every 3."), "\(run.error)")
        }
        let both = await cli.run("add", "Rent", "--monthly", "--every", "3")
        #expect(both.status == .usage)
        #expect(both.error.contains("'--monthly' and '--every' cannot be used together"))
        let goals = await cli.run("add", "Coffee", "--at-most", "--at-least")
        #expect(goals.status == .usage)
        #expect(goals.error.contains("'--at-least' and '--at-most' cannot be used together"))
        try await cli.add("Drink water")
        let nothing = await cli.run("edit", "1")
        #expect(nothing.status == .usage)
        #expect(nothing.error.contains("--monthly, --every, --at-least, --at-most"))
        #expect(nothing.error.contains("--group"))
        #expect(await cli.run("list", "--json").output.contains("Drink water"))
    }

    /// Field problems name the options: a target of 0 needs --at-most, a
    /// group has the unit's rules.
    @Test(arguments: CLIHarness.Mode.allCases)
    func fieldProblemsNameTheOptions(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        let zero = await cli.run("add", "Smoking", "--at-least", "--target", "0")
        #expect(zero.status == .failure)
        #expect(
            zero.error.contains("--target: Ensure this value is greater than 0."), "\(zero.error)")
        let group = await cli.run("add", "Read", "--group", String(repeating: "g", count: 33))
        #expect(group.status == .failure)
        #expect(group.error.contains("The habit was not added:\n  --group: "), "\(group.error)")
        #expect(await cli.run("list").output.hasPrefix("No habits yet."))
    }

    /// The new kinds end to end, in local and server mode.
    @Test(arguments: CLIHarness.Mode.allCases)
    func addEditDoneAndCheckEachKind(mode: CLIHarness.Mode) async throws {
        var cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        let rent = await cli.run(
            "add", "Rent", "--monthly", "--days", "daily", "--start", "2026-03-01", "--target",
            "1", "--unit", "times", "--group", "Home")
        #expect(rent.output == "Added #1 Rent: once a month, from 2026-03-01.\n")
        let plants = await cli.run(
            "add", "Water plants", "--every", "3", "--days", "daily", "--start", "2026-03-01",
            "--target", "1", "--unit", "times")
        #expect(
            plants.output
                == "Added #2 Water plants: every 3 days, from 2026-03-01.\n")
        let coffee = await cli.run(
            "add", "Coffee", "--daily", "--at-most", "--unit", "cups", "--target", "2", "--days",
            "daily", "--start", "2026-03-01")
        #expect(coffee.output == "Added #3 Coffee: at most 2 cups a day, daily, from 2026-03-01.\n")
        let none = await cli.run(
            "add", "Smoking", "--at-most", "--unit", "cigarettes", "--target", "0", "--days",
            "daily", "--start", "2026-03-01")
        #expect(none.output.hasPrefix("Added #4 Smoking: no cigarettes a day, daily"))
        // JSON carries goal always, period_days and group when set.
        let json = await cli.run("show", "2", "--json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let habit = try #require(object["habit"] as? [String: Any])
        #expect(habit["frequency"] as? String == "EVERY_N_DAYS")
        #expect(habit["period_days"] as? Int == 3)
        #expect(habit["goal"] as? String == "AT_LEAST")
        #expect(habit["group"] == nil)
        // Bare done: one unit of a monthly habit, one cup of an at-most one.
        #expect(await cli.run("done", "Rent").output.hasPrefix("Rent: 1/1 times this month."))
        #expect(await cli.run("done", "Coffee").output == "Coffee: 1/2 cups today, 1 left.\n")
        #expect(
            await cli.run("done", "Coffee", "2").output
                == "Coffee: 3/2 cups today, over the limit by 1.\n")
        // Edit: the group goes, the period changes, the goal changes.
        let edited = await cli.run("edit", "Rent", "--group", "none", "--every", "30", "--json")
        let rentJSON = try #require(
            try JSONSerialization.jsonObject(with: Data(edited.output.utf8)) as? [String: Any])
        #expect(rentJSON["group"] == nil)
        #expect(rentJSON["period_days"] as? Int == 30)
        let daily = await cli.run("edit", "Rent", "--daily", "--json")
        #expect(!daily.output.contains("period_days"))
        // check asks the at-most habit how many (Smoking is within 0).
        cli.terminal = TerminalTraits(
            inputIsTerminal: true, outputIsTerminal: false, errorIsTerminal: true)
        let check = await cli.run("check", input: ["n", "q"])
        #expect(check.error.contains("How many? <amount>/[n]one/[s]kip/[q]uit"), "\(check.error)")
    }
}
