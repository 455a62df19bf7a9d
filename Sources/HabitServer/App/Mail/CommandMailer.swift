import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Delivers each message by piping it to a shell command, such as
/// `sendmail -t`, which reads the recipients from the message's headers.
///
/// The command runs as `/bin/sh -c COMMAND` with the message on its standard
/// input; a non-zero exit status, or no exit within `timeout`, is a failure.
package struct CommandMailer: Mailer {
    package var command: String
    package var timeout: TimeInterval

    package init(command: String, timeout: TimeInterval = 30) {
        self.command = command
        self.timeout = timeout
        // A command that exits without reading its input would otherwise kill
        // the server with SIGPIPE when the message is written; a server has no
        // use for SIGPIPE, so it is ignored process-wide.
        signal(SIGPIPE, SIG_IGN)
    }

    package func send(_ message: MailMessage) throws(MailError) -> String {
        try run(command, with: message)
        return "command \(command)"
    }

    /// Pipes the message to a shell that reads and drops it: the process
    /// and the pipe cost what the real command's start does.
    package func rehearse(_ message: MailMessage) {
        try? run("cat >/dev/null", with: message)
    }

    /// Runs `/bin/sh -c shellCommand` with the message on its standard input.
    private func run(_ shellCommand: String, with message: MailMessage) throws(MailError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", shellCommand]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw MailError("Cannot run the mail command: \(error.localizedDescription)")
        }
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(message.rendered.utf8))
        } catch {
            // The command stopped reading; its exit status tells what happened.
        }
        try? input.fileHandleForWriting.close()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            finished.wait()
            throw MailError("The mail command did not finish within \(Int(timeout)) seconds.")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how =
                process.terminationReason == .exit
                ? "exited with status \(process.terminationStatus)"
                : "was killed by signal \(process.terminationStatus)"
            throw MailError("The mail command \(how).")
        }
    }
}
