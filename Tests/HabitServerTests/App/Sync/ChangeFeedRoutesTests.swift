import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// `GET /api/me/changes/`, versions on every answer, If-Match, `replaced`
/// and `Prefer: return=representation`, over HTTP.
@Suite struct ChangeFeedRoutesTests {
    @Test func theFeedAnswersChangesACursorAndWhetherMoreFollow() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let day = "/api/me/habits/\(id)/progress/2026-11-30/"
            _ = try server.request("PUT", day, body: #"{"value": 2, "note": "ok"}"#, token: token)
            let full = try server.request("GET", "/api/me/changes/", token: token)
            #expect(full.status == 200)
            let object = try full.object()
            let changes = try #require(object["changes"] as? [[String: Any]])
            #expect(changes.map { $0["kind"] as? String } == ["habit", "entry"])
            let habit = try #require(changes.first?["habit"] as? [String: Any])
            #expect(habit["id"] as? Int == Int(id))
            #expect(habit["version"] as? String == "1")
            let entry = try #require(changes.last?["entry"] as? [String: Any])
            #expect(changes.last?["habit_id"] as? Int == Int(id))
            #expect(entry["version"] as? String == "2")
            #expect(entry["note"] as? String == "ok")
            #expect(object["more"] as? Bool == false)
            let cursor = try #require(object["cursor"] as? String)

            // Nothing new: the same cursor; then a deletion, as a tombstone.
            let same = try server.request(
                "GET", "/api/me/changes/?since=\(cursor)", token: token
            ).object()
            #expect((same["changes"] as? [Any])?.isEmpty == true)
            #expect(same["cursor"] as? String == cursor)
            _ = try server.request("DELETE", day, token: token)
            let gone = try server.request(
                "GET", "/api/me/changes/?since=\(cursor)&limit=1", token: token
            ).object()
            let tombstones = try #require(gone["changes"] as? [[String: Any]])
            #expect(tombstones.count == 1)
            #expect(tombstones.first?["kind"] as? String == "entry_deleted")
            #expect(tombstones.first?["date"] as? String == "2026-11-30")
            #expect(gone["more"] as? Bool == false)

            // A page of one while more follow.
            let first = try server.request("GET", "/api/me/changes/?limit=1", token: token).object()
            #expect(first["more"] as? Bool == true || (first["changes"] as? [Any])?.count == 1)
            let head = try server.request("HEAD", "/api/me/changes/", token: token)
            #expect(head.status == 200)
        }
    }

    @Test(arguments: ["nonsense", "", "c1.1.999", "c1.2.0", "c1.1.1.0"])
    func aCursorTheFeedCannotAnswerFromIs410(since: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            _ = try server.createHabit(token: token)
            let answer = try server.request("GET", "/api/me/changes/?since=\(since)", token: token)
            #expect(answer.status == 410)
            #expect(answer.code == "cursor_expired")
            // Starting over answers.
            #expect(try server.request("GET", "/api/me/changes/", token: token).status == 200)
        }
    }

    @Test(arguments: ["0", "5001", "-1", "1.5", "x", ""])
    func aLimitOutOfRangeIs400NamingIt(limit: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let answer = try server.request("GET", "/api/me/changes/?limit=\(limit)", token: token)
            #expect(answer.status == 400)
            #expect(Array(answer.fields.keys) == ["limit"])
        }
    }

    @Test func theFeedNeedsSignIn() throws {
        try withAPIServer { server in
            #expect(try server.request("GET", "/api/me/changes/").status == 401)
            let token = try server.signIn("a@b.co").access
            #expect(try server.request("POST", "/api/me/changes/", token: token).status == 405)
        }
    }

    @Test func ifMatchGuardsEachWriteAndAMismatchIs412WithTheCurrentRow() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let day = "/api/me/habits/\(id)/progress/2026-11-30/"
            let put = try server.request("PUT", day, body: #"{"value": 1}"#, token: token).object()
            let version = try #require(put["version"] as? String)

            let stale = try server.request(
                "PUT", day, body: #"{"value": 5}"#, token: token,
                headers: [("If-Match", #""999""#)])
            #expect(stale.status == 412)
            #expect(stale.code == "version_mismatch")
            let current = try #require(try stale.object()["current"] as? [String: Any])
            #expect(current["value"] as? Int == 1)
            #expect(current["version"] as? String == version)
            // Weak tags never match.
            let weak = try server.request(
                "PUT", day, body: #"{"value": 5}"#, token: token,
                headers: [("If-Match", "W/\"\(version)\"")])
            #expect(weak.status == 412)

            let increment = try server.request(
                "POST", day + "increment/", body: #"{"amount": 2}"#, token: token,
                headers: [("If-Match", "\"7\", \"\(version)\"")])
            #expect(increment.status == 200)
            let incremented = try increment.object()
            #expect(incremented["value"] as? Int == 3)
            let replaced = try #require(incremented["replaced"] as? [String: Any])
            #expect(replaced["value"] as? Int == 1)
            #expect(replaced["version"] as? String == version)

            // `*` on a day without an entry: 412 with null.
            let none = try server.request(
                "DELETE", "/api/me/habits/\(id)/progress/2026-11-29/", token: token,
                headers: [("If-Match", "*")])
            #expect(none.status == 412)
            #expect(none.text.contains(#""current":null"#))

            let habit = try server.request("GET", "/api/me/habits/\(id)/", token: token).object()
            let habitVersion = try #require(habit["version"] as? String)
            let patch = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"name": "Other"}"#, token: token,
                headers: [("If-Match", #""1234""#)])
            #expect(patch.status == 412)
            // The body is judged first: a bad one is 400 whatever the version.
            let bad = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"target_value": 0}"#, token: token,
                headers: [("If-Match", #""1234""#)])
            #expect(bad.status == 400)
            // An empty If-Match asks nothing.
            let empty = try server.request(
                "PUT", day, body: #"{"value": 3}"#, token: token, headers: [("If-Match", "")])
            #expect(empty.status == 200)
            let renamed = try server.request(
                "PATCH", "/api/me/habits/\(id)/", body: #"{"name": "Other"}"#, token: token,
                headers: [("If-Match", "\"\(habitVersion)\"")])
            #expect(renamed.status == 200)
            let before = try #require(try renamed.object()["replaced"] as? [String: Any])
            #expect(before["version"] as? String == habitVersion)
            #expect(try renamed.object()["name"] as? String == "Other")
        }
    }

    @Test func deletesAnswerWhatTheyRemovedWhenAskedTo() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let day = "/api/me/habits/\(id)/progress/2026-11-30/"
            _ = try server.request("PUT", day, body: #"{"value": 4}"#, token: token)
            let prefer = [("Prefer", "return=representation")]
            let removed = try server.request("DELETE", day, token: token, headers: prefer)
            #expect(removed.status == 200)
            let entry = try #require(try removed.object()["replaced"] as? [String: Any])
            #expect(entry["value"] as? Int == 4)
            let again = try server.request("DELETE", day, token: token, headers: prefer)
            #expect(again.status == 200)
            #expect(again.text == #"{"replaced":null}"#)
            #expect(try server.request("DELETE", day, token: token).status == 204)

            let habit = try server.request(
                "DELETE", "/api/me/habits/\(id)/", token: token, headers: prefer)
            #expect(habit.status == 200)
            let deleted = try #require(try habit.object()["replaced"] as? [String: Any])
            #expect(deleted["id"] as? Int == Int(id))
        }
    }

    @Test func everyHabitAndEntryAnswerCarriesItsVersion() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let created = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(), token: token
            ).object()
            #expect(created["version"] as? String == "1")
            let id = try #require(created["id"] as? Int)
            _ = try server.request(
                "PUT", "/api/me/habits/\(id)/progress/2026-11-30/", body: #"{"value": 1}"#,
                token: token)
            for path in ["/api/me/habits/", "/api/me/habits/?date=2026-11-30&status=ALL"] {
                let listed = try server.request("GET", path, token: token).list()
                #expect(listed.first?["version"] as? String == "1")
            }
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: token
            ).list()
            #expect(entries.first?["version"] as? String == "2")
        }
    }

    @Test func aReplayedIncrementAnswersTheFirstAnswerReplacedIncluded() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let day = "/api/me/habits/\(id)/progress/2026-11-30/"
            _ = try server.request("PUT", day, body: #"{"value": 1}"#, token: token)
            let key = [("Idempotency-Key", #""once""#)]
            let first = try server.request(
                "POST", day + "increment/", body: #"{"amount": 1}"#, token: token, headers: key)
            _ = try server.request("PUT", day, body: #"{"value": 9}"#, token: token)
            let replay = try server.request(
                "POST", day + "increment/", body: #"{"amount": 1}"#, token: token, headers: key)
            #expect(replay.headers["idempotent-replayed"] == "true")
            #expect(replay.text == first.text)
            #expect(first.text.contains(#""replaced":{"#))
        }
    }

    /// 15 habits of ten years each (54,765 changes, written with the
    /// batch PUT), read over HTTP in pages of 5,000: every change once.
    @Test func tenYearsOfFifteenHabitsComeInElevenPages() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let start = try #require(LocalDateText.days(from: "2016-01-01", count: 3650))
            for index in 0..<15 {
                let id = try server.createHabit(
                    token: token, name: "H\(index)", startDate: "2016-01-01")
                for batch in stride(from: 0, to: start.count, by: 1000) {
                    let entries = start[batch..<min(batch + 1000, start.count)].map {
                        #"{"date":"\#($0)","value":1}"#
                    }
                    let answer = try server.request(
                        "PUT", "/api/me/habits/\(id)/progress/",
                        body: #"{"entries":[\#(entries.joined(separator: ","))]}"#, token: token)
                    #expect(answer.status == 200)
                }
            }
            let clock = ContinuousClock()
            let began = clock.now
            var cursor: String?
            var count = 0
            var pages = 0
            var bytes = 0
            while true {
                let path = "/api/me/changes/?limit=5000" + (cursor.map { "&since=\($0)" } ?? "")
                let answer = try server.request("GET", path, token: token)
                let object = try answer.object()
                pages += 1
                bytes += answer.body.count
                count += (object["changes"] as? [Any])?.count ?? 0
                cursor = object["cursor"] as? String
                if object["more"] as? Bool != true { break }
            }
            print(
                "feed over HTTP: \(count) changes, \(pages) pages, \(bytes) bytes in \(clock.now - began)"
            )
            #expect(count == 15 + 15 * 3650)
            #expect(pages == 11)
        }
    }
}

/// Consecutive dates as `YYYY-MM-DD` text.
enum LocalDateText {
    static func days(from first: String, count: Int) -> [String]? {
        guard let start = LocalDate(first) else { return nil }
        return (0..<count).map { start.adding(days: $0).description }
    }
}
