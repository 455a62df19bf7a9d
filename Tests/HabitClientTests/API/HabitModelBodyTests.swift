import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitClient

/// What the client sends of a habit's goal, period length and group
/// (issue 38), by itself and through the outbox's `send`, and that it reads
/// them in answers: a new habit sends its goal always and the other two
/// when set; an edit sends the fields it changes, null removing a period
/// length or group, and leaves the rest out.
@Suite struct HabitModelBodyTests {
    typealias Setup = ClientFaultTests.Setup
    static let day = LocalDate(year: 2026, month: 12, day: 1)!

    static let answer =
        #"{"id":4,"name":"Coffee","frequency":"MONTHLY","measurement_type":"cups","start_date":"2026-12-01","action_days":[1,2,3,4,5,6,7],"target_value":2,"goal":"AT_MOST","group":"Health","status":"ACTIVE","version":"9"}"#

    static let coffee = HabitFields(
        name: "Coffee", frequency: .monthly, measurementType: "cups", startDate: day,
        actionDays: .everyDay, targetValue: 2, goal: .atMost, group: "Health")
    static let water = HabitFields(
        name: "Water", frequency: .everyNDays, measurementType: "times", startDate: day,
        actionDays: .everyDay, targetValue: 1, periodDays: 3)

    /// Each request's `goal`, `period_days` and `group` as sent: the value,
    /// "null" or "absent".
    static func sent(_ requests: [FaultHTTPServer.Request]) throws -> [[String]] {
        try requests.map { request in
            let object = try #require(
                try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            return ["goal", "period_days", "group"].map { key in
                object[key].map { $0 is NSNull ? "null" : "\($0)" } ?? "absent"
            }
        }
    }

    static let expected = [
        ["AT_MOST", "absent", "Health"],
        ["AT_LEAST", "3", "absent"],
        ["AT_MOST", "5", "Morning"],
        ["absent", "null", "null"],
        ["absent", "absent", "absent"],
    ]

    @Test func theAPIClientSendsEachFieldAsAsked() async throws {
        let server = try FaultHTTPServer { _ in .http(200, body: Self.answer) }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let client = setup.client
        let created = try await client.createHabit(Self.coffee)
        _ = try await client.createHabit(Self.water)
        _ = try await client.updateHabit(
            id: 4,
            changes: HabitChanges(goal: .atMost, periodDays: .some(5), group: .some("Morning")))
        _ = try await client.updateHabit(
            id: 4, changes: HabitChanges(periodDays: .some(nil), group: .some(nil)))
        _ = try await client.updateHabit(id: 4, changes: HabitChanges(name: "Tea"))
        #expect(try Self.sent(server.requests) == Self.expected)
        #expect(server.requests.map(\.method) == ["POST", "POST", "PATCH", "PATCH", "PATCH"])
        // The answer's fields are read.
        #expect(created.fields == Self.coffee)
    }

    @Test func theOutboxSendsTheSameBodies() async throws {
        let server = try FaultHTTPServer { _ in .http(200, body: Self.answer) }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let client = setup.client
        let actions: [SyncWrite.Action] = [
            .createHabit(Self.coffee), .createHabit(Self.water),
            .updateHabit(
                HabitChanges(goal: .atMost, periodDays: .some(5), group: .some("Morning"))),
            .updateHabit(HabitChanges(periodDays: .some(nil), group: .some(nil))),
            .updateHabit(HabitChanges(name: "Tea")),
        ]
        var answers: [SyncWriteAnswer] = []
        for (index, action) in actions.enumerated() {
            answers.append(
                try await client.send(
                    SyncWrite(habitID: 4, action: action), idempotencyKey: "k\(index)"))
        }
        #expect(try Self.sent(server.requests) == Self.expected)
        #expect(answers[0].habit?.fields == Self.coffee)
        #expect(answers[0].version == "9")
    }
}
