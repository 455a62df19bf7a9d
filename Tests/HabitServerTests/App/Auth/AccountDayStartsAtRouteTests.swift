import Foundation
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// `day_starts_at` on `/api/me/` (rule 7 of issue 38), and the account's
/// "today" that the list and a habit default to, on SQLite and PostgreSQL.
@Suite struct AccountDayStartsAtRouteTests {
    /// 2026-12-02T00:30:00Z: 01:30 on 2 December in Paris (UTC+1).
    static let halfPastOneInParis = Date(timeIntervalSince1970: 1_796_171_400)

    enum Store: CaseIterable { case sqlite, postgreSQL }

    /// Runs `body` with a server on `store`, its clock at `start`.
    private func withServer(
        _ store: Store, start: Date = APITestServer.defaultStart,
        _ body: (APITestServer) throws -> Void
    ) throws {
        let temporary = try TemporaryDirectory()
        let path: String
        switch store {
        case .sqlite: path = temporary.appending("habits.sqlite3")
        case .postgreSQL:
            path = try PostgresTestServer.sharedOrCancel().newDatabase(prefix: "day_starts_at_")
        }
        let server = try APITestServer(start: start, databasePath: path)
        defer { server.stop() }
        try body(server)
    }

    @Test(arguments: Store.allCases)
    func theAccountAnswersItsDayBoundaryAndTakesANewOne(_ store: Store) throws {
        try withServer(store) { server in
            let token = try server.signIn("day@example.com").access
            let before = try server.request("GET", "/api/me/", token: token).object()
            #expect(before["day_starts_at"] as? String == "00:00")
            #expect(before["time_zone"] as? String == "UTC")

            let set = try server.request(
                "PATCH", "/api/me/", body: #"{"day_starts_at": "03:30"}"#, token: token)
            #expect(set.status == 200, "\(set)")
            #expect(try set.object()["day_starts_at"] as? String == "03:30")
            #expect(try set.object()["time_zone"] as? String == "UTC", "the zone is kept")

            let both = try server.request(
                "PATCH", "/api/me/",
                body: #"{"time_zone": "Europe/Paris", "day_starts_at": "12:00"}"#, token: token)
            #expect(both.status == 200, "\(both)")
            let after = try server.request("GET", "/api/me/", token: token).object()
            #expect(after["day_starts_at"] as? String == "12:00")
            #expect(after["time_zone"] as? String == "Europe/Paris")

            let zoneOnly = try server.request(
                "PATCH", "/api/me/", body: #"{"time_zone": "UTC"}"#, token: token)
            #expect(try zoneOnly.object()["day_starts_at"] as? String == "12:00", "kept")
            let midnight = try server.request(
                "PATCH", "/api/me/", body: #"{"day_starts_at": "00:00"}"#, token: token)
            #expect(try midnight.object()["day_starts_at"] as? String == "00:00")
        }
    }

    @Test(arguments: [
        #"{"day_starts_at": "12:01"}"#, #"{"day_starts_at": "13:00"}"#,
        #"{"day_starts_at": "3:00"}"#, #"{"day_starts_at": "03:60"}"#,
        #"{"day_starts_at": "03:00:00"}"#, #"{"day_starts_at": "-1:00"}"#,
        #"{"day_starts_at": ""}"#, #"{"day_starts_at": 3}"#, #"{"day_starts_at": null}"#,
        #"{"day_starts_at": "03:00", "time_zone": "Mars/Olympus_Mons"}"#,
    ])
    func aBadBoundaryIsRefusedNamingTheFieldAndNothingChanges(_ body: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("day@example.com").access
            let answer = try server.request("PATCH", "/api/me/", body: body, token: token)
            #expect(answer.status == 400, "\(answer)")
            let named = body.contains("Mars") ? "time_zone" : "day_starts_at"
            #expect(answer.fields.keys.sorted() == [named], "\(answer)")
            let account = try server.request("GET", "/api/me/", token: token).object()
            #expect(account["day_starts_at"] as? String == "00:00")
            #expect(account["time_zone"] as? String == "UTC")
        }
    }

    /// At 01:30 in Paris with the day starting at 03:00, the list and a
    /// habit left without `today` are as of 1 December; a `today` given is
    /// never shifted.
    @Test(arguments: Store.allCases)
    func theDefaultTodayIsTheAccountsDate(_ store: Store) throws {
        try withServer(store, start: Self.halfPastOneInParis) { server in
            let token = try server.signIn("night@example.com").access
            let id = try server.createHabit(token: token, startDate: "2026-11-01", target: "1")
            func state(_ query: String) throws -> String? {
                let list = try server.request("GET", "/api/me/habits/?\(query)", token: token)
                let data = try list.list().first?["completion_data"] as? [String: Any]
                return data?["state"] as? String
            }
            func asOf(_ query: String = "") throws -> String? {
                let shown = try server.request("GET", "/api/me/habits/\(id)/\(query)", token: token)
                return try (shown.object()["stats"] as? [String: Any])?["as_of"] as? String
            }
            let account = try server.request(
                "PATCH", "/api/me/",
                body: #"{"time_zone": "Europe/Paris", "day_starts_at": "03:00"}"#, token: token)
            #expect(account.status == 200)
            // Today is 1 December: it is pending, and 2 December is to come.
            #expect(try state("date=2026-12-01") == "pending")
            #expect(try state("date=2026-12-02") == "future")
            #expect(try asOf() == "2026-12-01")
            // A today given is the client's, never shifted.
            #expect(try state("date=2026-12-02&today=2026-12-02") == "pending")
            #expect(try state("date=2026-12-01&today=2026-12-02") == "failed")
            #expect(try asOf("?today=2026-12-02") == "2026-12-02")

            // Days that end at midnight: in Paris it is 2 December already.
            _ = try server.request(
                "PATCH", "/api/me/", body: #"{"day_starts_at": "00:00"}"#, token: token)
            #expect(try state("date=2026-12-02") == "pending")
            #expect(try state("date=2026-12-01") == "failed")
            #expect(try asOf() == "2026-12-02")

            // At 23:30 UTC on 1 December it is 00:30 on the 2nd in Paris:
            // the account's zone decides, not the server's.
            server.clock.set(Self.halfPastOneInParis.addingTimeInterval(-3600))
            #expect(try state("date=2026-12-02") == "pending")
            _ = try server.request(
                "PATCH", "/api/me/", body: #"{"time_zone": "UTC"}"#, token: token)
            #expect(try state("date=2026-12-02") == "future")
        }
    }
}
