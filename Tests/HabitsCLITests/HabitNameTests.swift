import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// Names a person can always look a habit up by (issue 22): no second
/// active habit of one name, ignoring case, and no name of only digits (an
/// id), with the same words in both modes.
@Suite struct HabitNameTests {
    @Test(arguments: CLIHarness.Mode.allCases)
    func aSecondActiveHabitOfOneNameIsRefused(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Read")
        let again = await cli.run(
            "add", "read", "--daily", "--unit", "pages", "--target", "5", "--days", "daily",
            "--start", "today")
        #expect(again.status == .failure)
        #expect(
            again.error
                == "habits: Another active habit already has this name (names match ignoring case).\n"
                + "Choose another name, or archive or rename the other habit first ('habits list' "
                + "shows them).\n")
        try await cli.add("Run")
        let rename = await cli.run("edit", "Run", "--name", "READ")
        #expect(rename.status == .failure)
        #expect(rename.error.hasPrefix("habits: Another active habit already has this name"))
        // The name still finds one habit.
        #expect(await cli.run("show", "read").status == .success)
        // Archived, the name is free; the archived habit cannot come back
        // while another has it.
        #expect(await cli.run("archive", "Read").status == .success)
        try await cli.add("read")
        let back = await cli.run("unarchive", "1")
        #expect(back.status == .failure)
        #expect(back.error.hasPrefix("habits: Another active habit already has this name"))
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func aNameOfOnlyDigitsIsRefused(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        let run = await cli.run("add", " 1 ")
        #expect(run.status == .failure)
        #expect(
            run.error
                == "habits: The habit was not added:\n"
                + "  name: A name may not be only digits: those name a habit by its id.\n")
        #expect(await cli.run("show", "1").status == .failure, "nothing was added")
        try await cli.add("1st")
        #expect(await cli.run("show", "1st").status == .success)
    }
}
