import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// MONTHLY and EVERY_N_DAYS habits created, and `goal`, `period_days` and
/// `group` kept by the store and changed by PATCH (left out keeps, null
/// removes), through the list, one habit and the change feed, on SQLite
/// and PostgreSQL.
@Suite
struct HabitKindsRoundTripTests {
    enum Store: CaseIterable { case sqlite, postgreSQL }

    private func withServer(
        _ store: Store, _ body: (APITestServer, String) throws -> Void
    ) throws {
        let temporary = try TemporaryDirectory()
        let path: String
        switch store {
        case .sqlite: path = temporary.appending("habits.sqlite3")
        case .postgreSQL:
            path = try PostgresTestServer.sharedOrCancel().newDatabase(prefix: "kinds_trip_")
        }
        let server = try APITestServer(databasePath: path)
        defer { server.stop() }
        try body(server, try server.signIn("trip@example.com").access)
    }

    /// The habit `id` as one habit, in the list and in the change feed.
    private func everywhere(_ server: APITestServer, _ token: String, _ id: Int) throws
        -> [[String: Any]]
    {
        let one = try server.request("GET", "/api/me/habits/\(id)/", token: token).object()
        let list = try server.request(
            "GET", "/api/me/habits/?status=ALL&date=2026-11-30&today=2026-11-30", token: token
        ).list()
        let feed = try server.request("GET", "/api/me/changes/", token: token).object()
        let changes = feed["changes"] as? [[String: Any]] ?? []
        let fed = changes.compactMap { $0["habit"] as? [String: Any] }
        return [one] + list.filter { $0["id"] as? Int == id }
            + fed.filter { $0["id"] as? Int == id }
    }

    @Test(arguments: Store.allCases)
    func everyPeriodAndGoalIsCreatedAndAnsweredWhole(_ store: Store) throws {
        try withServer(store) { server, token in
            try HabitKindsRouteTests.createEach(
                [
                    ("MONTHLY", "1", ["group": #""Home""#]),
                    ("EVERY_N_DAYS", "2", ["period_days": "3", "group": #"" Garden ""#]),
                    ("MONTHLY", "4", ["goal": #""AT_MOST""#]),
                    ("EVERY_N_DAYS", "0", ["goal": #""AT_MOST""#, "period_days": "365"]),
                ], server: server, token: token)
        }
    }

    @Test(arguments: Store.allCases)
    func theNewFieldsAreKeptAndChanged(_ store: Store) throws {
        try withServer(store) { server, token in
            let created = try server.request(
                "POST", "/api/me/habits/",
                body: server.habitBody(
                    name: "Water", frequency: "EVERY_N_DAYS", target: "0",
                    overrides: [
                        "goal": #""AT_MOST""#, "period_days": "3", "group": #""Garden""#,
                    ]), token: token)
            #expect(created.status == 201, "\(created)")
            let id = try #require(try created.object()["id"] as? Int)
            let seen = try everywhere(server, token, id)
            #expect(seen.count == 3)
            for habit in seen {
                #expect(habit["frequency"] as? String == "EVERY_N_DAYS")
                #expect(habit["goal"] as? String == "AT_MOST")
                #expect(habit["period_days"] as? Int == 3)
                #expect(habit["group"] as? String == "Garden")
                #expect(habit["target_value"] as? Int == 0)
            }

            // Left out, each is kept.
            let renamed = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"name": "Plants"}"#, token: token)
            #expect(renamed.status == 200, "\(renamed)")
            let kept = try renamed.object()
            #expect(kept["goal"] as? String == "AT_MOST" && kept["period_days"] as? Int == 3)
            #expect(kept["group"] as? String == "Garden")

            // A new N, a new group; then null removes the group.
            let changed = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"period_days": 5, "group": "Home "}"#,
                token: token)
            #expect(try changed.object()["period_days"] as? Int == 5)
            #expect(try changed.object()["group"] as? String == "Home")
            let ungrouped = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"group": null}"#, token: token)
            #expect(try ungrouped.object().keys.contains("group") == false)

            // Monthly drops N; an at-least goal needs a target above 0.
            let monthly = try server.request(
                "PATCH", "/api/me/habits/\(id)/",
                body: #"{"frequency": "MONTHLY", "goal": "AT_LEAST", "target_value": 2}"#,
                token: token)
            #expect(monthly.status == 200, "\(monthly)")
            for habit in try everywhere(server, token, id) {
                #expect(habit["frequency"] as? String == "MONTHLY")
                #expect(habit["goal"] as? String == "AT_LEAST")
                #expect(habit.keys.contains("period_days") == false)
                #expect(habit.keys.contains("group") == false)
                #expect(habit["target_value"] as? Int == 2)
            }
            // Null removes N, which a monthly habit has not: nothing to do.
            let same = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"period_days": null}"#, token: token)
            #expect(same.status == 200)
        }
    }
}
