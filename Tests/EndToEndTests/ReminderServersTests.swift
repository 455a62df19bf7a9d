import Foundation
import ServerTestSupport
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two real `habits-server` processes on one PostgreSQL database send each
/// reminder once. The processes run no reminder loop (`--reminder-interval
/// 0`); the test makes every run itself through the admin-only `POST
/// /ops/reminders/run` (the metrics token), at once on both, so nothing
/// waits for time. The runs read the real clock: the reminder is set to the
/// current UTC minute, which is due from its first second and stays in the
/// 30-minute grace window for the whole test.
@Suite struct ReminderServersTests {
    struct Run: Decodable {
        var considered: Int
        var claimed: Int
        var delivered: Int
    }

    static func run(port: Int, token: String) async throws -> Run {
        var request = URLRequest(
            url: URL(string: "http://127.0.0.1:\(port)/ops/reminders/run")!)
        request.httpMethod = "POST"
        request.timeoutInterval = 30
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return try JSONDecoder().decode(Run.self, from: data)
    }

    /// The current UTC minute as a reminder time: due from its first second.
    static func currentMinute() -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let now = utc.dateComponents([.hour, .minute], from: Date())
        return String(format: "%02d:%02d", now.hour ?? 0, now.minute ?? 0)
    }

    /// A server started with `--port 0` links its reminders to the port it
    /// was given, not to port 0 (the mail's link is the ntfy `Click` link).
    @Test func aReminderLinksToThePortTheServerGot() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let adminToken = "reminder-link-admin-token-0123456789"
        let tokenFile = sandbox.root.appendingPathComponent("metrics-token")
        try Data(adminToken.utf8).write(to: tokenFile)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        let server = try await ServerProcess(
            directory: sandbox.root,
            arguments: ["--reminder-interval", "0", "--metrics-token-file", tokenFile.path])
        let token = try await APIRequests.signIn("ann@example.com", via: server).access
        let api = APIRequests(server)
        let created = try await api.send(
            "POST", "me/habits/", token: token, json: PostgresServersTests.habitBody())
        let id = try #require(created.json?["id"] as? Int)
        let reminder = try await api.send(
            "POST", "me/habits/\(id)/reminders/", token: token,
            json: ["time": Self.currentMinute()])
        #expect(reminder.status == 201, "\(reminder)")
        #expect(try await Self.run(port: server.port, token: adminToken).delivered == 1)
        let mails = try FileManager.default.contentsOfDirectory(atPath: server.outbox.path)
            .map {
                try String(contentsOf: server.outbox.appendingPathComponent($0), encoding: .utf8)
            }
            .filter { $0.contains("Subject: Reminder: Read") }
        #expect(mails.count == 1)
        #expect(mails.first?.contains("http://127.0.0.1:\(server.port)/") == true, "\(mails)")
        #expect(mails.first?.contains(":0/") == false)
        await server.stop()
    }

    @Test func aReminderIsSentOnceByTwoServersRunningTogether() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let url = try postgres.newDatabase(prefix: "e2e_")
        let adminToken = "reminder-runs-admin-token-0123456789"
        let tokenFile = sandbox.root.appendingPathComponent("metrics-token")
        try Data(adminToken.utf8).write(to: tokenFile)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        let environment = ["HABITS_SECRET": "shared-secret-of-the-two-servers"]
        let flags = ["--reminder-interval", "0", "--metrics-token-file", tokenFile.path]
        async let first = ServerProcess(
            directory: sandbox.root, database: url, environment: environment, name: "first",
            arguments: flags)
        async let second = ServerProcess(
            directory: sandbox.root, database: url, environment: environment, name: "second",
            arguments: flags)
        let servers = try await [first, second]

        let token = try await APIRequests.signIn("ann@example.com", via: servers[0]).access
        let api = APIRequests(servers[0])
        let created = try await api.send(
            "POST", "me/habits/", token: token, json: PostgresServersTests.habitBody())
        let id = try #require(created.json?["id"] as? Int)
        let reminder = try await APIRequests(servers[1]).send(
            "POST", "me/habits/\(id)/reminders/", token: token,
            json: ["time": Self.currentMinute()])
        #expect(reminder.status == 201, "\(reminder)")

        // Both run at once, then each again: one claim and one mail in all.
        let ports = servers.map(\.port)
        async let one = Self.run(port: ports[0], token: adminToken)
        async let two = Self.run(port: ports[1], token: adminToken)
        let together = try await [one, two]
        #expect(together.map(\.claimed).reduce(0, +) == 1, "\(together.map(\.claimed))")
        #expect(together.map(\.delivered).reduce(0, +) == 1)
        for port in ports {
            #expect(try await Self.run(port: port, token: adminToken).claimed == 0)
        }
        let mails = try FileManager.default.contentsOfDirectory(atPath: servers[0].outbox.path)
            .map {
                try String(
                    contentsOf: servers[0].outbox.appendingPathComponent($0), encoding: .utf8)
            }
            .filter { $0.contains("Subject: Reminder: Read") }
        #expect(mails.count == 1)

        // Without the admin token a run is refused.
        var request = URLRequest(
            url: URL(string: "http://127.0.0.1:\(servers[0].port)/ops/reminders/run")!)
        request.httpMethod = "POST"
        let (_, refused) = try await URLSession.shared.data(for: request)
        #expect((refused as? HTTPURLResponse)?.statusCode == 401)
        for server in servers { await server.stop() }
    }
}
