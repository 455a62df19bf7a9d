import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The change feed across two real `habits-server` processes on one
/// PostgreSQL database: writers through both for one user while a third
/// client follows the feed. The reader never skips a change, every
/// increment it saw adds up, every version it saw of a day only grows, and
/// its replica ends equal to what the server answers.
@Suite struct ChangeFeedServersTests {
    /// What the reading client holds: each day's value and version.
    actor Reader {
        var days: [String: (value: Int, version: Int)] = [:]
        var cursor: String?
        var problems: [String] = []
        var pages = 0
        var writersDone = 0

        func writerDone() { writersDone += 1 }

        /// Reads one page through `api`; whether more follow.
        func pull(_ api: APIRequests, token: String, habitID: Int) async throws -> Bool {
            var path = "me/changes/?limit=7"
            if let cursor { path += "&since=\(cursor)" }
            let answer = try await api.send("GET", path, token: token)
            pages += 1
            guard answer.status == 200, let json = answer.json,
                let changes = json["changes"] as? [[String: Any]],
                let next = json["cursor"] as? String, let more = json["more"] as? Bool
            else {
                problems.append("page \(pages): \(answer)")
                return false
            }
            for change in changes where (change["habit_id"] as? Int) == habitID {
                switch change["kind"] as? String {
                case "entry":
                    guard let entry = change["entry"] as? [String: Any],
                        let date = entry["date"] as? String,
                        let value = (entry["value"] as? NSNumber)?.intValue,
                        let version = (entry["version"] as? String).flatMap({ Int($0) })
                    else {
                        problems.append("unreadable \(change)")
                        continue
                    }
                    if let known = days[date], known.version >= version {
                        problems.append("\(date) went from version \(known.version) to \(version)")
                    }
                    days[date] = (value, version)
                case "entry_deleted":
                    if let date = change["date"] as? String { days[date] = nil }
                default:
                    break
                }
            }
            cursor = next
            return more
        }
    }

    @Test func aReaderFollowingTheFeedOfTwoServersMissesNothing() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let servers = try await PostgresServersTests.twoServers(
            sandbox, url: try postgres.newDatabase(prefix: "e2e_"))
        let token = try await APIRequests.signIn("dee@example.com", via: servers[0]).access
        let apis = servers.map(APIRequests.init)
        let created = try await apis[0].send(
            "POST", "me/habits/", token: token, json: PostgresServersTests.habitBody())
        let id = try #require(created.json?["id"] as? Int, "\(created)")
        let days = "me/habits/\(id)/progress/"
        let shared = "2026-03-02"
        let writers = 4
        let rounds = 15
        let reader = Reader()

        let failures = try await withThrowingTaskGroup(of: [String].self) { group in
            for index in 0..<writers {
                let api = apis[index % 2]
                group.addTask {
                    var failures: [String] = []
                    for round in 0..<rounds {
                        let increment = try await api.send(
                            "POST", days + "\(shared)/increment/", token: token,
                            json: ["amount": 1])
                        // A day of this writer's own, written once.
                        let day = Self.day(writer: index, round: round)
                        let put = try await api.send(
                            "PUT", days + "\(day)/", token: token, json: ["value": round + 1])
                        for answer in [increment, put] where answer.status != 200 {
                            failures.append("\(answer)")
                        }
                        if round % 5 == 4 {
                            let gone = Self.day(writer: index, round: round - 2)
                            let delete = try await api.send(
                                "DELETE", days + "\(gone)/", token: token)
                            if delete.status != 204 { failures.append("\(delete)") }
                        }
                    }
                    await reader.writerDone()
                    return failures
                }
            }
            group.addTask {
                var turn = 0
                while await reader.writersDone < writers {
                    _ = try await reader.pull(apis[turn % 2], token: token, habitID: id)
                    turn += 1
                }
                while try await reader.pull(apis[turn % 2], token: token, habitID: id) {
                    turn += 1
                }
                return []
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(failures.isEmpty, "\(failures)")

        let problems = await reader.problems
        #expect(problems.isEmpty, "\(problems)")
        #expect(await reader.pages > 1)
        let replica = await reader.days
        // Every increment the reader saw adds up.
        #expect(replica[shared]?.value == writers * rounds)
        // The replica is what the server answers, versions included.
        let stored = try await apis[1].send(
            "GET", days + "?from=2026-01-01&to=2026-12-31", token: token)
        let entries = try #require(stored.json?["data"] as? [[String: Any]], "\(stored)")
        var expected: [String: String] = [:]
        for entry in entries {
            let date = entry["date"] as? String ?? "?"
            let value = (entry["value"] as? NSNumber)?.intValue ?? -1
            expected[date] = "\(value) v\(entry["version"] as? String ?? "?")"
        }
        let seen = replica.mapValues { "\($0.value) v\($0.version)" }
        #expect(seen == expected)
        #expect(entries.count == 1 + writers * rounds - writers * (rounds / 5))
        for server in servers { await server.stop() }
    }

    /// The day writer `writer` writes in round `round`: one of its own.
    static func day(writer: Int, round: Int) -> String {
        let month = 5 + writer
        return String(format: "2026-%02d-%02d", month, 1 + round)
    }
}
