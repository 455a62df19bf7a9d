import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `habits remind digest HH:MM|--off`: the daily digest the server sends,
/// in server mode; local mode says to use cron.
@Suite struct RemindDigestCommandTests {
    @Test func setListAndTurnOffInServerMode() async throws {
        let cli = try await CLIHarness.make(.server)
        defer { cli.cleanUp() }
        let before = await cli.run("remind", "list")
        #expect(before.status == .success, "\(before.error)")
        #expect(!before.output.contains("digest"))

        let set = await cli.run("remind", "digest", "08:00")
        #expect(set.status == .success, "\(set.error)")
        #expect(set.output.contains("daily digest at 08:00"))
        let listed = await cli.run("remind", "list")
        #expect(listed.status == .success, "\(listed.error)")
        #expect(listed.output.contains("Daily digest at 08:00"))

        let off = await cli.run("remind", "digest", "--off")
        #expect(off.status == .success, "\(off.error)")
        #expect(off.output.contains("digest is off"))
        #expect(!(await cli.run("remind", "list").output.contains("Daily digest")))
    }

    @Test func localModeSaysItNeedsAServer() async throws {
        let cli = try await CLIHarness.make(.local)
        defer { cli.cleanUp() }
        let result = await cli.run("remind", "digest", "08:00")
        #expect(result.status == .usage)
        #expect(result.error.contains("live on a habits server; habits is in local mode."))
    }

    @Test func badArgumentsAreUsageErrors() async throws {
        let cli = try await CLIHarness.make(.server)
        defer { cli.cleanUp() }
        for arguments in [
            ["remind", "digest"], ["remind", "digest", "24:00"], ["remind", "digest", "8:60"],
            ["remind", "digest", "08:00", "--off"], ["remind", "digest", "08:00", "09:00"],
            ["remind", "digest", "08:00", "--via", "mail"], ["remind", "list", "--off"],
        ] {
            let result = await cli.run(arguments)
            #expect(result.status == .usage, "\(arguments): \(result.error)")
        }
        // One digit of hour passes the CLI's check; the server names the field.
        let short = await cli.run("remind", "digest", "8:00")
        #expect(short.status == .failure)
        #expect(short.error.contains("HH:MM"))
    }
}
