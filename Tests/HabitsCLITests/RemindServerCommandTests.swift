import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `habits remind add|list|remove`: reminders the server sends, in server
/// mode; local mode says to use cron. Today is Wednesday 2026-03-11.
@Suite struct RemindServerCommandTests {
    @Test func addListAndRemoveInServerMode() async throws {
        let cli = try await CLIHarness.make(.server)
        defer { cli.cleanUp() }
        try await cli.add("Read", unit: "pages", target: "10")

        let added = await cli.run("remind", "add", "Read", "20:00")
        #expect(added.status == .success, "\(added.error)")
        #expect(added.output.contains("remind you of Read at 20:00"))
        let viaNtfy = await cli.run(
            "remind", "add", "Read", "07:30", "--via", "ntfy", "http://127.0.0.1:9/t")
        // The test server refuses private targets: the server's sentence, exit 1.
        #expect(viaNtfy.status == .failure, "\(viaNtfy.output)")
        #expect(viaNtfy.error.contains("url") || viaNtfy.error.contains("https"))

        let listed = await cli.run("remind", "list")
        #expect(listed.status == .success, "\(listed.error)")
        #expect(listed.output.contains("Read"))
        #expect(listed.output.contains("20:00"))
        #expect(!listed.output.contains("07:30"))

        let removed = await cli.run("remind", "remove", "Read", "20:00")
        #expect(removed.status == .success, "\(removed.error)")
        let again = await cli.run("remind", "remove", "Read", "20:00")
        #expect(again.status == .failure)
        #expect(again.error.contains("no reminder at 20:00"))
        #expect(await cli.run("remind", "list").output.contains("No reminders"))
    }

    @Test func localModeKeepsCronAndSaysSo() async throws {
        let cli = try await CLIHarness.make(.local)
        defer { cli.cleanUp() }
        try await cli.add("Read", unit: "pages", target: "10")
        let result = await cli.run("remind", "add", "Read", "20:00")
        #expect(result.status == .usage)
        #expect(result.error.contains("live on a habits server; habits is in local mode."))
        #expect(result.error.contains("habits remind --install"))
    }

    @Test func badArgumentsAreUsageErrors() async throws {
        let cli = try await CLIHarness.make(.server)
        defer { cli.cleanUp() }
        for arguments in [
            ["remind", "add", "Read"], ["remind", "add", "Read", "25:00"],
            ["remind", "add", "Read", "20:00", "--via", "pigeon"],
            ["remind", "add", "Read", "20:00", "--via", "ntfy"],
            ["remind", "add", "Read", "20:00", "--via", "webhook", "x"],
            ["remind", "list", "Read"],
        ] {
            let result = await cli.run(arguments)
            #expect(result.status == .usage, "\(arguments): \(result.error)")
        }
    }
}
