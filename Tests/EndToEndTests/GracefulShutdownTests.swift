import Foundation
import HabitConcurrency
import ServerTestSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGTERM to the real `habits-server` in the middle of a stream of writes.
@Suite struct GracefulShutdownTests {
    /// How one write ended, from the client's side.
    enum Outcome: Sendable {
        /// A whole answer came back with this status.
        case answered(Int)
        /// No answer: the connection was refused, reset or closed first.
        case broken(String)
    }

    /// Signs in through the outbox and returns an access token.
    static func signIn(_ client: APITestClient, _ server: ServerProcess, _ email: String) throws
        -> String
    {
        let sent = try client.request("POST", "/api/auth/email/", body: #"{"email": "\#(email)"}"#)
        try #require(sent.status == 202, "\(sent)")
        let code = try server.code(for: email)
        let tokens = try client.request(
            "POST", "/api/auth/token/", body: #"{"email": "\#(email)", "code": "\#(code)"}"#)
        return try #require(try tokens.object()["access"] as? String, "\(tokens)")
    }

    @Test func sigtermKeepsEveryAcknowledgedWriteAndBreaksNoAnsweredOne() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.appending("habits.sqlite3")
        let server = try await ServerProcess(
            directory: directory.url, database: database,
            arguments: ["--shutdown-timeout", "20"])
        let client = APITestClient(port: UInt16(server.port))
        let token = try Self.signIn(client, server, "term@example.com")
        let created = try client.request(
            "POST", "/api/me/habits/",
            body: #"{"name": "Run", "frequency": "DAILY", "measurement_type": "km", "#
                + #""start_date": "2020-01-01", "action_days": [1,2,3,4,5,6,7], "target_value": 5}"#,
            token: token)
        let habit = try #require(try created.object()["id"] as? Int, "\(created)")

        // Four writers, each PUTting its own days until a write gets no answer.
        let writers = 4
        let perWriter = 600
        let outcomes = Locked<[String: (value: Int, outcome: Outcome)]>([:])
        let enoughWritten = DispatchSemaphore(value: 0)
        let acknowledged = AtomicCounter()
        let finished = DispatchGroup()
        for writer in 0..<writers {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                for step in 0..<perWriter {
                    let day = Self.day(writer * 1000 + step)
                    let value = step + 1
                    let outcome: Outcome
                    do {
                        let answer = try client.request(
                            "PUT", "/api/me/habits/\(habit)/progress/\(day)/",
                            body: #"{"value": \#(value)}"#, token: token)
                        outcome = .answered(answer.status)
                    } catch {
                        outcome = .broken("\(error)")
                    }
                    outcomes.withLock { $0[day] = (value, outcome) }
                    guard case .answered(let status) = outcome else { return }
                    if status == 200, acknowledged.next() == 99 { enoughWritten.signal() }
                }
            }
        }
        enoughWritten.wait()
        let exit = server.kill(SIGTERM)
        finished.wait()
        #expect(exit.reason == .exit)
        #expect(exit.status == 0)

        let all = outcomes.withLock { $0 }
        let acked = all.filter { if case .answered(200) = $0.value.outcome { true } else { false } }
        let broken = all.filter { if case .broken = $0.value.outcome { true } else { false } }
        let other = all.filter {
            if case .answered(let status) = $0.value.outcome { status != 200 } else { false }
        }
        #expect(acked.count >= 100)
        #expect(!broken.isEmpty, "the stop came before the writers were done")
        // Answers other than 200 during the stop would be a server fault too.
        #expect(other.isEmpty, "\(other.prefix(3))")

        // Start again on the same file (and secret): what is stored?
        let again = try await ServerProcess(directory: directory.url, database: database)
        let reader = APITestClient(port: UInt16(again.port))
        let list = try reader.request(
            "GET", "/api/me/habits/\(habit)/progress/?from=2020-01-01&to=2030-01-01", token: token)
        try #require(list.status == 200, "\(list)")
        var stored: [String: Int] = [:]
        for entry in try list.object()["data"] as? [[String: Any]] ?? [] {
            if let date = entry["date"] as? String, let value = entry["value"] as? NSNumber {
                stored[date] = value.intValue
            }
        }
        for (day, write) in acked {
            #expect(stored[day] == write.value, "acknowledged write of \(day) is kept")
        }
        // A write without an answer must not have been done: done and then
        // cut off would be an acknowledgement lost with a broken connection.
        for (day, write) in broken {
            #expect(
                stored[day] == nil, "\(day) was written but its connection broke: \(write.outcome)")
        }
        #expect(stored.count == acked.count)
        await again.stop()
    }

    /// `2020-01-01` plus `offset` days.
    static func day(_ offset: Int) -> String {
        let start = Date(timeIntervalSince1970: 1_577_836_800)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: start.addingTimeInterval(Double(offset) * 86_400))
    }
}
