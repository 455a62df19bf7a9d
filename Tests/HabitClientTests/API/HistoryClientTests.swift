import Foundation
import TestSupport
import Testing

@testable import HabitClient
@testable import HabitCore

/// `HabitAPIClient.history`: the history route's query and answer, and a
/// server older than the route.
@Suite struct HistoryClientTests {
    typealias Setup = ClientFaultTests.Setup

    /// The route's answer as `HistoryReport` encodes it (snake_case keys,
    /// decimals as JSON numbers), with a key the client does not know.
    static let answer = """
        {"habit_id":1,"from":"2026-11-28","to":"2026-11-30","today":"2026-11-30",\
        "periods":[{"start":"2026-11-29","end":"2026-11-29","state":"done","value":10.5,\
        "target":10,"strength":0.0952},{"start":"2026-11-30","end":"2026-11-30",\
        "state":"pending","value":0,"target":10,"strength":0.0952}],\
        "streaks":[{"start":"2026-11-29","end":"2026-11-29","length":1}],\
        "totals":{"weeks":[{"start":"2026-11-23","end":"2026-11-29","value":10.5,"target":10}],\
        "months":[{"start":"2026-11-01","end":"2026-11-30","value":10.5,"target":20}]},\
        "weekdays":[{"weekday":1,"days":1,"planned":1,"logged":0}],"extra":true}
        """

    @Test func theDatesGivenAreSentAndTheAnswerIsDecoded() async throws {
        let server = try FaultHTTPServer { _ in .http(200, body: Self.answer) }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let day = { (text: String) in LocalDate(text)! }
        let report = try await setup.client.history(
            habitID: 1, from: day("2026-11-28"), to: day("2026-11-30"), today: day("2026-11-30"))
        _ = try await setup.client.history(habitID: 1)
        _ = try await setup.client.history(habitID: 1, today: day("2026-11-30"))
        #expect(
            server.requests.map(\.target) == [
                "/api/me/habits/1/history/?from=2026-11-28&to=2026-11-30&today=2026-11-30",
                "/api/me/habits/1/history/", "/api/me/habits/1/history/?today=2026-11-30",
            ])
        #expect(report.habitID == 1)
        #expect(report.periods.count == 2)
        #expect(report.periods[0].value == Decimal(string: "10.5"))
        #expect(report.periods[0].state == .success)
        #expect(report.periods[1].strength == 0.0952)
        #expect(
            report.streaks == [
                HistoryReport.Streak(start: day("2026-11-29"), end: day("2026-11-29"), length: 1)
            ])
        #expect(report.totals.months.first?.target == 20)
        #expect(report.weekdays.count == 1)
    }

    /// An older server answers 404 on the route while the habit is there:
    /// `.notSupported`, for the caller to say so; a habit that is not
    /// there is `.notFound`.
    @Test func anOlderServerSaysNotSupportedAndAMissingHabitNotFound() async throws {
        let server = try FaultHTTPServer { request in
            if request.target.hasPrefix("/api/me/habits/1/") && !request.target.contains("history")
            {
                return .http(200, body: ClientFaultTests.habitJSON)
            }
            return .http(404, body: #"{"code":"not_found","message":"Not found."}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        await #expect(throws: APIError.notSupported(path: "/api/me/habits/1/history/")) {
            _ = try await setup.client.history(habitID: 1)
        }
        await #expect(throws: APIError.notFound) {
            _ = try await setup.client.history(habitID: 2)
        }
    }
}
