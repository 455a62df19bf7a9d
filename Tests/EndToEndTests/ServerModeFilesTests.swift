import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// What a server-mode run leaves on disk: the documented files in
/// $XDG_CONFIG_HOME/habits and $XDG_CACHE_HOME/habits, nothing else (no URL
/// cache or cookie directories, nothing in $XDG_DATA_HOME or HOME).
@Suite struct ServerModeFilesTests {
    /// Every path under `root`, relative to it, sorted.
    static func paths(under root: URL) -> [String] {
        (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func aServerModeRunCreatesOnlyTheDocumentedPaths() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let serverDirectory = sandbox.root.appendingPathComponent("server")
        try FileManager.default.createDirectory(
            at: serverDirectory, withIntermediateDirectories: true)
        let server = try await ServerProcess(directory: serverDirectory)
        try await ServerModeTests().signIn(sandbox, server, as: "dee@example.com")
        for arguments in [
            ["add", "Read", "--daily", "--unit", "pages", "--target", "5", "--days", "daily"]
                + ["--start", "today"],
            ["done", "Read"], ["list"], ["show", "Read"], ["status"], ["export"],
        ] {
            let result = try await sandbox.habits(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        await server.stop()

        let xdg = sandbox.root.appendingPathComponent("xdg")
        let created = Self.paths(under: xdg)
        // This device's replica of the account is the one data file.
        let allowed = created.filter {
            ["config", "cache", "data", "data/habits"].contains($0)
                || $0.hasPrefix("config/habits") || $0.hasPrefix("cache/habits")
                || ($0.hasPrefix("data/habits/replica-") && $0.contains(".sqlite3"))
        }
        #expect(created == allowed, "unexpected: \(Set(created).subtracting(allowed).sorted())")
        #expect(created.contains("config/habits/credentials.json"))
        #expect(created.contains { $0.hasPrefix("data/habits/replica-") })
        #expect(!created.contains("data/habits/habits.sqlite3"), "local mode's database was made")
        #expect(!FileManager.default.fileExists(atPath: sandbox.home.path))
        // Nothing beside the sandbox's own directories either (the working
        // directory is the sandbox root).
        let top = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path).sorted()
        #expect(top == ["server", "xdg"], "\(top)")
    }
}
