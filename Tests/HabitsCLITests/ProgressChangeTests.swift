import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `done`, `set`, `skip` and `undo` at the edges (issue 22): bad values,
/// planned skips, entries before the start, the last date there is; in
/// both modes with the same expectations. Today is Wednesday 2026-03-11.
@Suite struct ProgressChangeTests {
    /// Every bad value is a usage error with one sentence, whichever command
    /// and mode: a negative `set` used to be exit 1 with the server's words.
    @Test(arguments: CLIHarness.Mode.allCases)
    func badValuesAreOneUsageErrorInBothModes(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Water")
        let rule = "expected 0 or a number from 0.000001 to 1000000000."
        let cases: [(arguments: [String], argument: String, value: String)] = [
            (["set", "Water", "-1"], "<value>", "-1"),
            (["done", "Water", "-5"], "<amount>", "-5"),
            (["set", "Water", "2000000000"], "<value>", "2000000000"),
            (["done", "Water", "2000000000"], "<amount>", "2000000000"),
            (["set", "Water", "0.0000001"], "<value>", "0.0000001"),
            (["done", "Water", "0.0000001"], "<amount>", "0.0000001"),
        ]
        for (arguments, argument, value) in cases {
            let run = await cli.run(arguments)
            #expect(run.status == .usage, "\(arguments): \(run.error)")
            #expect(
                run.error
                    == "habits: Invalid value '\(value)' for \(argument): \(rule)\n"
                    + "Run 'habits help \(arguments[0])'.\n", "\(arguments)")
        }
        let undo = await cli.run("undo", "Water")
        #expect(undo.output == "Nothing is recorded for Water today.\n", "nothing was recorded")
    }

    /// An addition that would take the day past the most it may hold: exit
    /// 1 and the same sentence in both modes (the server used to word it
    /// as "less than or equal to").
    @Test(arguments: CLIHarness.Mode.allCases)
    func additionPastTheDayLimitReadsTheSameInBothModes(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Steps", unit: "steps", target: "10000")
        #expect(await cli.run("set", "Steps", "999999999").status == .success)
        let run = await cli.run("done", "Steps", "2")
        #expect(run.status == .failure)
        #expect(
            run.error
                == "habits: The progress was not recorded: a day's value may not pass 1000000000.\n"
                + "Check the amount, or record the day with 'habits set'.\n")
        #expect(await cli.run("done", "Steps", "1").status == .success, "up to the limit is fine")
    }

    /// Removing an entry dated before the start says only that it was
    /// removed, not that it "is kept but does not count".
    @Test(arguments: CLIHarness.Mode.allCases)
    func undoBeforeTheStartSaysOnlyWhatWasRemoved(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Water", start: "2026-03-10")
        let set = await cli.run("set", "Water", "3", "--date", "2026-03-05")
        #expect(set.output.contains("is kept but does not count"), "\(set.output)")
        let undo = await cli.run("undo", "Water", "--date", "2026-03-05")
        #expect(undo.status == .success, "\(undo.error)")
        #expect(
            undo.output
                == "Removed the entry on Thu 2026-03-05 (3 glasses). Water: 0/8 glasses on Thu 2026-03-05.\n"
        )
    }

    /// A skip planned ahead is taken back by `undo` of the same day.
    @Test(arguments: CLIHarness.Mode.allCases)
    func plannedSkipCanBeUndone(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Water")
        #expect(await cli.run("skip", "Water", "--date", "tomorrow").status == .success)
        let undo = await cli.run("undo", "Water", "--date", "tomorrow")
        #expect(undo.status == .success, "\(undo.error)")
        #expect(undo.output.hasPrefix("Removed the entry tomorrow (0 glasses, skipped)."))
        let again = await cli.run("undo", "Water", "--date", "tomorrow")
        #expect(again.output == "Nothing is recorded for Water tomorrow.\n")
        // Recording progress ahead stays refused.
        #expect(await cli.run("done", "Water", "--date", "tomorrow").status == .failure)
    }

    /// A habit starting on the last date there is: every read asks only for
    /// dates that exist (its week runs past 9999-12-31), in both modes.
    @Test(arguments: CLIHarness.Mode.allCases)
    func theLastDateThereIsCanBeReadEverywhere(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Far", unit: "times", target: "1", start: "9999-12-31")
        #expect(await cli.run("skip", "Far", "--date", "9999-12-31").status == .success)
        let list = await cli.run("list", "--date", "9999-12-31")
        #expect(list.status == .success, "\(list.error)")
        #expect(list.output.contains("Far"), "\(list.output)")
        let show = await cli.run("show", "Far", "--date", "9999-12-31")
        #expect(show.status == .success, "\(show.error)")
        let export = await cli.run("export")
        #expect(export.status == .success, "\(export.error)")
        #expect(export.output.contains("9999-12-31"), "\(export.output)")
        #expect(export.output.contains(#""skipped" : true"#), "the skip is exported")
        let undo = await cli.run("undo", "Far", "--date", "9999-12-31")
        #expect(undo.status == .success, "\(undo.error)")
    }
}

/// A bare `done` is one session (issue 22: it used to fill a weekly
/// habit's whole target), and says what it added.
@Suite struct BareDoneTests {
    @Test(arguments: CLIHarness.Mode.allCases)
    func bareDoneOnAWeeklyHabitAddsOnePlannedDaysShare(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Gym", "--weekly", unit: "sessions", target: "3", days: "mon,wed,fri")
        let gym = await cli.run("done", "Gym")
        #expect(gym.status == .success, "\(gym.error)")
        #expect(
            gym.output == """
                Added 1 sessions: one planned day's share of 3 a week over 3 days.
                Gym: 1/3 sessions this week, 2 to go.

                """)
        // A whole target is shared in whole units, a fractional one to the
        // millionth; the last session adds only what is left.
        try await cli.add("Run", "--weekly", unit: "km", target: "20", days: "mon,wed,sat")
        #expect(
            await cli.run("done", "Run").output.hasPrefix(
                "Added 7 km: one planned day's share of 20 a week over 3 days.\n"))
        #expect(await cli.run("done", "Run").status == .success)
        let last = await cli.run("done", "Run")
        #expect(
            last.output.hasPrefix(
                "Added 6 km: one planned day's share of 20 a week over 3 days, as much "
                    + "as was left.\nRun: 20/20 km this week. Target reached!"), "\(last.output)")
        try await cli.add("Swim", "--weekly", unit: "km", target: "2.5", days: "mon,wed,sat")
        #expect(
            await cli.run("done", "Swim").output.hasPrefix(
                "Added 0.833334 km: one planned day's share of 2.5 a week over 3 days.\n"))
        // A daily habit's bare done still completes the day, as before.
        try await cli.add("Water")
        #expect(
            await cli.run("done", "Water").output.hasPrefix(
                "Water: 8/8 glasses today. Target reached!"))
    }
}
