import Foundation
import HabitCore
import HabitServer
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitsCLI

/// Runs `habits` commands in-process against a private HOME, with captured
/// output, scripted input and a fixed clock: in local mode on a private
/// database, in server mode against a real habits-server in this process
/// (in-memory database, port 0, the same fixed clock), signed in through
/// `habits auth email` and `habits verify` as a person would.
///
/// Command tests take a `Mode` argument and run in both, as Hummingbird's
/// test framework runs one test against the router and a live server: the
/// output must not depend on where the habits live.
struct CLIHarness {
    enum Mode: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case local, server
        var testDescription: String { rawValue }
    }

    let mode: Mode
    /// The in-process server of a server-mode harness, stopped by `cleanUp`.
    private(set) var server: APITestServer?
    /// What one run printed and returned.
    struct Run {
        var status: ExitCode
        var output: String
        var error: String
    }

    let home: URL
    /// Owns `home`: removed when the last copy of the harness goes.
    private let directory: TemporaryDirectory
    var clock: WallClock
    var terminal: TerminalTraits
    /// The spinner's delay: a day, so a loaded machine's slow call never
    /// draws one into output a test compares; a test of the spinner sets it.
    var statusLineDelay: Duration = .seconds(86_400)
    var variables: [String: String]

    /// A harness whose today is `today` (noon UTC) and whose streams are not terminals.
    init(today: String = "2026-03-11", terminal: TerminalTraits = .none) throws {
        mode = .local
        directory = try TemporaryDirectory(prefix: "habits-cli-tests")
        home = directory.url
        let instant = try #require(RFC3339.date(from: "\(today)T12:00:00Z"))
        clock = .fixed(instant, timeZone: try #require(TimeZone(identifier: "UTC")))
        self.terminal = terminal
        variables = ["HOME": home.path]
    }

    /// A harness in `mode`; in server mode the server is started and the
    /// harness signed in, with `HABITS_SERVER` naming the server.
    static func make(
        _ mode: Mode, today: String = "2026-03-11", terminal: TerminalTraits = .none
    ) async throws -> CLIHarness {
        var harness = try CLIHarness(today: today, terminal: terminal)
        guard mode == .server else { return harness }
        harness = CLIHarness(copying: harness, mode: .server)
        // The server's clock stands still at the harness's instant.
        let server = try APITestServer(start: harness.clock.now())
        harness.server = server
        harness.variables["HABITS_SERVER"] = server.baseURL
        let request = await harness.run("auth", "email", "tester@example.com")
        try #require(request.status == .success, "auth email: \(request.error)")
        let verify = await harness.run("verify", try server.latestCode(for: "tester@example.com"))
        try #require(verify.status == .success, "verify: \(verify.error)")
        // A loaded machine can take longer than the default 1.5 s to sync,
        // and a command would then answer from the replica ("saved on this
        // device"); the tests compare what a command says after a sync.
        let timeout = await harness.run("config", "set", "sync-timeout", "600")
        try #require(timeout.status == .success, "config: \(timeout.error)")
        return harness
    }

    private init(copying other: CLIHarness, mode: Mode) {
        self.mode = mode
        home = other.home
        directory = other.directory
        clock = other.clock
        terminal = other.terminal
        statusLineDelay = other.statusLineDelay
        variables = other.variables
    }

    /// Runs `habits arguments…`, answering prompts with `input` lines.
    func run(_ arguments: String..., input: [String] = []) async -> Run {
        await run(arguments, input: input)
    }

    func run(_ arguments: [String], input: [String] = []) async -> Run {
        let output = CapturedText()
        let error = CapturedText()
        let environment = CLIEnvironment(
            arguments: arguments, variables: variables, input: ScriptedInput(input),
            output: TextOutput(output), errorOutput: TextOutput(error), terminal: terminal,
            clock: clock, statusLineDelay: statusLineDelay,
            executablePath: { "/opt/habits/bin/habits" })
        let status = await HabitsCommandLine.run(environment)
        return Run(status: status, output: output.text, error: error.text)
    }

    /// Adds a habit with every property given; fails the test when it cannot.
    @discardableResult
    func add(
        _ name: String, _ frequency: String = "--daily", unit: String = "glasses",
        target: String = "8", days: String = "daily", start: String = "2026-03-01"
    ) async throws -> Run {
        let run = await run(
            "add", name, frequency, "--unit", unit, "--target", target, "--days", days,
            "--start", start)
        try #require(run.status == .success, "add failed: \(run.error)")
        return run
    }

    /// Stops the server, if any, and removes the private HOME.
    func cleanUp() {
        server?.stop()
        try? FileManager.default.removeItem(at: home)
    }
}
