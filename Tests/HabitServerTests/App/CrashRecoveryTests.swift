import Foundation
import HabitConcurrency
import HabitCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `kill -9` in the middle of a stream of writes loses no acknowledged write.
@Suite struct CrashRecoveryTests {
    /// The built `habits-server`, which sits beside the test bundle: on Linux
    /// the test runner is `.build/<config>/habitsPackageTests.xctest` (an
    /// executable, `CommandLine.arguments[0]`); on macOS the bundle is in the
    /// same directory as the products (`Bundle.main.bundleURL`'s parent).
    static func serverExecutable() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("habits-server")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw APITestFailure("habits-server not found near \(candidates.map(\.path))")
    }

    /// A `habits-server` child process on a free port.
    final class ServerProcess {
        let process = Process()
        let port: UInt16

        init(arguments: [String]) throws {
            process.executableURL = try CrashRecoveryTests.serverExecutable()
            process.arguments = ["--port", "0", "--log-level", "error"] + arguments
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // The first line on stdout is the port.
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            guard let text = String(data: line, encoding: .utf8),
                let port = UInt16(text.trimmingCharacters(in: .whitespacesAndNewlines))
            else {
                process.terminate()
                throw APITestFailure("habits-server printed \(line.count) bytes, not a port")
            }
            self.port = port
        }

        func kill(_ signal: Int32) {
            #if canImport(Glibc)
                _ = Glibc.kill(process.processIdentifier, signal)
            #else
                _ = Darwin.kill(process.processIdentifier, signal)
            #endif
            process.waitUntilExit()
        }
    }

    @Test func acknowledgedWritesSurviveSIGKILL() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "habits-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "--database", directory.appendingPathComponent("habits.sqlite3").path,
            "--outbox", directory.appendingPathComponent("outbox").path,
        ]

        let first = try ServerProcess(arguments: arguments)
        let client = APITestClient(port: first.port)
        _ = try client.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
        let outbox = directory.appendingPathComponent("outbox")
        let file = try #require(
            try FileManager.default.contentsOfDirectory(atPath: outbox.path).first)
        let message = try String(contentsOf: outbox.appendingPathComponent(file), encoding: .utf8)
        let code = try #require(
            message.split(separator: "\n").first { $0.hasPrefix("Your habits sign-in code: ") }?
                .split(separator: " ").last)
        let tokens = try client.request(
            "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": "\#(code)"}"#
        ).object()
        let token = try #require(tokens["access"] as? String)
        let created = try client.request(
            "POST", "/api/me/habits/",
            body: """
                {"name": "Read", "frequency": "DAILY", "measurement_type": "pages",
                 "start_date": "2020-01-01", "action_days": [1,2,3,4,5,6,7], "target_value": 1}
                """, token: token)
        let id = try #require(try created.object()["id"] as? Int)

        // Writer: PUT day after day until the server stops answering.
        let acknowledged = AcknowledgedWrites()
        let enoughWritten = DispatchSemaphore(value: 0)
        let writerDone = DispatchSemaphore(value: 0)
        let start = try #require(LocalDate("2020-01-01"))
        Thread {
            var index = 0
            while index < 100_000 {
                let date = start.adding(days: index).description
                let answer = try? client.request(
                    "PUT", "/api/me/habits/\(id)/progress/\(date)/", body: #"{"value": \#(index)}"#,
                    token: token)
                guard let answer, answer.status == 200 else { break }
                acknowledged.record(date, index)
                index += 1
                if index == 150 { enoughWritten.signal() }
            }
            if index < 150 { enoughWritten.signal() }
            writerDone.signal()
        }.start()
        enoughWritten.wait()
        first.kill(SIGKILL)
        writerDone.wait()
        let written = acknowledged.all
        #expect(written.count >= 150)

        let second = try ServerProcess(arguments: arguments)
        defer { second.kill(SIGTERM) }
        let reader = APITestClient(port: second.port)
        let last = start.adding(days: 3700).description
        let entries = try reader.request(
            "GET", "/api/me/habits/\(id)/progress/?from=2020-01-01&to=\(last)", token: token
        ).list()
        var stored: [String: Int] = [:]
        for entry in entries {
            if let date = entry["date"] as? String, let value = entry["value"] as? Int {
                stored[date] = value
            }
        }
        for (date, value) in written {
            #expect(stored[date] == value, "acknowledged write of \(date) lost")
        }
    }

    @Test func sigtermStopsCleanlyWithStatusZero() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "habits-term-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(arguments: [
            "--database", directory.appendingPathComponent("h.sqlite3").path,
        ])
        let answer = try APITestClient(port: server.port).request("GET", "/api/me/")
        #expect(answer.status == 401)
        server.kill(SIGTERM)
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
    }
}

/// The writes the server acknowledged, recorded from the writer thread.
final class AcknowledgedWrites: Sendable {
    private let values = Locked<[String: Int]>([:])
    func record(_ date: String, _ value: Int) { values.withLock { $0[date] = value } }
    var all: [String: Int] { values.withLock { $0 } }
}
