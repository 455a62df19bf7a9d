import Foundation
import HabitCore
import HabitHTTP
import HabitStorage
import HabitStore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// The habit list is reused between requests (`HabitListAnswers`), and never
/// once the list has changed: after each kind of write of this server, and
/// after a write of another process on the same SQLite file.
@Suite struct ListAnswersTests {
    static let list = "/api/me/habits/?date=2026-11-30&today=2026-11-30"

    /// Each habit's name and that day's `current`, as the list shows them.
    private func shown(_ server: APITestServer, _ token: String, status: String = "ACTIVE")
        throws -> [String]
    {
        try server.request("GET", Self.list + "&status=\(status)", token: token).list().map {
            let current = ($0["completion_data"] as? [String: Any])?["current"] ?? "-"
            return "\($0["name"] ?? "?")=\(current)"
        }
    }

    @Test func everyWriteRouteShowsInTheNextList() throws {
        try withAPIServer { server in
            let token = try server.signIn("lists@example.com").access
            let id = try server.createHabit(token: token, name: "Read")
            let day = "/api/me/habits/\(id)/progress/2026-11-30/"
            // Read twice, so the second list is the remembered one.
            #expect(try shown(server, token) == ["Read=0"])
            #expect(try shown(server, token) == ["Read=0"])

            let writes: [(method: String, path: String, body: String?, expected: [String])] = [
                ("PUT", day, #"{"value": 3}"#, ["Read=3"]),
                ("POST", day + "increment/", #"{"amount": 2}"#, ["Read=5"]),
                (
                    "PUT", "/api/me/habits/\(id)/progress/",
                    #"{"entries": [{"date": "2026-11-30", "value": 7}]}"#, ["Read=7"]
                ),
                ("DELETE", day, nil, ["Read=0"]),
                ("PATCH", "/api/me/habits/\(id)/", #"{"name": "Write"}"#, ["Write=0"]),
                ("POST", "/api/me/habits/", server.habitBody(name: "Run"), ["Write=0", "Run=0"]),
                ("PATCH", "/api/me/habits/\(id)/", #"{"status": "ARCHIVED"}"#, ["Run=0"]),
            ]
            for write in writes {
                let answer = try server.request(
                    write.method, write.path, body: write.body, token: token)
                #expect((200..<300).contains(answer.status), "\(write.method) \(write.path)")
                #expect(try shown(server, token) == write.expected, "after \(write.method)")
                #expect(try shown(server, token) == write.expected, "again")
            }
            #expect(try shown(server, token, status: "ALL") == ["Write=0", "Run=0"])
            _ = try server.request("DELETE", "/api/me/habits/\(id)/", token: token)
            #expect(try shown(server, token, status: "ALL") == ["Run=0"])
        }
    }

    @Test func onlyARememberedListIsAnsweredAtOnce() throws {
        try withAPIServer { server in
            let token = try server.signIn("at-once@example.com").access
            let id = try server.createHabit(token: token, name: "Read")
            let responder = server.app.responder
            func list(_ token: String, path: String = "/api/me/habits/") -> HTTPRequest {
                HTTPRequest(
                    method: "GET", path: path,
                    query: [("date", "2026-11-30"), ("today", "2026-11-30")],
                    headers: HTTPHeaders([("Authorization", "Bearer \(token)")]))
            }
            #expect(responder.answerAtOnce(to: list(token)) == nil, "not worked out yet")
            let worked = responder.respond(to: list(token))
            let known = try #require(responder.answerAtOnce(to: list(token)))
            #expect(known.status == 200 && known.body == worked.body)
            #expect(responder.answerAtOnce(to: list("not.a.token")) == nil)
            #expect(responder.answerAtOnce(to: list(token, path: "/api/me/")) == nil)
            _ = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"name": "Write"}"#, token: token)
            #expect(responder.answerAtOnce(to: list(token)) == nil, "forgotten by the write")
        }
    }

    /// A list with `date` and without `today` is as of the account's date,
    /// which the store holds (`day_starts_at`, `time_zone`): it is never
    /// answered at once.
    @Test func aListWithoutTodayIsNeverAnsweredAtOnce() throws {
        try withAPIServer { server in
            let token = try server.signIn("at-once-today@example.com").access
            _ = try server.createHabit(token: token, name: "Read")
            let responder = server.app.responder
            let list = HTTPRequest(
                method: "GET", path: "/api/me/habits/", query: [("date", "2026-11-30")],
                headers: HTTPHeaders([("Authorization", "Bearer \(token)")]))
            let worked = responder.respond(to: list)
            #expect(worked.status == 200)
            #expect(responder.answerAtOnce(to: list) == nil)
        }
    }

    /// The at-once answer runs behind the route's own middleware: a
    /// personal access token, which needs the store, is never taken there,
    /// and a HEAD or another method or route is left to `respond`.
    @Test func theAtOnceAnswerTakesOnlyAVerifiedAccessToken() throws {
        try withAPIServer { server in
            let token = try server.signIn("at-once-pat@example.com").access
            _ = try server.createHabit(token: token, name: "Read")
            let created = try server.request(
                "POST", "/api/me/tokens/", body: #"{"name": "reader", "scope": "read"}"#,
                token: token)
            let personal = try #require(try created.object()["token"] as? String)
            let responder = server.app.responder
            func list(_ token: String, method: String = "GET") -> HTTPRequest {
                HTTPRequest(
                    method: method, path: "/api/me/habits/",
                    headers: HTTPHeaders([("Authorization", "Bearer \(token)")]))
            }
            #expect(responder.respond(to: list(personal)).status == 200)
            #expect(responder.respond(to: list(token)).status == 200)
            #expect(responder.answerAtOnce(to: list(token)) != nil)
            #expect(responder.answerAtOnce(to: list(personal)) == nil)
            #expect(responder.answerAtOnce(to: list(token, method: "POST")) == nil)
            #expect(responder.answerAtOnce(to: list(token, method: "HEAD")) == nil)
        }
    }

    @Test func anotherUsersWriteLeavesTheListAsItIs() throws {
        try withAPIServer { server in
            let first = try server.signIn("first@example.com").access
            let second = try server.signIn("second@example.com").access
            _ = try server.createHabit(token: first, name: "Mine")
            #expect(try shown(server, first) == ["Mine=0"])
            _ = try server.createHabit(token: second, name: "Theirs")
            #expect(try shown(server, first) == ["Mine=0"])
            #expect(try shown(server, second) == ["Theirs=0"])
        }
    }

    @Test func aWriteOfAnotherProcessShowsInTheNextList() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "habits-list-answers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("habits.sqlite3").path
        let server = try APITestServer(databasePath: path)
        defer { server.stop() }
        let token = try server.signIn("other@example.com").access
        let id = try server.createHabit(token: token, name: "Read")
        #expect(try shown(server, token) == ["Read=0"])
        #expect(try shown(server, token) == ["Read=0"])

        // Another store on the same file stands for another process.
        let other = try SQLiteStore(path: path, readerCount: 0)
        defer { other.close() }
        let owner = try #require(try other.habits(ownerOf: Int64(id)))
        let day = try #require(LocalDate(year: 2026, month: 11, day: 30))
        _ = try other.setProgress(
            ProgressEntry(date: day, value: 4, skipped: false), habitID: Int64(id), owner: owner)
        #expect(try shown(server, token) == ["Read=4"])
    }
}

extension SQLiteStore {
    /// The owner of habit `id`, found by trying the first user ids (a test has few).
    fileprivate func habits(ownerOf id: Int64) throws -> Int64? {
        for owner in Int64(1)...10 where try habit(id: id, owner: owner) != nil {
            return owner
        }
        return nil
    }
}
