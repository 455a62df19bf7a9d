import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The web app in a real browser: runs Tests/Web/run.sh (Selenium driving
/// Debian's chromium through chromium-driver, in a virtualenv under .build)
/// against the habits-server built with these tests, at phone and desktop
/// sizes. Without chromium, chromium-driver or python3-venv the test is
/// cancelled naming the package; under CI=true it fails instead.
@Suite struct WebAppTests {
    /// The package's root: three levels above this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(.timeLimit(.minutes(20))) func theWebAppPassesItsBrowserTests() throws {
        let chromium = try RequiredTool.locate("chromium")
        let driver = try RequiredTool.locate("chromedriver", package: "chromium-driver")
        let python = try RequiredTool.locate("python3")
        // python3 without its venv module (Debian splits it off) cannot make the virtualenv.
        guard try run(python, ["-c", "import ensurepip, venv"], log: nil) == 0 else {
            let reason = "python3's venv module is not installed (apt-get install python3-venv)"
            if RequiredTool.isRequired {
                Issue.record("\(reason); .ci/run installs it.")
                return
            }
            try Test.cancel("Not run: \(reason).")
        }
        let directory = try TemporaryDirectory(prefix: "habits-web-tests")
        let log = directory.url.appendingPathComponent("browser-tests.log")
        let status = try run(
            URL(fileURLWithPath: "/bin/sh"),
            [Self.root.appendingPathComponent("Tests/Web/run.sh").path],
            environment: [
                "HABITS_SERVER": Binaries.server.path, "HABITS_CLI": Binaries.habits.path,
                "CHROMIUM": chromium.path,
                "CHROMEDRIVER": driver.path,
                "HABITS_FIGURES": Self.root.appendingPathComponent(".build/web-figures.txt").path,
            ], log: log)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "browser tests failed:\n\(output.suffix(20_000))")
        #expect(output.contains("OK"), "no unittest summary:\n\(output.suffix(4_000))")
    }

    /// Runs `program`, its output in `log` (or nowhere); its exit status.
    private func run(
        _ program: URL, _ arguments: [String], environment: [String: String] = [:], log: URL?
    ) throws -> Int32 {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let sink: FileHandle
        if let log {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            sink = try FileHandle(forWritingTo: log)
        } else {
            sink = FileHandle.nullDevice
        }
        defer { if log != nil { try? sink.close() } }
        process.standardOutput = sink
        process.standardError = sink
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
