import Foundation
import HabitConcurrency
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `kill -9` in the middle of a stream of writes loses no acknowledged write.
@Suite struct CrashRecoveryTests {
    @Test func acknowledgedWritesSurviveSIGKILL() async throws {
        let temporary = try TemporaryDirectory(prefix: "habits-crash")
        let directory = temporary.url
        let database = temporary.appending("habits.sqlite3")

        let first = try await ServerProcess(directory: directory, database: database, name: "first")
        let client = APITestClient(port: UInt16(first.port))
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

        let second = try await ServerProcess(
            directory: directory, database: database, name: "second")
        defer { second.kill(SIGTERM) }
        let reader = APITestClient(port: UInt16(second.port))
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

    @Test func sigtermStopsCleanlyWithStatusZero() async throws {
        let temporary = try TemporaryDirectory(prefix: "habits-term")
        let server = try await ServerProcess(
            directory: temporary.url, database: temporary.appending("h.sqlite3"))
        let answer = try APITestClient(port: UInt16(server.port)).request("GET", "/api/me/")
        #expect(answer.status == 401)
        let exit = server.kill(SIGTERM)
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)
    }
}

/// The writes the server acknowledged, recorded from the writer thread.
final class AcknowledgedWrites: Sendable {
    private let values = Locked<[String: Int]>([:])
    func record(_ date: String, _ value: Int) { values.withLock { $0[date] = value } }
    var all: [String: Int] { values.withLock { $0 } }
}
