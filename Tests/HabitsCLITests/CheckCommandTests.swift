import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `habits check` on a terminal, in both modes (today is Wed 2026-03-11).
@Suite struct CheckCommandTests {
    @Test(arguments: CLIHarness.Mode.allCases)
    func walksThroughWhatIsLeftAndSavesEachAnswer(mode: CLIHarness.Mode) async throws {
        var cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Read", unit: "pages", target: "10", start: "2026-03-10")
        try await cli.add("Water", start: "2026-03-01")
        try await cli.add("Gym", unit: "times", target: "1", start: "2026-03-01")
        try await cli.add("Walk", unit: "km", target: "3", start: "2026-03-01")
        #expect(await cli.run("set", "Read", "10", "--date", "2026-03-10").status == .success)
        cli.terminal = TerminalTraits(
            inputIsTerminal: true, outputIsTerminal: false, errorIsTerminal: true)
        // Read: yes. Water: "lots" (asked again), then 3. Gym: skip. Walk: quit.
        let run = await cli.run("check", input: ["y", "lots", "3", "s", "q"])
        #expect(run.status == .success, "\(run.error)")
        #expect(
            run.error.contains(
                "Read -- 0/10 pages today. Done? [y]es/[n]o/[s]kip/<amount>/[q]uit: "),
            "\(run.error)")
        #expect(run.error.contains("Answer y, n, s, q or an amount such as 2.5."))
        #expect(
            run.output == """
                1 of 4 done today, 1 skipped, 2 still to do.
                Target reached: Read (streak: 2 days).

                """, "\(run.output)")
        cli.terminal = .none
        let list = await cli.run("list", "--json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])
        let states = (object["habits"] as? [[String: Any]] ?? []).map {
            (
                $0["name"] as? String ?? "",
                ($0["completion_data"] as? [String: Any])?["state"] as? String ?? ""
            )
        }
        #expect(states.map(\.0) == ["Read", "Water", "Gym", "Walk"])
        #expect(states.map(\.1) == ["done", "pending", "skipped", "pending"])
        #expect(list.output.contains(#""current" : 3"#), "Water's 3 was saved")
    }

    /// "y" on a weekly habit is one session, as a bare `done` is: a planned
    /// day's share, not the whole week's target.
    @Test(arguments: CLIHarness.Mode.allCases)
    func yesOnAWeeklyHabitIsOneSession(mode: CLIHarness.Mode) async throws {
        var cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Gym", "--weekly", unit: "sessions", target: "3", days: "mon,wed,fri")
        cli.terminal = TerminalTraits(
            inputIsTerminal: true, outputIsTerminal: false, errorIsTerminal: true)
        let run = await cli.run("check", input: ["y"])
        #expect(run.status == .success, "\(run.error)")
        cli.terminal = .none
        let list = await cli.run("list", "--json")
        #expect(list.output.contains(#""current" : 1"#), "\(list.output)")
    }

    @Test func withoutATerminalItPointsToDoneAndSkip() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let run = await cli.run("check")
        #expect(run.status == .usage)
        #expect(
            run.error
                == "habits: 'habits check' asks its questions on a terminal, and there is none "
                + "here.\nIn scripts use 'habits done <habit> [amount]' and 'habits skip <habit>'.\n",
            "\(run.error)")
        let json = await cli.run("check", "--json")
        #expect(json.status == .usage)
        #expect(json.error.contains("There is no JSON form of check"), "\(json.error)")
    }

    /// The summary accounts for every habit of the day.
    @Test func summaryCountsEveryHabit() {
        #expect(
            CheckCommand.summary(
                [.success, .success, .success, .beforeStart, .pending], day: "yesterday")
                == "3 of 5 done yesterday, 1 not started yet, 1 still to do.")
        #expect(
            CheckCommand.summary([.success, .skipped, .rest, .failed], day: "today")
                == "1 of 4 done today, 1 skipped, 1 not planned that day, 1 still to do.")
        #expect(
            CheckCommand.summary([.success], day: "today") == "1 of 1 done today, 0 still to do.")
    }
}
