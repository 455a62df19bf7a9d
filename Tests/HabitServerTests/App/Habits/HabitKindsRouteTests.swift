import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// The habits of issue 38 over HTTP: every frequency, `goal`,
/// `period_days` and `group` on create, PATCH, the list, one habit and the
/// change feed, and their field errors, on SQLite and PostgreSQL.
@Suite struct HabitKindsRouteTests {
    enum Store: CaseIterable { case sqlite, postgreSQL }

    /// Runs `body` with a signed-in server on `store` and its token.
    private func withServer(
        _ store: Store, _ body: (APITestServer, String) throws -> Void
    ) throws {
        let temporary = try TemporaryDirectory()
        let path: String
        switch store {
        case .sqlite: path = temporary.appending("habits.sqlite3")
        case .postgreSQL:
            path = try PostgresTestServer.sharedOrCancel().newDatabase(prefix: "habit_kinds_")
        }
        let server = try APITestServer(databasePath: path)
        defer { server.stop() }
        try body(server, try server.signIn("kinds@example.com").access)
    }

    /// A new habit's body with `overrides` (raw JSON text; "" removes one).
    private func body(
        _ server: APITestServer, name: String, frequency: String = "DAILY",
        target: String = "1", _ overrides: [String: String] = [:]
    ) -> String {
        server.habitBody(name: name, frequency: frequency, target: target, overrides: overrides)
    }

    /// Each goal as created, with and without a group: (frequency, target,
    /// extra members). The new periods are in `HabitKindsRoundTripTests`,
    /// as only a store that keeps them takes them.
    static let goals: [(String, String, [String: String])] = [
        ("DAILY", "1", [:]),
        ("WEEKLY", "3", ["goal": #""AT_LEAST""#, "group": #""Home""#]),
        ("DAILY", "2", ["goal": #""AT_MOST""#, "group": #"" Garden ""#]),
        ("WEEKLY", "0", ["goal": #""AT_MOST""#, "group": "null", "period_days": "null"]),
    ]

    @Test(arguments: Store.allCases)
    func everyGoalIsCreatedAndAnsweredWhole(_ store: Store) throws {
        try withServer(store) { server, token in
            try Self.createEach(Self.goals, server: server, token: token)
        }
    }

    /// Creates each of `kinds` (as `goals`) and checks that its answer
    /// carries it whole: `goal` always, `period_days` and `group` when set.
    static func createEach(
        _ kinds: [(String, String, [String: String])], server: APITestServer, token: String
    ) throws {
        for (index, (frequency, target, extra)) in kinds.enumerated() {
            let created = try server.request(
                "POST", "/api/me/habits/",
                body: server.habitBody(
                    name: "H\(index)", frequency: frequency, target: target, overrides: extra),
                token: token)
            #expect(created.status == 201, "\(frequency) \(extra): \(created)")
            let habit = try created.object()
            #expect(habit["frequency"] as? String == frequency)
            let goal = extra["goal"].map { $0.replacingOccurrences(of: "\"", with: "") }
            #expect(habit["goal"] as? String == goal ?? "AT_LEAST", "always answered")
            #expect(habit["period_days"] as? Int == extra["period_days"].flatMap { Int($0) })
            let group = extra["group"].flatMap { $0 == "null" ? nil : $0 }
                .map {
                    $0.replacingOccurrences(of: "\"", with: "").trimmingCharacters(
                        in: .whitespaces)
                }
            #expect(habit["group"] as? String == group, "trimmed; absent for none")
            #expect(habit.keys.contains("group") == (group != nil))
            #expect(habit.keys.contains("period_days") == (frequency == "EVERY_N_DAYS"))
        }
    }

    @Test(arguments: Store.allCases)
    func aHabitCreatedWithoutAGoalIsAnsweredWithOneEverywhere(_ store: Store) throws {
        try withServer(store) { server, token in
            let id = try server.createHabit(token: token)
            let created = try server.request("GET", "/api/me/habits/\(id)/", token: token)
            #expect(try created.object()["goal"] as? String == "AT_LEAST")
            for query in ["", "?date=2026-11-30&today=2026-11-30", "?status=ALL"] {
                let list = try server.request("GET", "/api/me/habits/\(query)", token: token)
                #expect(try list.list().first?["goal"] as? String == "AT_LEAST", "list \(query)")
            }
            let feed = try server.request("GET", "/api/me/changes/", token: token).object()
            let changes = try #require(feed["changes"] as? [[String: Any]])
            let habit = changes.first?["habit"] as? [String: Any]
            #expect(habit?["goal"] as? String == "AT_LEAST")
            let patched = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"name": "Write"}"#, token: token)
            #expect(try patched.object()["goal"] as? String == "AT_LEAST")
        }
    }

    @Test(
        arguments: [
            // (frequency, target, overrides, the field named)
            ("DAILY", "1", ["period_days": "3"], "period_days"),
            ("WEEKLY", "1", ["period_days": "7"], "period_days"),
            ("EVERY_N_DAYS", "1", [:], "period_days"),
            ("EVERY_N_DAYS", "1", ["period_days": "1"], "period_days"),
            ("EVERY_N_DAYS", "1", ["period_days": "366"], "period_days"),
            ("EVERY_N_DAYS", "1", ["period_days": "2.5"], "period_days"),
            ("DAILY", "0", [:], "target_value"),
            ("MONTHLY", "0", ["goal": #""AT_LEAST""#], "target_value"),
            ("DAILY", "-1", ["goal": #""AT_MOST""#], "target_value"),
            ("DAILY", "1", ["goal": #""MOST""#], "goal"),
            ("DAILY", "1", ["group": #""""#], "group"),
            ("DAILY", "1", ["group": #"" \t ""#], "group"),
            ("DAILY", "1", ["group": "\"\(String(repeating: "é", count: 33))\""], "group"),
            ("DAILY", "1", ["group": #""a\u0000b""#], "group"),
            ("DAILY", "1", ["group": "[]"], "group"),
        ] as [(String, String, [String: String], String)])
    func aWrongNewFieldIs400NamingIt(
        frequency: String, target: String, overrides: [String: String], field: String
    ) throws {
        try withAPIServer { server in
            let token = try server.signIn("kinds@example.com").access
            let answer = try server.request(
                "POST", "/api/me/habits/",
                body: body(server, name: "Bad", frequency: frequency, target: target, overrides),
                token: token)
            #expect(answer.status == 400, "\(answer)")
            #expect(answer.code == "invalid")
            #expect(answer.fields.keys.sorted() == [field], "\(answer)")
            let list = try server.request("GET", "/api/me/habits/?status=ALL", token: token)
            #expect(try list.list().isEmpty, "nothing created")
        }
    }

    @Test(arguments: [
        (#"{"period_days": 3}"#, "period_days"),
        (#"{"frequency": "EVERY_N_DAYS"}"#, "period_days"),
        (#"{"frequency": "EVERY_N_DAYS", "period_days": 400}"#, "period_days"),
        (#"{"target_value": 0}"#, "target_value"),
        (#"{"goal": "AT_MOST", "target_value": -2}"#, "target_value"),
        (#"{"goal": "SOMETIMES"}"#, "goal"),
        (#"{"group": " "}"#, "group"),
        (#"{"group": 1}"#, "group"),
    ])
    func aWrongChangeIs400NamingItAndChangesNothing(body: String, field: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("kinds@example.com").access
            let id = try server.createHabit(token: token)
            let answer = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: body, token: token)
            #expect(answer.status == 400, "\(answer)")
            #expect(answer.fields.keys.sorted() == [field], "\(answer)")
            let habit = try server.request("GET", "/api/me/habits/\(id)/", token: token).object()
            #expect(habit["frequency"] as? String == "DAILY")
            #expect(habit["target_value"] as? Int == 10)
        }
    }
}
