import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `--note` on `done`, `set` and `skip`, and the notes in `show`, in both
/// modes with the same expectations. Today is Wednesday 2026-03-11.
@Suite struct NoteCommandTests {
    @Test(arguments: CLIHarness.Mode.allCases)
    func aNoteIsAttachedKeptReplacedAndRemoved(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Run", unit: "km", target: "5")

        let noted = await cli.run("done", "Run", "2", "--note", "  hills  ")
        #expect(noted.status == .success, "\(noted.error)")
        #expect(noted.output == "Run: 2/5 km today, 3 to go.\nNote today: hills\n")
        #expect(noted.error.isEmpty)
        let set = await cli.run("set", "Run", "3")
        #expect(set.output == "Run: 3/5 km today, 2 to go.\n")
        #expect(try await note(cli, on: "2026-03-11") == "hills")
        #expect(await cli.run("done", "Run", "1").status == .success)
        #expect(try await note(cli, on: "2026-03-11") == "hills")

        let replaced = await cli.run("set", "Run", "4", "--note", "flat")
        #expect(replaced.output.hasSuffix("Note today: flat\n"))
        #expect(try await note(cli, on: "2026-03-11") == "flat")

        let removed = await cli.run("done", "Run", "0", "--note", "")
        #expect(removed.output == "Run: 4/5 km today, 1 to go.\nRemoved the note today.\n")
        #expect(try await note(cli, on: "2026-03-11") == nil)
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func aSkippedDayTakesANoteAndUndoRemovesIt(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Run", unit: "km", target: "5")

        let skipped = await cli.run("skip", "Run", "--date", "2026-03-09", "--note", "sick")
        #expect(skipped.status == .success, "\(skipped.error)")
        #expect(skipped.output.hasSuffix("Note on Mon 2026-03-09: sick\n"), "\(skipped.output)")
        // Recording progress on the day keeps the note.
        #expect(await cli.run("set", "Run", "1", "--date", "2026-03-09").status == .success)
        #expect(try await note(cli, on: "2026-03-09") == "sick")
        #expect(await cli.run("undo", "Run", "--date", "2026-03-09").status == .success)
        #expect(try await note(cli, on: "2026-03-09") == nil)
        #expect(await cli.run("set", "Run", "1", "--date", "2026-03-09").status == .success)
        #expect(try await note(cli, on: "2026-03-09") == nil)
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func aBadNoteIsAUsageErrorAndWritesNothing(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Run", unit: "km", target: "5")

        let twoLines = await cli.run("done", "Run", "1", "--note", "a\nb")
        #expect(twoLines.status == .usage)
        #expect(
            twoLines.error == """
                habits: Invalid value for --note: A note is one line: it may not contain line \
                breaks or other control characters.
                Run 'habits help done'.

                """)
        let long = await cli.run("set", "Run", "1", "--note", String(repeating: "é", count: 501))
        #expect(long.status == .usage)
        #expect(
            long.error.hasPrefix(
                "habits: Invalid value for --note: A note may have at most 500 characters "
                    + "(this one has 501).\n"))
        #expect(
            await cli.run("set", "Run", "1", "--note", String(repeating: "é", count: 500)).status
                == .success)
        let range = await cli.run(
            "skip", "Run", "--from", "2026-03-12", "--to", "2026-03-13", "--note", "away")
        #expect(range.status == .usage)
        #expect(range.error.contains("The options '--note' and '--from/--to' cannot be used"))

        let show = await cli.run("show", "Run", "--json")
        let days = try Self.days(show.output)
        #expect(
            days.filter { !($0["value"] is NSNull) }.map { $0["date"] as? String } == ["2026-03-11"]
        )
        #expect(days.first { $0["date"] as? String == "2026-03-12" }?["skipped"] as? Bool == false)
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func showListsTheNotesOfTheMonthsShown(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Run", unit: "km", target: "5", start: "2026-02-01")
        for (date, text) in [
            ("2026-02-20", "February"), ("2026-03-02", "tired"), ("2026-03-10", "new shoes"),
        ] {
            let run = await cli.run("set", "Run", "5", "--date", date, "--note", text)
            try #require(run.status == .success, "\(run.error)")
        }
        #expect(
            await cli.run("skip", "Run", "--date", "2026-03-04", "--note", "sick").status
                == .success)

        let march = await cli.run("show", "Run")
        #expect(
            march.output.hasSuffix(
                """
                + done  x missed  ~ skipped  < today: to do

                Notes:
                  2026-03-02  tired
                  2026-03-04  sick
                  2026-03-10  new shoes

                """), "\(march.output)")
        let both = await cli.run("show", "Run", "--months", "2")
        #expect(both.output.contains("Notes:\n  2026-02-20  February\n  2026-03-02  tired\n"))
        let january = await cli.run("show", "Run", "--month", "2026-01")
        #expect(!january.output.contains("Notes:"))

        let json = await cli.run("show", "Run", "--json")
        let days = try Self.days(json.output)
        #expect(days[1]["note"] as? String == "tired")
        #expect(days[3]["note"] as? String == "sick")
        #expect(days[4]["note"] is NSNull)

        let done = await cli.run("done", "Run", "1", "--note", "last", "--json")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(done.output.utf8)) as? [String: Any])
        let entry = try #require(object["entry"] as? [String: Any])
        #expect(entry["note"] as? String == "last")
    }

    /// The note `show --json` gives for `date` (in March 2026).
    private func note(_ cli: CLIHarness, on date: String) async throws -> String? {
        let show = await cli.run("show", "Run", "--json", "--month", String(date.prefix(7)))
        try #require(show.status == .success, "\(show.error)")
        let day = try Self.days(show.output).first { $0["date"] as? String == date }
        return day?["note"] as? String
    }

    private static func days(_ output: String) throws -> [[String: Any]] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let months = try #require(object["months"] as? [[String: Any]])
        return months.flatMap { ($0["days"] as? [[String: Any]]) ?? [] }
    }
}
