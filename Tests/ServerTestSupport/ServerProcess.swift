import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real `habits-server` on a free port of 127.0.0.1 with an in-memory
/// database (or the one given) and an outbox directory, stopped (SIGTERM)
/// when released.
package final class ServerProcess {
    package let port: Int
    package let outbox: URL
    package let log: URL
    private let process: Process

    /// Starts the server and waits for the port it prints as its first line.
    ///
    /// `database` is `--database` (a PostgreSQL URL goes in
    /// HABITS_DATABASE_URL instead, as a deployment would pass it);
    /// `environment` adds to the server's (HABITS_SECRET, say, for servers
    /// that must accept each other's tokens); `name` tells apart the logs of
    /// servers sharing `directory` (and its outbox); `arguments` are more flags.
    package init(
        directory: URL, accessTTL: Int? = nil, database: String = ":memory:",
        environment: [String: String] = [:], name: String = "server", arguments more: [String] = []
    ) async throws {
        outbox = directory.appendingPathComponent("outbox")
        log = directory.appendingPathComponent("\(name).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = Binaries.server
        var arguments = ["--port", "0", "--outbox", outbox.path]
        var serverEnvironment = ["PATH": "/usr/bin:/bin", "HOME": directory.path]
        if database.hasPrefix("postgres") {
            serverEnvironment["HABITS_DATABASE_URL"] = database
        } else {
            arguments += ["--database", database]
        }
        if let accessTTL { arguments += ["--access-ttl", String(accessTTL)] }
        process.arguments = arguments + more
        process.environment = ChildEnvironment.with(serverEnvironment.merging(environment) { $1 })
        process.currentDirectoryURL = directory
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let line = await Self.firstLine(of: stdout.fileHandleForReading)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            let log = (try? String(contentsOf: self.log, encoding: .utf8)) ?? ""
            throw StartFailure(firstLine: line, log: log)
        }
        self.port = port
    }

    package struct StartFailure: Error, CustomStringConvertible {
        package var firstLine: String
        package var log: String = ""
        package var description: String {
            "habits-server did not print a port; it printed \"\(firstLine)\"; its log: \(log)"
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The API's base URL.
    package var url: String { "http://127.0.0.1:\(port)/api/" }

    /// Stops the server and waits until it has exited.
    package func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        // Waits for the exit on a thread of its own, not by polling, and
        // without blocking a thread of the cooperative pool.
        let process = self.process
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                process.waitUntilExit()
                done.resume()
            }
        }
    }

    /// Sends `signal` (SIGKILL, say, to test crash recovery) and waits for
    /// the exit; returns how the process ended.
    @discardableResult
    package func kill(_ signal: Int32) -> (reason: Process.TerminationReason, status: Int32) {
        if process.isRunning {
            #if canImport(Glibc)
                _ = Glibc.kill(process.processIdentifier, signal)
            #else
                _ = Darwin.kill(process.processIdentifier, signal)
            #endif
        }
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }

    /// The sign-in code in the newest message to `address` in the outbox.
    package func code(for address: String) throws -> String {
        try Self.code(inOutbox: outbox, for: address)
    }

    /// The sign-in code in the newest message to `address` in `outbox`.
    package static func code(inOutbox outbox: URL, for address: String) throws -> String {
        let files = try FileManager.default.contentsOfDirectory(atPath: outbox.path).sorted()
        for file in files.reversed() {
            let text = try String(contentsOf: outbox.appendingPathComponent(file), encoding: .utf8)
            guard text.contains("To: \(address)") else { continue }
            let body = text.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
            let words = body.split(whereSeparator: { !$0.isNumber })
            if let code = words.first(where: { $0.count == 6 }) { return String(code) }
        }
        throw MissingCode(address: address)
    }

    package struct MissingCode: Error {
        package var address: String
    }

    /// Reads until the first newline (or end of file) on a thread of its own,
    /// then keeps draining the pipe so the server never blocks writing to it.
    private static func firstLine(of handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var buffer = Data()
                var resumed = false
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    if resumed { continue }
                    buffer.append(chunk)
                    if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                        continuation.resume(
                            returning: String(decoding: buffer[..<newline], as: UTF8.self))
                        resumed = true
                    }
                }
                if !resumed {
                    continuation.resume(returning: String(decoding: buffer, as: UTF8.self))
                }
            }
        }
    }
}
