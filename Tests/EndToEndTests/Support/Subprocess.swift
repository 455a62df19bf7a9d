import Foundation
import TestSupport

/// What a finished process printed and how it exited.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var output: String
    var error: String

    var description: String {
        "exit \(status)\n--- stdout\n\(output)--- stderr\n\(error)"
    }
}

/// Runs a program to completion: standard input from a file holding `input`,
/// standard output and error to files (so no pipe can fill up and stall it),
/// waiting for its exit without blocking a thread.
enum Subprocess {
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String],
        input: String = "", scratch: URL
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
        process.currentDirectoryURL = scratch
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
}
