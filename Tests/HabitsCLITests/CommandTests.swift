import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// The commands, each test in local mode and in server mode (an in-process
/// habits-server) with the same expectations; today is Wednesday 2026-03-11.
/// Tests of what only one mode has (local status, server flags) take no mode.
@Suite struct CommandTests {
    @Test(arguments: CLIHarness.Mode.allCases)
    func freshMachineAddsAndLists(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        let empty = await cli.run("list")
        #expect(empty.status == .success)
        #expect(
            empty.output
                == "No habits yet. Add one: habits add \"Drink water\" --daily --unit glasses --target 8 --days daily --start today\n"
        )
        let added = try await cli.add("Drink water")
        #expect(added.output == "Added #1 Drink water: 8 glasses a day, daily, from 2026-03-01.\n")
        let database = cli.home.appendingPathComponent(".local/share/habits/habits.sqlite3")
        if mode == .local {
            #expect(FileManager.default.fileExists(atPath: database.path))
            let attributes = try FileManager.default.attributesOfItem(
                atPath: database.deletingLastPathComponent().path)
            #expect((attributes[.posixPermissions] as? Int) == 0o700)
        } else {
            // Server mode keeps nothing of the habits on this machine but the cache.
            #expect(!FileManager.default.fileExists(atPath: database.path))
        }
        let list = await cli.run("list")
        #expect(list.status == .success)
        #expect(list.output.contains("Drink water  0/8 glasses  daily"))
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func listPutsPendingFirstThenCompletedThenNotDue(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Read", unit: "pages", target: "30")
        try await cli.add("Drink water")
        try await cli.add("Gym", unit: "times", target: "1", days: "mon,fri")
        try await cli.add("Run", "--weekly", unit: "km", target: "20", days: "mon,wed,sat")
        #expect(await cli.run("done", "Read").status == .success)
        #expect(await cli.run("done", "Run", "5.5").status == .success)
        let list = await cli.run("list")
        #expect(
            list.output == """
                Wednesday 2026-03-11 (today)

                     ID  HABIT        PROGRESS     FREQUENCY               STREAK  STRENGTH

                To do
                  .   2  Drink water  0/8 glasses  daily                   0 days        0%
                  .   4  Run          5.5/20 km    weekly: Mon, Wed, Sat  0 weeks        0%

                Completed
                  +   1  Read         30/30 pages  daily                    1 day        5%

                Not due
                      3  Gym          0/1 times    Mon, Fri                0 days        0%

                """)
    }

    /// Without a terminal only the name is required: the rest takes the
    /// prompt's defaults, and the output says which.
    @Test(arguments: CLIHarness.Mode.allCases)
    func addWithoutATerminalTakesThePromptsDefaults(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        let run = await cli.run("add", "--unit", "km")
        #expect(run.status == .usage)
        #expect(run.output.isEmpty)
        #expect(
            run.error
                == "habits: Missing <name> (there is no terminal to ask on).\nRun 'habits help add'.\n"
        )
        let added = await cli.run("add", "Meditate", "--daily", "--start", "2026-11-01")
        #expect(added.status == .success, "\(added.error)")
        let lines = added.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("Added #1 Meditate: "), "\(added.output)")
        #expect(lines[0].hasSuffix(", daily, from 2026-11-01."), "\(added.output)")
        #expect(
            lines.last.map(String.init)
                == "Not given, so the defaults: --unit times, --target 1, --days daily (change "
                + "them with 'habits edit 1').")
        let show = await cli.run("show", "1", "--json")
        #expect(show.output.contains(#""measurement_type" : "times""#), "\(show.output)")
        #expect(show.output.contains(#""target_value" : 1"#))
        #expect(show.output.contains(#""action_days" : ["#))
        let bare = await cli.run("add", "Stretch")
        #expect(
            bare.output.hasSuffix(
                "Not given, so the defaults: --daily, --unit times, --target 1, --days daily, "
                    + "--start 2026-03-11 (change them with 'habits edit 2').\n"),
            "\(bare.output)")
        let json = await cli.run("add", "Walk", "--json")
        #expect(json.status == .success)
        #expect(json.output.hasPrefix("{"), "JSON output stays JSON: \(json.output)")
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func validationProblemsAreShownPerField(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        let run = await cli.run(
            "add", "  ", "--daily", "--unit", "", "--target", "0", "--days", "daily", "--start",
            "today")
        #expect(run.status == .failure)
        #expect(
            run.error == """
                habits: The habit was not added:
                  name: This field may not be blank.
                  --unit: This field may not be blank.
                  --target: Ensure this value is greater than 0.

                """)
        let conflicting = await cli.run("add", "x", "--daily", "--weekly")
        #expect(conflicting.status == .usage)
        #expect(
            conflicting.error.hasPrefix(
                "habits: The options '--daily' and '--weekly' cannot be used together."))
        let badDays = await cli.run("add", "x", "--days", "mon,funday")
        #expect(badDays.status == .usage)
        #expect(badDays.error.contains("'mon,funday' for --days"))
    }

    /// Input is checked once, before either backend: the same words in
    /// both modes (server mode used to say "The server refused the input").
    @Test(arguments: CLIHarness.Mode.allCases)
    func badEditsAndValuesReadTheSameInBothModes(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Water")
        let edit = await cli.run("edit", "1", "--target", "0")
        #expect(edit.status == .failure)
        #expect(
            edit.error
                == "habits: The habit was not changed:\n  --target: Ensure this value is greater than 0.\n"
        )
        let set = await cli.run("set", "1", "2000000000", "--date", "2026-03-10")
        #expect(set.status == .usage)
        #expect(
            set.error.hasPrefix("habits: Invalid value '2000000000' for <value>: "), "\(set.error)")
        let show = await cli.run("show", "1", "--json")
        #expect(show.output.contains(#""target_value" : 8"#), "nothing was changed")
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func sixteenthActiveHabitIsRefused(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        for number in 1...15 { try await cli.add("Habit \(number)") }
        let run = await cli.run(
            "add", "One more", "--daily", "--unit", "x", "--target", "1", "--days", "daily",
            "--start", "today")
        #expect(run.status == .failure)
        #expect(
            run.error.hasPrefix(
                "habits: You already have 15 active habits.\n"
                    + "Archive one with 'habits archive <habit>' and try again.\n"))
        #expect(await cli.run("archive", "Habit 3").status == .success)
        #expect(
            await cli.run(
                "add", "One more", "--daily", "--unit", "x", "--target", "1", "--days", "daily",
                "--start", "today"
            ).status == .success)
        let unarchive = await cli.run("unarchive", "Habit 3")
        #expect(unarchive.status == .failure)
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func doneAddsWhatIsLeftAndPrintsTheStreakOnReachingTheTarget(mode: CLIHarness.Mode) async throws
    {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Drink water")
        #expect(await cli.run("done", "1", "--date", "2026-03-09").status == .success)
        #expect(await cli.run("done", "1", "--date", "tue").status == .success)
        let partial = await cli.run("done", "drink water", "3")
        #expect(partial.output == "Drink water: 3/8 glasses today, 5 to go.\n")
        let rest = await cli.run("done", "1")
        #expect(rest.output == "Drink water: 8/8 glasses today. Target reached! Streak: 3 days.\n")
        let again = await cli.run("done", "1")
        #expect(again.output == "Drink water: 8/8 glasses today; the target is already reached.\n")
        let more = await cli.run("done", "1", "2")
        #expect(more.output == "Drink water: 10/8 glasses today; the target was already reached.\n")
        // A note changed on a finished day says so, and does not celebrate again.
        #expect(await cli.run("done", "1", "--note", "cold").status == .success)
        let removed = await cli.run("done", "1", "--note", "")
        #expect(
            removed.output
                == "Drink water: 10/8 glasses today; the target was already reached.\n"
                + "Removed the note today.\n", "\(removed.output)")
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func weeklyDoneCountsTheWeek(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Run", "--weekly", unit: "km", target: "0.8", days: "mon,wed")
        let first = await cli.run("done", "Run", "0.7", "--date", "monday")
        #expect(first.output == "Run: 0.7/0.8 km this week, 0.1 to go.\n")
        let second = await cli.run("done", "Run", "0.1")
        #expect(second.output == "Run: 0.8/0.8 km this week. Target reached! Streak: 1 week.\n")
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func setSkipAndUndo(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Drink water")
        #expect(
            await cli.run("set", "1", "5").output == "Drink water: 5/8 glasses today, 3 to go.\n")
        #expect(
            await cli.run("skip", "1").output
                == "Drink water: marked skipped today (5/8 glasses today).\n")
        #expect(
            await cli.run("undo", "1").output
                == "Removed the entry today (5 glasses, skipped). Drink water: 0/8 glasses today.\n"
        )
        #expect(await cli.run("undo", "1").output == "Nothing is recorded for Drink water today.\n")
        let negative = await cli.run("set", "1", "-1")
        #expect(negative.status == .usage)
        #expect(
            negative.error
                == "habits: Invalid value '-1' for <value>: expected 0 or a number from 0.000001 "
                + "to 1000000000.\nRun 'habits help set'.\n")
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func progressOnAFutureDayIsRefused(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Drink water")
        let run = await cli.run("done", "1", "--date", "tomorrow")
        #expect(run.status == .failure)
        #expect(
            run.error
                == "habits: 2026-03-12 is in the future; progress can be recorded up to today (2026-03-11).\n"
        )
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func entryOnARestDayIsKeptWithANote(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Gym", unit: "times", target: "1", days: "mon,fri")
        let run = await cli.run("done", "Gym")
        #expect(run.status == .success)
        #expect(
            run.output.hasSuffix(
                "Note: Wednesday is not one of this habit's days; the entry is kept but does not count.\n"
            ))
    }

    /// A weekly habit started on a Saturday with Monday as its only day has
    /// no counted first week: an entry that Sunday is kept but does not count.
    @Test(arguments: CLIHarness.Mode.allCases)
    func entryInAnUncountedFirstWeekGetsANote(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add(
            "Swim", "--weekly", unit: "km", target: "2", days: "mon", start: "2026-03-07")
        let run = await cli.run("done", "Swim", "1", "--date", "2026-03-08")
        #expect(run.status == .success, "\(run.error)")
        #expect(
            run.output.hasSuffix(
                "Note: the week of 2026-03-02 has none of this habit's days on or after its "
                    + "start (2026-03-07), so it is not counted; the entry is kept.\n"),
            "\(run.output)")
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func unknownAndAmbiguousNames(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Run")
        try #require(await cli.run("archive", "Run").status == .success)
        try await cli.add("run", unit: "km")
        let ambiguous = await cli.run("show", "RUN")
        #expect(ambiguous.status == .failure)
        #expect(
            ambiguous.error == """
                habits: The name 'RUN' matches 2 habits; use an id instead:
                  #1  Run (archived)
                  #2  run
                For example: habits show 1

                """)
        let missing = await cli.run("done", "Swim")
        #expect(missing.status == .failure)
        #expect(
            missing.error
                == "habits: No habit matches 'Swim'.\nSee the ids and names with 'habits list --all'.\n"
        )
    }

    /// An id finds its habit, archived too (a name of only digits, which
    /// would compete with ids, is refused: see HabitNameTests).
    @Test(arguments: CLIHarness.Mode.allCases)
    func idsFindHabits(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Walk")
        try await cli.add("Run")
        try #require(await cli.run("archive", "2").status == .success)
        let byID = await cli.run("show", "#2")
        #expect(byID.output.hasPrefix("#2 Run (archived)\n"), "\(byID.output)\(byID.error)")
        #expect(await cli.run("show", "2").output.hasPrefix("#2 Run (archived)\n"))
        let missing = await cli.run("show", "#99")
        #expect(missing.status == .failure)
        #expect(
            missing.error
                == "habits: No habit matches '#99'.\nSee the ids and names with 'habits list --all'.\n"
        )
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func editChangesOnlyWhatIsGiven(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Drink water")
        let run = await cli.run("edit", "1", "--name", "Water", "--target", "10")
        #expect(run.output == "Updated #1 Water: 10 glasses a day, daily, from 2026-03-01.\n")
        let nothing = await cli.run("edit", "1")
        #expect(nothing.status == .usage)
        let invalid = await cli.run("edit", "1", "--target", "2000000")
        #expect(invalid.status == .failure)
        #expect(
            invalid.error.contains("--target: Ensure this value is less than or equal to 1000000."))
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func archivedHabitsOnlyWithAll(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Drink water")
        try await cli.add("Read", unit: "pages")
        let archive = await cli.run("archive", "Read")
        #expect(
            archive.output
                == "Archived #2 Read; its history is kept. Bring it back with: habits unarchive 2\n"
        )
        #expect(!(await cli.run("list").output.contains("Read")))
        let all = await cli.run("list", "--all")
        #expect(all.output.contains("\nArchived\n") && all.output.contains("Read"))
        #expect(await cli.run("archive", "1").status == .success)
        #expect(
            await cli.run("list").output
                == "No active habits. See the archived ones with: habits list --all\n")
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func deleteNeedsConfirmation(mode: CLIHarness.Mode) async throws {
        var cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Drink water")
        let refused = await cli.run("delete", "1")
        #expect(refused.status == .usage)
        #expect(
            refused.error.hasPrefix(
                "habits: Refusing to delete #1 Drink water without confirmation: add --yes"))
        cli.terminal = TerminalTraits(
            inputIsTerminal: true, outputIsTerminal: true, errorIsTerminal: true)
        let declined = await cli.run("delete", "1", input: [""])
        #expect(declined.status == .success)
        #expect(
            declined.error
                == "Delete #1 Drink water and all its progress? This cannot be undone. [y/N] ")
        #expect(declined.output == "Nothing was deleted.\n")
        let confirmed = await cli.run("delete", "1", input: ["maybe", "y"])
        #expect(confirmed.output == "Deleted #1 Drink water.\n")
        #expect(confirmed.error.contains("Answer y or n."))
        cli.terminal = .none
        try await cli.add("Read")
        #expect(await cli.run("delete", "Read", "--yes").output == "Deleted #2 Read.\n")
        #expect(await cli.run("list").output.hasPrefix("No habits yet."))
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func remindListsWhatIsLeftAndAlwaysExitsZero(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        let nothing = await cli.run("remind")
        #expect(nothing.status == .success && nothing.output == "Nothing is due today.\n")
        try await cli.add("Drink water")
        try await cli.add("Run", "--weekly", unit: "km", target: "20", days: "sat")
        try await cli.add("Gym", unit: "times", target: "1", days: "mon")
        #expect(await cli.run("done", "Run", "5").status == .success)
        let pending = await cli.run("remind")
        #expect(pending.status == .success)
        #expect(
            pending.output == """
                2 habits still to do today:
                  .  #1  Drink water  0/8 glasses today, 8 to go
                  .  #2  Run          5/20 km this week, 15 to go
                Record progress with: habits done <id>

                """)
        #expect(await cli.run("remind", "--quiet").output == pending.output)
        #expect(await cli.run("done", "1").status == .success)
        #expect(await cli.run("done", "2").status == .success)
        let done = await cli.run("remind", "--quiet")
        #expect(done.status == .success && done.output.isEmpty && done.error.isEmpty)
        #expect(await cli.run("remind").output == "All done today.\n")
    }

    @Test func remindInstallPrintsACrontabLine() async throws {
        var cli = try CLIHarness()
        defer { cli.cleanUp() }
        cli.variables["XDG_DATA_HOME"] = "/srv/habits data"
        let run = await cli.run("remind", "--install", "--at", "7:30")
        #expect(run.status == .success)
        let lines = run.output.split(separator: "\n")
        #expect(
            lines.last
                == "30 7 * * * XDG_DATA_HOME='/srv/habits data' /opt/habits/bin/habits remind --quiet"
        )
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("#") })
        #expect(await cli.run("remind", "--install", "--at", "25:00").status == .usage)
    }

    @Test func statusAndConfigInLocalMode() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let status = await cli.run("status")
        #expect(status.status == .success)
        #expect(status.output.hasPrefix("Mode:      local"))
        #expect(await cli.run("config", "get", "server").status == .failure)
        let set = await cli.run("config", "set", "server", "http://127.0.0.1:8000/api")
        #expect(set.status == .success)
        #expect(set.output.hasPrefix("server = http://127.0.0.1:8000/api/\n"))
        #expect(await cli.run("config", "get", "server").output == "http://127.0.0.1:8000/api/\n")
        let file = cli.home.appendingPathComponent(".config/habits/config.json")
        let saved =
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: String]
        #expect(saved == ["server": "http://127.0.0.1:8000/api/"])
        let insecure = await cli.run("config", "set", "server", "http://habits.example.com/api/")
        #expect(insecure.status == .failure)
        #expect(insecure.error.contains("habits config set allow-insecure-http true"))
        #expect(await cli.run("config", "set", "colour", "red").status == .usage)
        #expect(
            await cli.run("config", "unset", "server").output
                == "Unset server: commands now use the local database.\n")
        #expect(await cli.run("status").output.hasPrefix("Mode:      local"))
    }

    @Test func plainHTTPToAnotherMachineNeedsTheInsecureSetting() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let remote = "http://habits.example.com/api/"
        let refused = await cli.run("--server", remote, "status")
        #expect(refused.status == .usage)
        #expect(refused.output.isEmpty)
        #expect(refused.error.contains("plain http:// to habits.example.com"))
        #expect(refused.error.contains("habits config set allow-insecure-http true"))

        #expect(await cli.run("config", "set", "allow-insecure-http", "maybe").status == .usage)
        let allowed = await cli.run("config", "set", "allow-insecure-http", "yes")
        #expect(allowed.output == "allow-insecure-http = true\n")
        #expect(await cli.run("config", "set", "server", remote).status == .success)
        // Not signed in (77), which needs no network: the URL itself was accepted.
        let status = await cli.run("status")
        #expect(status.status == .notSignedIn)
        #expect(
            status.output.contains(
                "\(remote) (from the config file; plain http to another machine, not encrypted)"))

        #expect(await cli.run("config", "set", "allow-insecure-http", "off").status == .success)
        let refusedAgain = await cli.run("status")
        #expect(refusedAgain.status == .failure)
        #expect(refusedAgain.error.contains("(The server comes from the config file.)"))
    }

    @Test func serverFlagOverridesAndUnreachableServerExits69() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let notSignedIn = await cli.run("--server", "http://127.0.0.1:9/api/", "list")
        #expect(notSignedIn.status == .notSignedIn)
        #expect(notSignedIn.error.contains("habits auth email"))
        let auth = await cli.run(
            "auth", "email", "you@example.com", "--server", "http://127.0.0.1:9/api/")
        #expect(auth.status == .unavailable)
        #expect(auth.error.hasPrefix("habits: Cannot reach the habits server at 127.0.0.1:9"))
        let bad = await cli.run("list", "--server", "ftp://x")
        #expect(bad.status == .usage)
    }

    /// Each entry's name is what finds the command; its spec is only built
    /// for the command that runs, so the two must agree.
    @Test func everyEntryIsNamedAsItsSpec() {
        let entries = HabitsCommandLine.commands + HabitsCommandLine.hidden
        for entry in entries {
            #expect(entry.name == entry.spec.name)
            #expect(HabitsCommandLine.command(named: entry.spec.name)?.name == entry.spec.name)
        }
        #expect(Set(entries.map(\.name)).count == entries.count)
    }

    @Test func helpAndVersion() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(await cli.run("--version").output == "habits \(HabitsCommandLine.version)\n")
        let overview = await cli.run()
        #expect(overview.status == .success && overview.output.contains("Commands:"))
        for entry in HabitsCommandLine.commands {
            let help = await cli.run("help", entry.spec.name)
            #expect(help.status == .success)
            #expect(help.output.hasPrefix("Usage: habits \(entry.spec.name)"))
            #expect(
                help.output.contains("Examples:\n  habits \(entry.spec.name)"), "\(entry.spec.name)"
            )
            #expect(await cli.run(entry.spec.name, "--help").output == help.output)
            #expect(!help.output.split(separator: "\n").contains { $0.hasSuffix(" ") })
        }
        #expect(await cli.run("list", "-h").output.hasPrefix("Usage: habits list"))
        let unknown = await cli.run("lsit")
        #expect(unknown.status == .usage)
        #expect(
            unknown.error
                == "habits: Unknown command 'lsit'; did you mean 'list'?\nRun 'habits help'.\n")
        #expect(await cli.run("help", "nope").status == .usage)
        #expect(await cli.run("--bogus", "list").status == .usage)
    }
}

/// Holidays: a range of planned days skipped in one go, for one habit or
/// all, in both modes; undone the same way.
@Suite struct HolidayTests {
    @Test(arguments: CLIHarness.Mode.allCases)
    func aHolidayAheadIsSkippedAndKeepsRemindQuiet(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Water")
        try await cli.add("Gym", unit: "times", target: "1", days: "mon,wed,fri")
        // Today (Wed 11 March) to Sunday 15: Water 5 days, Gym Wed and Fri.
        let run = await cli.run("skip", "--all", "--from", "today", "--to", "2026-03-15")
        #expect(run.status == .success, "\(run.error)")
        #expect(
            run.output == """
                Water: 5 planned days marked skipped from 2026-03-11 to 2026-03-15.
                Gym: 2 planned days marked skipped from 2026-03-11 to 2026-03-15.

                """)
        let remind = await cli.run("remind")
        #expect(remind.output.isEmpty || !remind.output.contains("Water"), "\(remind.output)")
        let ahead = await cli.run("list", "--date", "2026-03-13", "--json")
        #expect(ahead.output.contains(#""state" : "skipped""#), "\(ahead.output)")
        // Again: nothing left to do.
        let again = await cli.run("skip", "Gym", "--from", "today", "--to", "2026-03-15")
        #expect(again.output == "Gym: no planned day from 2026-03-11 to 2026-03-15 left to skip.\n")
        // Doing it today after all un-skips today (recording progress does),
        // so the undo finds 4 marks; the value recorded today stays.
        #expect(await cli.run("done", "Water", "3").status == .success)
        let undo = await cli.run("undo", "--all", "--from", "today", "--to", "2026-03-15")
        #expect(undo.status == .success, "\(undo.error)")
        #expect(undo.output.contains("Water: the skip mark removed from 4 days"), "\(undo.output)")
        let show = await cli.run("show", "Water", "--json")
        #expect(show.output.contains(#""skipped" : true"#) == false, "\(show.output)")
        #expect(show.output.contains(#""value" : 3"#), "\(show.output)")
    }

    @Test func rangesAreCheckedBeforeAnythingIsWritten() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try await cli.add("Water")
        let onlyFrom = await cli.run("skip", "Water", "--from", "2026-03-10")
        #expect(onlyFrom.status == .usage)
        #expect(
            onlyFrom.error.hasPrefix("habits: Missing option --to (--from needs it).\n"),
            "\(onlyFrom.error)")
        let noHabit = await cli.run("skip")
        #expect(noHabit.error.hasPrefix("habits: Missing argument <habit>.\n"), "\(noHabit.error)")
        #expect(
            await cli.run("skip", "Water", "--from", "2026-03-10", "--to", "2026-03-01").status
                == .usage)
        // 367 days, both ends included (2026-01-01 to 2027-01-01 would be 366).
        #expect(
            await cli.run("skip", "Water", "--from", "2026-01-01", "--to", "2027-01-02").status
                == .usage)
        #expect(await cli.run("skip", "--all").status == .usage)
        #expect(
            await cli.run("skip", "Water", "--all", "--from", "today", "--to", "today").status
                == .usage)
        let show = await cli.run("show", "Water", "--json")
        #expect(!show.output.contains(#""skipped" : true"#))
    }

    /// The default unit reads as the word table says it: once, twice, 3 times.
    @Test func onceADay() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let once = try await cli.add("Stretch", unit: "times", target: "1")
        #expect(once.output.hasPrefix("Added #1 Stretch: once a day, "), "\(once.output)")
        let twice = try await cli.add("Floss", unit: "times", target: "2")
        #expect(twice.output.hasPrefix("Added #2 Floss: twice a day, "), "\(twice.output)")
        let thrice = try await cli.add("Nap", unit: "times", target: "3")
        #expect(thrice.output.hasPrefix("Added #3 Nap: 3 times a day, "), "\(thrice.output)")
        let show = await cli.run("show", "Stretch")
        #expect(show.output.contains("  once a day, daily"), "\(show.output)")
    }
}
