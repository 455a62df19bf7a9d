import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `habits webhook add|list|remove` with the built binaries against a real
/// `habits-server`. The server runs no reminder loop (`--reminder-interval
/// 0`): the test makes the delivery run itself through the admin-only
/// `POST /ops/reminders/run`, so nothing waits for time. The endpoint is a
/// loopback port where nothing listens (port 1, allowed by
/// `--allow-private-targets`), so the attempt fails and its error shows.
@Suite struct WebhookCommandTests {
    static let adminToken = "webhook-runs-admin-token-0123456789"

    func signIn(_ sandbox: Sandbox, _ server: ServerProcess, as address: String) async throws {
        try #require(try await sandbox.habits("config", "set", "server", server.url).status == 0)
        try #require(try await sandbox.habits("auth", "email", address).status == 0)
        let verify = try await sandbox.habits("verify", try server.code(for: address))
        try #require(verify.status == 0, "\(verify)")
    }

    @Test func addListAndRemoveAWebhook() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let tokenFile = sandbox.root.appendingPathComponent("metrics-token")
        try Data(Self.adminToken.utf8).write(to: tokenFile)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        let server = try await ServerProcess(
            directory: sandbox.root,
            arguments: [
                "--allow-private-targets", "--reminder-interval", "0", "--metrics-token-file",
                tokenFile.path,
            ])
        try await signIn(sandbox, server, as: "hooks@example.com")
        let url = "http://127.0.0.1:1/habits-hook"

        let added = try await sandbox.habits(
            "webhook", "add", url, "--events", "entry.changed")
        #expect(added.status == 0, "\(added)")
        let lines = added.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Added webhook #1 for \(url) (entry.changed).")
        let secret = try #require(
            lines.first { $0.hasPrefix("Signing secret (shown this once; keep it secret): ") }?
                .components(separatedBy: ": ").last)
        #expect(secret.hasPrefix("whsec_"))

        let empty = try await sandbox.habits("webhook", "list")
        #expect(empty.status == 0, "\(empty)")
        #expect(empty.output == "#1 \(url) (entry.changed)\n  No deliveries yet.\n")
        // The secret is shown once only.
        #expect(!empty.output.contains(secret))

        #expect(
            try await sandbox.habits(
                "add", "Water", "--daily", "--unit", "glasses", "--target", "8", "--days", "daily",
                "--start", "2025-01-06"
            ).status == 0)
        #expect(try await sandbox.habits("done", "Water").status == 0)
        let run = try APITestClient(port: UInt16(server.port)).request(
            "POST", "/ops/reminders/run", token: Self.adminToken)
        #expect(run.status == 200, "\(run.text)")

        let listed = try await sandbox.habits("webhook", "list")
        #expect(listed.status == 0, "\(listed)")
        let shown = listed.output.split(separator: "\n").map(String.init)
        #expect(shown.first == "#1 \(url) (entry.changed)")
        #expect(shown.contains { $0.hasPrefix("  Last error at ") })
        #expect(shown.contains("  Last attempts:"))
        let attempt = try #require(shown.last)
        #expect(attempt.contains(" entry.changed retrying at "), "\(listed)")
        #expect(attempt.contains("(1 attempt): "), "\(listed)")

        let json = try await sandbox.habits("webhook", "list", "--json")
        #expect(json.status == 0, "\(json)")
        let hooks = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        let deliveries = try #require(hooks.first?["deliveries"] as? [[String: Any]])
        #expect(deliveries.first?["event"] as? String == "entry.changed")
        #expect(deliveries.first?["state"] as? String == "pending")

        let unknown = try await sandbox.habits("webhook", "remove", "9")
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("You have no webhook #9."), "\(unknown)")

        let removed = try await sandbox.habits("webhook", "remove", "#1", "--json")
        #expect(removed.status == 0, "\(removed)")
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(removed.output.utf8)) as? [String: Any])
        #expect(answer["id"] as? Int == 1 && answer["removed"] as? Bool == true)
        #expect(try await sandbox.habits("webhook", "remove", "1").status == 1)
        let none = try await sandbox.habits("webhook", "list")
        #expect(none.output == "No webhooks. Add one with: habits webhook add <https-url>\n")
        await server.stop()
    }

    @Test func badInputIsAUsageError() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        // Local mode: no server to send webhooks.
        let local = try await sandbox.habits("webhook", "list")
        #expect(local.status == 64, "\(local)")
        #expect(local.error.contains("Webhooks live on a habits server; habits is in local mode."))
        for arguments in [
            ["webhook", "add", "ftp://example.com/x"],
            ["webhook", "add", "https://example.com/x", "--events", "entry.changed,nope"],
            ["webhook", "remove", "three"], ["webhook", "list", "extra"], ["webhook", "add"],
        ] {
            let result = try await sandbox.habits(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.output.isEmpty)
        }
    }
}
