import Foundation
import HabitCore
import HabitServer
import ServerTestSupport
import Testing

@testable import HabitsCLI

/// `habits __complete`: habit names for the completion scripts, from the
/// local database or the cached list, never from the network.
@Suite struct CompleteCommandTests {
    @Test func localModeAnswersFromTheDatabaseIgnoringCase() async throws {
        let cli = try await CLIHarness.make(.local)
        defer { cli.cleanUp() }
        let none = await cli.run("__complete", "habit")
        #expect(none.status == .success && none.output.isEmpty && none.error.isEmpty)
        let database = cli.home.appendingPathComponent(".local/share/habits/habits.sqlite3")
        #expect(!FileManager.default.fileExists(atPath: database.path))
        try await cli.add("Drink water")
        try await cli.add("Read")
        #expect(await cli.run("archive", "Read").status == .success)
        #expect(await cli.run("__complete", "habit").output == "Drink water\nRead\n")
        #expect(await cli.run("__complete", "habit", "--", "dRi").output == "Drink water\n")
        #expect(await cli.run("__complete", "habit", "x").output.isEmpty)
    }

    @Test func serverModeReadsOnlyThisDevicesCopy() async throws {
        let cli = try await CLIHarness.make(.server)
        defer { cli.cleanUp() }
        try await cli.add("Drink water")
        try await cli.add("Run 5k")
        // The server stopped: completion reads this device's replica only.
        let server = try #require(cli.server)
        server.app.shutdown()
        let cached = await cli.run("__complete", "habit", "r")
        #expect(cached.status == .success && cached.error.isEmpty)
        #expect(cached.output == "Run 5k\n")
        // Another server's cache is not this one's.
        let other = await cli.run("--server", "http://127.0.0.1:9/api/", "__complete", "habit")
        #expect(other.status == .success && other.output.isEmpty)
    }

    @Test func hiddenFromHelpAndCheckedLikeAnyCommand() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(!(await cli.run("help").output.contains("__complete")))
        #expect(!HabitsCommandLine.documentedCommands.contains { $0.name.hasPrefix("_") })
        let bad = await cli.run("__complete", "shell")
        #expect(bad.status == .usage)
        #expect(bad.error.hasPrefix("habits: Invalid value 'shell' for <kind>"))
    }

    @Test func candidatesAreUniqueOneLineNames() {
        #expect(
            CompleteCommand.candidates(["Run", "Read", "Run", "Bad\nname", "Rest"], prefix: "r")
                == ["Run", "Read", "Rest"])
        #expect(CompleteCommand.candidates(["Été"], prefix: "ét") == ["Été"])
    }
}
