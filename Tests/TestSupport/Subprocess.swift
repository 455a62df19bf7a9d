import Foundation

/// What a finished process printed and how it exited.
package struct ProcessResult: CustomStringConvertible, Sendable {
    package var status: Int32
    package var output: String
    package var error: String

    package var description: String {
        "exit \(status)\n--- stdout\n\(output)--- stderr\n\(error)"
    }
}

/// Runs a program to completion: standard input from a file holding `input`,
/// standard output and error to files (so no pipe can fill up and stall it),
/// waiting for its exit without blocking a thread.
///
/// Every test that runs a program goes through here. A test that waited with
/// `waitUntilExit()` would hold one of the cooperative pool's threads (two on
/// a two-core machine) for as long as the program runs; the browser tests
/// run for minutes, and with the pool held the rest of the suite stalls
/// (a lock test's one-minute limit ran out that way in CI).
package enum Subprocess {
    /// Runs `executable` in `directory` (else `scratch`), its temporary files
    /// in `scratch`; `environment` is the whole environment, plus the
    /// coverage setting (`ChildEnvironment`).
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        input: String = "", scratch: URL, directory: URL? = nil
    ) async throws -> ProcessResult {
        let id = UUID().uuidString
        let inputFile = scratch.appendingPathComponent("stdin-\(id)")
        let outputFile = scratch.appendingPathComponent("stdout-\(id)")
        let errorFile = scratch.appendingPathComponent("stderr-\(id)")
        try Data(input.utf8).write(to: inputFile)
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer {
            for file in [inputFile, outputFile, errorFile] {
                try? FileManager.default.removeItem(at: file)
            }
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ChildEnvironment.with(environment)
        process.currentDirectoryURL = directory ?? scratch
        let stdin = try FileHandle(forReadingFrom: inputFile)
        let stdout = try FileHandle(forWritingTo: outputFile)
        let stderr = try FileHandle(forWritingTo: errorFile)
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        try? stdin.close()
        try? stdout.close()
        try? stderr.close()
        return ProcessResult(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// Runs `executable` with the test run's own environment plus
    /// `environment`, its temporary files in a directory of its own.
    package static func run(
        _ executable: URL, _ arguments: [String], adding environment: [String: String] = [:],
        input: String = "", directory: URL? = nil
    ) async throws -> ProcessResult {
        let scratch = try TemporaryDirectory(prefix: "habits-subprocess")
        return try await run(
            executable, arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            input: input, scratch: scratch.url, directory: directory)
    }
}
