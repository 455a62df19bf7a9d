import Foundation
import HabitClient
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// Issue 38's habit fields between the client and the real server: what a
/// creation and an edit send, and that the server's answers and later reads
/// hold exactly the fields asked. Needs the server to take the second
/// model and its store to keep it.
@Suite struct HabitModelFlowTests {
    static let start = LocalDate(year: 2026, month: 11, day: 1)!

    /// The `goal`, `period_days` and `group` of an exchange's JSON body:
    /// the value, "null" or "absent".
    static func sent(_ exchange: RecordingTransport.Exchange) throws -> [String] {
        let body = try #require(exchange.body)
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        return ["goal", "period_days", "group"].map { key in
            object[key].map { $0 is NSNull ? "null" : "\($0)" } ?? "absent"
        }
    }

    @Test func aMonthlyLimitInAGroupAndItsEditTravelAsAsked() async throws {
        let server = try APITestServer(start: TestClock.epoch)
        defer { server.stop() }
        let user = try await SignedInUser.signIn(
            "ann@example.com", to: server, deviceClock: TestClock(TestClock.epoch))
        let coffee = HabitFields(
            name: "Coffee", frequency: .monthly, measurementType: "cups", startDate: Self.start,
            actionDays: .everyDay, targetValue: 2, goal: .atMost, group: "Health")
        let created = try await user.client.createHabit(coffee)
        #expect(created.fields == coffee)
        let creation = try #require(user.transport.exchanges.last)
        #expect(creation.method == "POST")
        #expect(try Self.sent(creation) == ["AT_MOST", "absent", "Health"])

        let changes = HabitChanges(
            frequency: .everyNDays, goal: .atLeast, periodDays: .some(3), group: .some(nil))
        let edited = try await user.client.updateHabit(id: created.id, changes: changes)
        let edit = try #require(user.transport.exchanges.last)
        #expect(edit.method == "PATCH")
        #expect(try Self.sent(edit) == ["AT_LEAST", "3", "null"])
        let expected = try changes.applied(to: coffee)
        #expect(edited.fields == expected)
        #expect(try await user.client.habit(id: created.id).fields == expected)

        // An edit of the name alone leaves the three as they are.
        let renamed = try await user.client.updateHabit(
            id: created.id, changes: HabitChanges(name: "Water"))
        #expect(
            try Self.sent(try #require(user.transport.exchanges.last)) == [
                "absent", "absent", "absent",
            ])
        #expect(renamed.periodDays == 3)
        #expect(renamed.goal == .atLeast)
        #expect(renamed.group == nil)
    }
}
