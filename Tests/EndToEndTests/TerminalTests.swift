import Foundation
import Testing

/// Prompts answered through a pseudo-terminal, made by util-linux script(1)
/// (Debian's bsdutils, which `.ci/run` installs when missing).
@Suite struct TerminalTests {
    /// Runs `habits arguments` with its standard streams on a pseudo-terminal
    /// fed with `input`.
    func onTerminal(_ sandbox: Sandbox, _ arguments: [String], input: String) async throws
        -> ProcessResult
    {
        let command = ([Binaries.habits.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        var environment = sandbox.environment
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "xterm"
        return try await Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
            environment: environment, input: input, scratch: sandbox.root)
    }

    @Test func addAsksForWhatIsMissingOnATerminal() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let run = try await onTerminal(
            sandbox, ["add", "Stretch"], input: "\nminutes\n15\nweekdays\n2025-03-03\n")
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("Frequency (daily or weekly) [daily]: "))
        #expect(run.output.contains("Start date [today]: "))
        #expect(
            run.output.contains("Added #1 Stretch: 15 minutes a day, weekdays, from 2025-03-03."))
        let list = try await sandbox.habits("list", "--json")
        #expect(list.output.contains("\"name\" : \"Stretch\""))
    }

    @Test func deleteAsksAndDefaultsToNo() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let add = try await sandbox.habits(
            "add", "Read", "--daily", "--unit", "pages", "--target", "20", "--days", "daily",
            "--start", "today")
        try #require(add.status == 0)
        let declined = try await onTerminal(sandbox, ["delete", "Read"], input: "\n")
        #expect(declined.status == 0, "\(declined)")
        #expect(declined.output.contains("[y/N]"))
        #expect(declined.output.contains("Nothing was deleted."))
        let confirmed = try await onTerminal(sandbox, ["delete", "Read"], input: "yes\n")
        #expect(confirmed.output.contains("Deleted #1 Read."), "\(confirmed)")
        #expect(try await sandbox.habits("list").output.hasPrefix("No habits yet."))
    }
}
