import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitsCLI

/// `habits config time-zone` and the device's zone sent at sign-in.
@Suite struct AccountTimeZoneCommandTests {
    @Test func signingInSendsTheDevicesZone() async throws {
        var harness = try await CLIHarness.make(.server)
        defer { harness.cleanUp() }
        let server = try #require(harness.server)
        harness.clock = WallClock(
            timeZone: try #require(TimeZone(identifier: "Pacific/Auckland")),
            now: harness.clock.now)
        // Past the server's one code per address per minute.
        server.clock.advance(by: 120)
        #expect(await harness.run("auth", "email", "tester@example.com").status == .success)
        let code = try server.latestCode(for: "tester@example.com")
        #expect(await harness.run("verify", code).status == .success)

        let shown = await harness.run("config", "time-zone")
        #expect(shown.status == .success, "\(shown.error)")
        #expect(shown.output == "time-zone = Pacific/Auckland\n")
    }

    @Test func setsTheAccountsZoneOnTheServer() async throws {
        let harness = try await CLIHarness.make(.server)
        defer { harness.cleanUp() }
        let set = await harness.run("config", "time-zone", "Europe/Berlin")
        #expect(set.status == .success, "\(set.error)")
        #expect(set.output == "time-zone = Europe/Berlin\n")
        let json = await harness.run("config", "time-zone", "--json")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["time_zone"] as? String == "Europe/Berlin", "\(json.output)")
    }

    @Test func anUnknownZoneIsAUsageErrorAndChangesNothing() async throws {
        let harness = try await CLIHarness.make(.server)
        defer { harness.cleanUp() }
        let refused = await harness.run("config", "time-zone", "Mars/Olympus_Mons")
        #expect(refused.status == .usage)
        #expect(refused.error.contains("'Mars/Olympus_Mons' is not a time zone name."))
        // Still the zone sign-in sent: the device's.
        #expect(
            await harness.run("config", "time-zone").output
                == "time-zone = \(harness.clock.timeZone.identifier)\n")
    }

    @Test func localModeSaysItNeedsAServer() async throws {
        let harness = try await CLIHarness.make(.local)
        defer { harness.cleanUp() }
        let run = await harness.run("config", "time-zone", "Europe/Berlin")
        #expect(run.status == .usage)
        #expect(run.error.contains("live on a habits server; habits is in local mode."))
        #expect(run.output.isEmpty)
    }
}
