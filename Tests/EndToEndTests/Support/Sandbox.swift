import Foundation
import ServerTestSupport
import TestSupport

/// A private HOME with the XDG directories inside it, for running `habits`
/// as a subprocess as on a fresh machine.
struct Sandbox {
    private let directory: TemporaryDirectory
    var root: URL { directory.url }

    init() throws {
        directory = try TemporaryDirectory(prefix: "habits-e2e")
    }

    var home: URL { root.appendingPathComponent("home") }
    var dataHome: URL { root.appendingPathComponent("xdg/data") }
    var configHome: URL { root.appendingPathComponent("xdg/config") }
    var cacheHome: URL { root.appendingPathComponent("xdg/cache") }

    /// The environment `habits` runs with: nothing of the test runner's own,
    /// so no HABITS_SERVER, terminal or locale leaks in.
    var environment: [String: String] {
        [
            "HOME": home.path, "XDG_DATA_HOME": dataHome.path,
            "XDG_CONFIG_HOME": configHome.path, "XDG_CACHE_HOME": cacheHome.path,
            "PATH": "/usr/bin:/bin", "TZ": "UTC",
        ]
    }

    /// Runs the built `habits` with `arguments`, `input` on standard input.
    func habits(
        _ arguments: String..., input: String = "", extra: [String: String] = [:]
    ) async throws -> ProcessResult {
        try await habits(arguments, input: input, extra: extra)
    }

    func habits(
        _ arguments: [String], input: String = "", extra: [String: String] = [:]
    ) async throws -> ProcessResult {
        try await Subprocess.run(
            Binaries.habits, arguments, environment: environment.merging(extra) { $1 },
            input: input, scratch: root)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
