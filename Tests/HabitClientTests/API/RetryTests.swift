import Foundation
import HabitClient
import HabitConcurrency
import HabitCore
import TestSupport
import Testing

/// When a request is sent again after a broken connection, and what is said
/// when the outcome of a change stays unknown.
@Suite struct RetryTests {
    typealias Setup = ClientFaultTests.Setup

    static let habitJSON = ClientFaultTests.habitJSON
    static let fields = HabitFields(
        name: "Read", frequency: .daily, measurementType: "pages",
        startDate: LocalDate(year: 2026, month: 11, day: 1)!, actionDays: .everyDay,
        targetValue: 10)

    /// A POST that creates a habit carries an Idempotency-Key and is sent
    /// once more, with the same key, when the first answer is lost.
    @Test func aKeyedPostIsRetriedWithTheSameKey() async throws {
        let attempts = Locked(0)
        let server = try FaultHTTPServer { _ in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            return attempt == 1
                ? .bytesThenReset(Data())
                : .http(201, body: Self.habitJSON)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        #expect(try await setup.client.createHabit(Self.fields).name == "Read")
        let keys = server.requests.map { $0.headers["idempotency-key"] }
        #expect(keys.count == 2)
        let key = try #require(keys.first ?? nil)
        #expect(keys.last == key)
        // A Structured Field string, as the IETF draft writes it.
        #expect(key.hasPrefix("\"") && key.hasSuffix("\"") && key.count == 38)
    }

    /// Two operations never share a key.
    @Test func eachOperationHasItsOwnKey() async throws {
        let server = try FaultHTTPServer { _ in .http(201, body: Self.habitJSON) }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        _ = try await setup.client.createHabit(Self.fields)
        _ = try await setup.client.createHabit(Self.fields)
        let keys = server.requests.compactMap { $0.headers["idempotency-key"] }
        #expect(keys.count == 2)
        #expect(Set(keys).count == 2)
    }

    /// Every answer lost: a change is reported as possibly applied.
    @Test func aChangeWhoseAnswersAreLostIsOutcomeUnknown() async throws {
        let server = try FaultHTTPServer { _ in .bytesThenReset(Data()) }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let host = "127.0.0.1:\(server.port)"
        await #expect(throws: APIError.outcomeUnknown(host: host)) {
            _ = try await setup.client.incrementProgress(
                habitID: 1, date: LocalDate(year: 2026, month: 11, day: 30)!, amount: 1)
        }
        #expect(server.requests.count == 2)
        await #expect(throws: APIError.outcomeUnknown(host: host)) {
            _ = try await setup.client.setProgress(
                habitID: 1,
                entry: ProgressEntry(date: LocalDate(year: 2026, month: 11, day: 30)!, value: 2))
        }
        #expect(server.requests.count == 4)
    }

    /// PATCH is not idempotent by HTTP's rules: it is sent once, and a lost
    /// answer is reported as possibly applied.
    @Test func aPatchIsNeverRepeated() async throws {
        let server = try FaultHTTPServer { _ in .bytesThenReset(Data()) }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        await #expect(throws: APIError.outcomeUnknown(host: "127.0.0.1:\(server.port)")) {
            _ = try await setup.client.updateHabit(id: 1, changes: HabitChanges(name: "Ride"))
        }
        #expect(server.requests.count == 1)
    }

    /// A server that is not there: nothing was sent, so nothing "may have
    /// been applied"; the error is plain unreachable.
    @Test func aRefusedConnectionIsUnreachableEvenForAChange() async throws {
        let closed = try ClosedPort()
        let port = closed.port
        let setup = try Setup(baseURL: "http://127.0.0.1:\(port)/api/")
        await #expect(throws: APIError.unreachable(host: "127.0.0.1:\(port)")) {
            _ = try await setup.client.createHabit(Self.fields)
        }
    }

    /// A server without the increment route (404 there, the habit exists):
    /// `.notSupported`, so the caller can fall back.
    @Test func aServerWithoutIncrementSaysNotSupported() async throws {
        let server = try FaultHTTPServer { request in
            request.target.hasSuffix("/increment/")
                ? .http(404, body: #"{"detail":"Not found."}"#)
                : .http(200, body: Self.habitJSON)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        await #expect(
            throws: APIError.notSupported(path: "/api/me/habits/1/progress/2026-11-30/increment/")
        ) {
            _ = try await setup.client.incrementProgress(
                habitID: 1, date: LocalDate(year: 2026, month: 11, day: 30)!, amount: 1)
        }
    }

    /// Signing in changes no habit: a broken connection there is reported as
    /// such, never as a change that "may have been applied".
    @Test func aBrokenSignInIsAConnectionLostNotAnUnknownChange() async throws {
        let server = try FaultHTTPServer { _ in .bytesThenReset(Data()) }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        await #expect(throws: APIError.connectionLost(host: "127.0.0.1:\(server.port)")) {
            try await setup.client.signIn(email: "a@example.com", code: "123456")
        }
        // The code exchange carries no key, so it is not sent twice.
        #expect(server.requests.count == 1)
    }
}
