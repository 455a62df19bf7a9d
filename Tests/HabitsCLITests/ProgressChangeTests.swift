import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `done`, `set`, `skip` and `undo` at the edges (issue 22): bad values,
/// planned skips, entries before the start, the last date there is; in
/// both modes with the same expectations. Today is Wednesday 2026-03-11.
@Suite struct ProgressChangeTests {
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
        let undo = await cli.run("undo", "Far", "--date", "9999-12-31")
        #expect(undo.status == .success, "\(undo.error)")
    }
}
