import Foundation
import HabitConcurrency
import ServerTestSupport
import TestSupport
import Testing

/// Pushes cut by connection resets, with the real binaries: a proxy in
/// front of `habits-server` resets each change's first attempts, after the
/// server stored it (the answer lost) or in the middle of the request (half
/// the body sent), then lets it through. Every change a command reported
/// saved must reach the server exactly once: increments and habits created
/// with POST are replayed by their Idempotency-Key, never applied twice;
/// a day's `set` is asserted only as last write wins.
@Suite struct SyncResetTests {
    /// What the proxy does to the attempts of one change (by its key).
    static func fault(attempt: Int) -> FaultProxy.Action {
        switch attempt {
        case 1: return .resetAfterForwarding
        case 2: return .resetMidRequest
        default: return .forward
        }
    }

    @Test func changesCutMidPushReachTheServerExactlyOnce() async throws {
        let root = try TemporaryDirectory(prefix: "habits-sync-reset")
        let server = try await ServerProcess(directory: root.url)
        let armed = Locked(false)
        let attempts = Locked<[String: Int]>([:])
        let cuts = Locked(0)
        let proxy = try FaultProxy(upstreamPort: server.port) { request in
            guard armed.withLock({ $0 }), request.target.hasPrefix("/api/me/habits"),
                let key = request.headers["idempotency-key"]
            else { return .forward }
            let attempt = attempts.withLock { seen in
                seen[key, default: 0] += 1
                return seen[key]!
            }
            let action = Self.fault(attempt: attempt)
            if case .forward = action {} else { cuts.withLock { $0 += 1 } }
            return action
        }
        let phone = try Sandbox()
        let laptop = try SyncTests.Device(server: server)
        defer {
            proxy.stop()
            phone.remove()
            laptop.remove()
        }
        try #require(try await phone.habits(["config", "set", "server", proxy.url]).status == 0)
        try #require(try await phone.habits(["auth", "email", "ida@example.com"]).status == 0)
        let verify = try await phone.habits(["verify", try server.code(for: "ida@example.com")])
        try #require(verify.status == 0, "\(verify)")
        let first = try await phone.habits([
            "add", "Read", "--daily", "--unit", "pages", "--target", "10", "--days", "daily",
            "--start", "2026-01-01",
        ])
        try #require(first.status == 0, "\(first)")
        try #require(try await phone.habits(["list"]).status == 0)

        armed.withLock { $0 = true }
        // Each command saves its change, then pushes the outbox: the cut
        // attempts leave it waiting; later commands send it again.
        var commands: [[String]] = []
        for _ in 1...3 { commands.append(["done", "Read", "1"]) }
        commands.append(["done", "Read", "2", "--date", "2026-02-01"])
        commands.append([
            "add", "Walk", "--daily", "--unit", "km", "--target", "5", "--days", "daily",
            "--start", "2026-01-01",
        ])
        commands.append(["done", "Walk", "2", "--date", "2026-02-01"])
        commands.append(["done", "Walk", "1.5", "--date", "2026-02-01"])
        commands.append(["set", "Read", "4", "--date", "2026-02-02"])
        commands.append(["set", "Read", "6", "--date", "2026-02-02"])
        for command in commands {
            let result = try await phone.habits(command)
            #expect(result.status == 0, "\(command): \(result)")
            #expect(!result.error.contains("Fatal"), "\(result)")
        }
        #expect(cuts.withLock { $0 } >= 6, "the proxy cut too few pushes")

        // The connection is whole again: the waiting changes go.
        var synced = false
        for _ in 1...6 where !synced {
            let sync = try await phone.habits(["sync"])
            synced = sync.status == 0 && sync.error.isEmpty
        }
        #expect(synced)
        let status = try await phone.habits(["status"])
        #expect(!status.output.contains("waiting since"), "\(status)")

        // The server's state, read by a device that never saw the changes.
        try laptop.signIn(copyingFrom: phone)
        let stored = try await laptop.habits("export", "--format", "csv")
        let device = try await phone.habits(["export", "--format", "csv"])
        #expect(stored.status == 0 && device.status == 0)
        #expect(stored.output == device.output, "the device and the server disagree")
        let rows = stored.output.split(whereSeparator: \.isNewline).dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let today = SyncTests.today
        func value(_ habit: String, _ date: String) -> String? {
            rows.first { $0[1] == habit && $0[2] == date }?[3]
        }
        // Three increments of 1, each once; the two of Walk added, once each.
        #expect(value("Read", today) == "3", "\(rows)")
        #expect(value("Read", "2026-02-01") == "2", "\(rows)")
        #expect(value("Walk", "2026-02-01") == "3.5", "\(rows)")
        // The later set wins.
        #expect(value("Read", "2026-02-02") == "6", "\(rows)")
        // The habit created while the answers were lost exists once.
        let list = try await laptop.habits("list", "--json")
        #expect(list.output.components(separatedBy: "\"Walk\"").count == 2, "\(list)")
        await server.stop()
    }
}
