import Foundation
import HabitClient
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// The built `habits` against a real `habits-server` on a free port.
@Suite struct ServerModeTests {
    /// Configures `sandbox` for `server` and signs in as `address` through the outbox.
    func signIn(_ sandbox: Sandbox, _ server: ServerProcess, as address: String) async throws {
        let config = try await sandbox.habits("config", "set", "server", server.url)
        try #require(config.status == 0, "\(config)")
        let request = try await sandbox.habits("auth", "email", address)
        try #require(request.status == 0, "\(request)")
        #expect(request.output.contains("habits verify <code>"))
        let verify = try await sandbox.habits("verify", try server.code(for: address))
        try #require(verify.status == 0, "\(verify)")
        #expect(verify.output == "Signed in as \(address) at \(server.url).\n")
    }

    @Test func signInTrackProgressAndSignOut() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        #expect(try await sandbox.habits("--server", server.url, "list").status == 77)
        try await signIn(sandbox, server, as: "ann@example.com")

        let add = try await sandbox.habits(
            "add", "Drink water", "--daily", "--unit", "glasses", "--target", "8", "--days",
            "daily",
            "--start", "2025-01-06")
        #expect(add.status == 0, "\(add)")
        let invalid = try await sandbox.habits(
            "add", "x", "--daily", "--unit", "km", "--target", "-1", "--days", "daily", "--start",
            "today")
        #expect(invalid.status == 1)
        #expect(invalid.error.contains("--target: Ensure this value is greater than 0."))
        #expect(try await sandbox.habits("done", "1", "3", "--date", "2025-01-06").status == 0)
        let done = try await sandbox.habits("done", "Drink water", "--date", "2025-01-06")
        #expect(
            done.output
                == "Drink water: 8/8 glasses on Mon 2025-01-06. Target reached! Streak on that day: 1 day; current streak: 0 days.\n",
            "\(done)")
        let list = try await sandbox.habits("list", "--date", "2025-01-06")
        #expect(list.status == 0)
        #expect(
            list.output.contains(
                // Strength 1 − 0.5^(1/13) = 5.2% after one done day.
                "Completed\n  +   1  Drink water  8/8 glasses  daily       1 day        5%\n"),
            "\(list)")
        let show = try await sandbox.habits("show", "1", "--date", "2025-01-07", "--json")
        let object =
            try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any]
        let stats = object?["stats"] as? [String: Any]
        #expect(stats?["success_count"] as? Int == 1)
        #expect(stats?["current_streak"] as? Int == 1)

        let status = try await sandbox.habits("status")
        #expect(status.status == 0, "\(status)")
        #expect(status.output.contains("Account:      ann@example.com"))
        #expect(status.output.contains("Session:      valid"))
        let credentials = sandbox.configHome.appendingPathComponent("habits/credentials.json")
        let mode =
            try FileManager.default.attributesOfItem(atPath: credentials.path)[.posixPermissions]
            as? Int
        #expect(mode == 0o600)
        #expect(!status.output.contains("eyJ"), "a token leaked into the output")

        let logout = try await sandbox.habits("logout")
        #expect(logout.status == 0)
        #expect(logout.output == "Signed out of \(server.url).\n")
        #expect(try await sandbox.habits("status").status == 77)
        let after = try await sandbox.habits("list")
        #expect(after.status == 77)
        #expect(after.error.contains("habits auth email"))
        await server.stop()
    }

    @Test func unreachableServerAnswersFromThisDevicesReplica() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        try await signIn(sandbox, server, as: "bo@example.com")
        let add = try await sandbox.habits(
            "add", "Read", "--daily", "--unit", "pages", "--target", "20", "--days", "daily",
            "--start", "today")
        try #require(add.status == 0)
        let fresh = try await sandbox.habits("list")
        try #require(fresh.status == 0)
        #expect(!fresh.output.contains("cached"))
        await server.stop()
        // Held so no other test's server is handed the freed port meanwhile.
        let closed = try ClosedPort(reserving: UInt16(server.port))
        defer { withExtendedLifetime(closed) {} }

        // This device's replica answers, saying how old it is.
        let cached = try await sandbox.habits("list")
        #expect(cached.status == 0, "\(cached)")
        #expect(cached.output.contains("Read"))
        #expect(
            cached.error.hasPrefix(
                "habits: the server cannot be reached; showing this device's copy, last synced"))
        let json = try await sandbox.habits("list", "--json")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["synced_at"] is String)
        let remind = try await sandbox.habits("remind")
        #expect(remind.status == 0)
        #expect(remind.output.hasPrefix("1 habit still to do today:"))
        let write = try await sandbox.habits("done", "Read")
        #expect(write.status == 0, "\(write)")
        #expect(write.error.contains("Saved on this device; it will be sent at the next sync."))
        #expect(try await sandbox.habits("status").status == 69)
    }

    /// Eight processes at once with an access token already expired by the
    /// client's rule: one of them refreshes under the file lock, the others
    /// see its new tokens, reuse detection never fires, nobody is signed out.
    @Test func concurrentProcessesShareOneRefresh() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        try await signIn(sandbox, server, as: "cy@example.com")
        let add = try await sandbox.habits(
            "add", "Walk", "--daily", "--unit", "km", "--target", "3", "--days", "daily", "--start",
            "today")
        try #require(add.status == 0, "\(add)")

        // The saved clock offset says the server is an hour ahead (as a
        // device clock an hour slow would measure it), so the 5-minute
        // access token counts as expired and every process wants a refresh.
        let file = sandbox.configHome.appendingPathComponent("habits/credentials.json")
        var credentials = try JSONDecoder().decode(
            StoredCredentials.self, from: Data(contentsOf: file))
        credentials.session?.serverClock = ServerClock(offset: 3600)
        try JSONEncoder().encode(credentials).write(to: file)
        let session = try #require(credentials.session)
        #expect(
            session.accessTokenHasExpired(deviceNow: Date()), "the access token is not expired yet")

        let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
            for _ in 0..<8 {
                group.addTask { try await sandbox.habits("list") }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result)")
            #expect(result.output.contains("Walk"))
        }
        let status = try await sandbox.habits("status")
        #expect(status.status == 0, "\(status)")
        #expect(status.output.contains("Session:      valid"))
        let log = try String(contentsOf: server.log, encoding: .utf8)
        let refreshes = log.split(separator: "\n").filter {
            $0.contains("/api/auth/token/refresh/")
        }
        #expect(!refreshes.isEmpty)
        #expect(refreshes.allSatisfy { $0.contains(" 200 ") }, "\(refreshes)")
        await server.stop()
    }
}
