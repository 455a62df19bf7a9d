import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// Runs `habits` commands in-process against a private HOME (so a private
/// local database), with captured output, scripted input and a fixed clock.
struct CLIHarness {
    /// What one run printed and returned.
    struct Run {
        var status: ExitCode
        var output: String
        var error: String
    }

    let home: URL
    var clock: WallClock
    var terminal: TerminalTraits
    var variables: [String: String]

    /// A harness whose today is `today` (noon UTC) and whose streams are not terminals.
    init(today: String = "2026-03-11", terminal: TerminalTraits = .none) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "habits-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let instant = try #require(RFC3339.date(from: "\(today)T12:00:00Z"))
        clock = .fixed(instant, timeZone: try #require(TimeZone(identifier: "UTC")))
        self.terminal = terminal
        variables = ["HOME": home.path]
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
            clock: clock, executablePath: { "/opt/habits/bin/habits" })
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

    /// Removes the private HOME.
    func cleanUp() {
        try? FileManager.default.removeItem(at: home)
    }
}
