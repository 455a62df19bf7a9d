import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `habits remind digest` with the built binaries against a real
/// `habits-server`, whose run is made by the test through the admin-only
/// `POST /ops/reminders/run` (no reminder loop, nothing waits for time).
/// The runs read the real clock: the digest is set to the current UTC
/// minute (the sandbox's zone, sent at sign-in), due from its first second
/// and within the 30-minute grace for the whole test.
@Suite struct DigestCommandTests {
    static let adminToken = "digest-runs-admin-token-0123456789"

    @Test func aDigestIsSetListedSentOnceAndTurnedOff() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let tokenFile = sandbox.root.appendingPathComponent("metrics-token")
        try Data(Self.adminToken.utf8).write(to: tokenFile)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        let server = try await ServerProcess(
            directory: sandbox.root,
            arguments: ["--reminder-interval", "0", "--metrics-token-file", tokenFile.path])
        try #require(try await sandbox.habits("config", "set", "server", server.url).status == 0)
        try #require(try await sandbox.habits("auth", "email", "dig@example.com").status == 0)
        let verify = try await sandbox.habits("verify", try server.code(for: "dig@example.com"))
        try #require(verify.status == 0, "\(verify)")
        for name in ["Water", "Read"] {
            #expect(
                try await sandbox.habits(
                    "add", name, "--daily", "--unit", "times", "--target", "1", "--days", "daily",
                    "--start", "2025-01-06"
                ).status == 0)
        }
        #expect(try await sandbox.habits("done", "Read").status == 0)

        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let now = utc.dateComponents([.hour, .minute], from: Date())
        let time = String(format: "%02d:%02d", now.hour ?? 0, now.minute ?? 0)
        let set = try await sandbox.habits("remind", "digest", time)
        #expect(set.status == 0, "\(set)")
        #expect(set.output.contains("daily digest at \(time)"), "\(set)")
        let listed = try await sandbox.habits("remind", "list")
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.output.contains("Daily digest at \(time)"), "\(listed)")

        let client = APITestClient(port: UInt16(server.port))
        for _ in 0..<2 {
            let run = try client.request("POST", "/ops/reminders/run", token: Self.adminToken)
            #expect(run.status == 200, "\(run.text)")
        }
        let mails = try FileManager.default.contentsOfDirectory(atPath: server.outbox.path)
            .map {
                try String(contentsOf: server.outbox.appendingPathComponent($0), encoding: .utf8)
            }
            .filter { $0.contains("Subject: Today: ") }
        #expect(mails.count == 1)
        #expect(mails.first?.contains("- Water") == true)
        #expect(mails.first?.contains("- Read") == false)

        let off = try await sandbox.habits("remind", "digest", "--off")
        #expect(off.status == 0, "\(off)")
        #expect(!(try await sandbox.habits("remind", "list").output.contains("Daily digest")))
        await server.stop()
    }
}
