import Foundation
import ServerTestSupport
import TestSupport
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
            sandbox, ["add", "Stretch"], input: "\nminutes\n\n15\nweekdays\n2025-03-03\n\n")
        #expect(run.status == 0, "\(run)")
        #expect(run.output.contains("Frequency (daily, weekly, monthly or every N days) [daily]: "))
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

    /// After `auth email` on a terminal: a code of the wrong form is asked
    /// again without being sent, a wrong code is refused and asked again,
    /// and the right one signs in. The server saw exactly two code checks.
    @Test func theSignInPromptAsksAgainAfterAWrongCode() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        let address = "quinn@example.com"
        let command = [Binaries.habits.path, "--server", server.url, "auth", "email", address]
            .map { "'\($0)'" }.joined(separator: " ")
        var environment = sandbox.environment
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "xterm"
        let session = try TerminalSession(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
            environment: environment, directory: sandbox.root)
        let outbox = server.outbox
        let output = try await session.run { terminal in
            try terminal.waitFor("Enter the code from the email")
            terminal.send("12345\n")
            try terminal.waitFor("A code is six digits")
            let code = try ServerProcess.code(inOutbox: outbox, for: address)
            let wrong = String(
                code.map { $0 == "9" ? "0" : Character(String(($0.wholeNumberValue ?? 0) + 1)) })
            terminal.send("\(wrong)\n")
            try terminal.waitFor("Enter the code again")
            terminal.send("\(code)\n")
            try terminal.waitFor("Signed in as \(address)")
        }
        #expect(output.contains("did not accept that code"), "\(output)")
        #expect(session.status == 0, "\(output)")
        let log = try String(contentsOf: server.log, encoding: .utf8)
        let checks = log.split(separator: "\n").filter { $0.contains("/api/auth/token/ ") }
        #expect(checks.count == 2, "\(checks)")
        let status = try await sandbox.habits("--server", server.url, "status")
        #expect(status.output.contains("Session:      valid"), "\(status)")
        await server.stop()
    }
}

/// A program on a pseudo-terminal (through script(1)) that a test talks to
/// line by line: it waits for text to appear, then answers.
final class TerminalSession: @unchecked Sendable {
    // Unchecked: `run` hands the session to one detached thread and waits
    // for it; nothing else touches the pipes or the buffer meanwhile.
    private let process = Process()
    private let input = Pipe()
    private let outputPipe = Pipe()
    private var buffer = Data()

    struct Timeout: Error, CustomStringConvertible {
        var waitingFor: String
        var output: String
        var description: String { "no \"\(waitingFor)\" in: \(output)" }
    }

    init(_ executable: URL, _ arguments: [String], environment: [String: String], directory: URL)
        throws
    {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ChildEnvironment.with(environment)
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = outputPipe
        try process.run()
        // A bound on the whole dialogue, so a prompt that never comes fails
        // the test instead of hanging it: the program is stopped, its output
        // ends, and the waiting read returns.
        let process = self.process
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
            if process.isRunning { process.terminate() }
        }
    }

    var status: Int32 { process.terminationStatus }

    /// Runs `dialogue` on a thread of its own (reads block), then waits for
    /// the program to exit; returns everything it printed.
    func run(_ dialogue: @escaping @Sendable (TerminalSession) throws -> Void) async throws
        -> String
    {
        try await withCheckedThrowingContinuation {
            (done: CheckedContinuation<String, any Error>) in
            Thread.detachNewThread { [self] in
                do {
                    try dialogue(self)
                    try? input.fileHandleForWriting.close()
                    while !outputPipe.fileHandleForReading.availableData.isEmpty {}
                    process.waitUntilExit()
                    done.resume(returning: String(decoding: buffer, as: UTF8.self))
                } catch {
                    process.terminate()
                    done.resume(throwing: error)
                }
            }
        }
    }

    /// Reads until `text` has been printed; fails when the program ends first.
    func waitFor(_ text: String) throws {
        while !String(decoding: buffer, as: UTF8.self).contains(text) {
            let chunk = outputPipe.fileHandleForReading.availableData
            if chunk.isEmpty {
                throw Timeout(waitingFor: text, output: String(decoding: buffer, as: UTF8.self))
            }
            buffer.append(chunk)
        }
    }

    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }
}
