import Foundation
import HabitConcurrency
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// Two real `habits-server` processes on one PostgreSQL database: the
/// decisions that must be atomic stay atomic across processes, a database
/// restart is answered 503 and then recovered from, and a SQLite database
/// migrates into PostgreSQL.
///
/// Without PostgreSQL installed these cases are cancelled with the reason
/// (under CI, `CI=true`, they fail instead: CI always has it).
@Suite struct PostgresServersTests {
    /// Two servers on `url` started at the same moment (so their schema
    /// migrations race), sharing a signing secret and an outbox.
    static func twoServers(_ sandbox: Sandbox, url: String) async throws -> [ServerProcess] {
        let environment = ["HABITS_SECRET": "shared-secret-of-the-two-servers"]
        async let first = ServerProcess(
            directory: sandbox.root, database: url, environment: environment, name: "first")
        async let second = ServerProcess(
            directory: sandbox.root, database: url, environment: environment, name: "second")
        return try await [first, second]
    }

    static func habitBody(_ name: String = "Read") -> [String: any Sendable] {
        [
            "name": name, "frequency": "DAILY", "measurement_type": "pages",
            "start_date": "2026-01-05", "action_days": [1, 2, 3, 4, 5, 6, 7], "target_value": 10,
        ]
    }

    @Test func thirtyCreationsThroughTwoServersLeaveExactlyFifteenActive() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let servers = try await Self.twoServers(
            sandbox, url: try postgres.newDatabase(prefix: "e2e_"))
        let token = try await APIRequests.signIn("ann@example.com", via: servers[0]).access
        let apis = servers.map(APIRequests.init)

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<30 {
                let body = Self.habitBody("Habit \(index)")
                let api = apis[index % 2]
                group.addTask {
                    try await api.send("POST", "me/habits/", token: token, json: body).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(statuses.filter { $0 == 201 }.count == 15, "\(statuses)")
        #expect(statuses.filter { $0 == 409 }.count == 15, "\(statuses)")
        for api in apis {
            let list = try await api.send("GET", "me/habits/?status=ACTIVE", token: token)
            #expect((list.json?["data"] as? [Any])?.count == 15, "\(list)")
        }
        for server in servers { await server.stop() }
    }

    @Test func eightRefreshesOfOneTokenThroughTwoServersRotateItOnce() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let servers = try await Self.twoServers(
            sandbox, url: try postgres.newDatabase(prefix: "e2e_"))
        let refresh = try await APIRequests.signIn("bob@example.com", via: servers[1]).refresh
        let apis = servers.map(APIRequests.init)

        let answers = try await withThrowingTaskGroup(of: APIRequests.Answer.self) { group in
            for index in 0..<8 {
                let api = apis[index % 2]
                group.addTask {
                    try await api.send("POST", "auth/token/refresh/", json: ["refresh": refresh])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        // Nobody is signed out: every racer gets the one new refresh token.
        #expect(answers.allSatisfy { $0.status == 200 }, "\(answers)")
        let newTokens = Set(answers.compactMap { $0.json?["refresh"] as? String })
        #expect(newTokens.count == 1, "\(answers)")
        let newest = try #require(newTokens.first)
        #expect(newest != refresh)
        // The family is intact: the new token rotates again, on either server.
        let next = try await apis[0].send("POST", "auth/token/refresh/", json: ["refresh": newest])
        #expect(next.status == 200, "\(next)")
        for server in servers { await server.stop() }
    }

    @Test func tenIncrementsThroughTwoServersAddUpExactly() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let servers = try await Self.twoServers(
            sandbox, url: try postgres.newDatabase(prefix: "e2e_"))
        let token = try await APIRequests.signIn("cy@example.com", via: servers[0]).access
        let apis = servers.map(APIRequests.init)
        let created = try await apis[0].send(
            "POST", "me/habits/", token: token, json: Self.habitBody())
        let id = try #require(created.json?["id"] as? Int, "\(created)")
        let path = "me/habits/\(id)/progress/2026-03-02/increment/"

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                let api = apis[index % 2]
                group.addTask {
                    try await api.send("POST", path, token: token, json: ["amount": 1]).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(statuses.allSatisfy { $0 == 200 }, "\(statuses)")
        let progress = try await apis[1].send(
            "GET", "me/habits/\(id)/progress/?from=2026-03-02&to=2026-03-02", token: token)
        let entries = try #require(progress.json?["data"] as? [[String: Any]], "\(progress)")
        #expect(entries.count == 1)
        #expect((entries.first?["value"] as? NSNumber)?.intValue == 10, "\(progress)")
        for server in servers { await server.stop() }
    }

    @Test func aCodeSentThroughOneServerIsVerifiedThroughTheOther() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let servers = try await Self.twoServers(
            sandbox, url: try postgres.newDatabase(prefix: "e2e_"))
        let address = "dee@example.com"

        let requested = try await APIRequests(servers[0]).send(
            "POST", "auth/email/", json: ["email": address])
        #expect(requested.status == 202, "\(requested)")
        // The send limit is shared too: the second server refuses a resend.
        let again = try await APIRequests(servers[1]).send(
            "POST", "auth/email/", json: ["email": address])
        #expect(again.status == 429, "\(again)")
        let tokens = try await APIRequests(servers[1]).send(
            "POST", "auth/token/",
            json: ["email": address, "code": try servers[0].code(for: address)])
        #expect(tokens.status == 200, "\(tokens)")
        let access = try #require(tokens.json?["access"] as? String)
        let account = try await APIRequests(servers[0]).send("GET", "me/", token: access)
        #expect(account.status == 200, "\(account)")
        for server in servers { await server.stop() }
    }

    /// The per-client limit on code requests is kept in the database: two
    /// servers together let one client (loopback here) ask for 3 codes an hour.
    @Test func theCodeRequestLimitPerClientHoldsAcrossTwoServers() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let url = try postgres.newDatabase(prefix: "e2e_")
        let environment = ["HABITS_SECRET": "shared-secret-of-the-two-servers"]
        var servers: [ServerProcess] = []
        for name in ["first", "second"] {
            servers.append(
                try await ServerProcess(
                    directory: sandbox.root, database: url, environment: environment, name: name,
                    arguments: ["--code-requests-per-client-hour", "3"]))
        }
        var statuses: [Int] = []
        var retryAfter: [String?] = []
        for index in 0..<6 {
            let answer = try await APIRequests(servers[index % 2]).send(
                "POST", "auth/email/", json: ["email": "user\(index)@example.com"])
            statuses.append(answer.status)
            retryAfter.append(answer.retryAfter)
        }
        #expect(statuses == [202, 202, 202, 429, 429, 429])
        for wait in retryAfter.suffix(3) {
            let seconds = try #require(wait.flatMap { Int($0) })
            #expect(seconds > 3500 && seconds <= 3600)
        }
        for server in servers { await server.stop() }
    }

    /// PostgreSQL stops and starts again under a load of writes through two
    /// servers: requests during the outage get 503 with Retry-After, none
    /// 500; the servers recover by themselves; every write acknowledged
    /// before the restart is there afterwards.
    @Test func aDatabaseRestartUnderLoadIs503ThenRecoveredWithNothingLost() async throws {
        _ = try PostgresTestServer.sharedOrCancel()  // cancels the case without PostgreSQL
        // A cluster of its own: stopping the shared one would fail other tests.
        let postgres = try PostgresTestServer()
        defer { try? postgres.stop() }
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let servers = try await Self.twoServers(
            sandbox, url: try postgres.newDatabase(prefix: "e2e_"))
        let token = try await APIRequests.signIn("eve@example.com", via: servers[0]).access
        let apis = servers.map(APIRequests.init)
        let created = try await apis[0].send(
            "POST", "me/habits/", token: token, json: Self.habitBody())
        let id = try #require(created.json?["id"] as? Int, "\(created)")
        let start = try #require(LocalDate("2026-01-01"))
        let log = LoadLog()

        // Four writers, two per server, each PUTting its own days in turn
        // until told to stop.
        let writers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    let api = apis[writer % 2]
                    group.addTask {
                        var index = writer
                        // The API lists at most 3,700 days at once.
                        while !log.isStopped, index < 3_600 {
                            let day = start.adding(days: index)
                            do {
                                let answer = try await api.send(
                                    "PUT", "me/habits/\(id)/progress/\(day)/", token: token,
                                    json: ["value": index + 1, "skipped": false])
                                log.record(answer, day: day)
                            } catch {
                                log.fail("\(error)")
                                throw error
                            }
                            index += 4
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        // Some writes before the restart.
        try await log.waitForAcknowledged(atLeast: 40)
        try #require(log.failure == nil, "\(log.failure ?? "")")
        let acknowledgedBefore = log.acknowledged

        try postgres.stop()
        // While it is down, both servers answer 503 with Retry-After.
        for api in apis {
            let answer = try await api.send("GET", "me/habits/", token: token)
            #expect(answer.status == 503, "\(answer)")
            #expect(answer.retryAfter == "1", "\(answer)")
            #expect(answer.json?["code"] as? String == "database_unavailable", "\(answer)")
        }
        try postgres.start()
        // Back up: both recover without a restart of their own.
        for api in apis {
            let answer = try await api.send("GET", "me/habits/", token: token)
            #expect(answer.status == 200, "\(answer)")
        }
        try await log.waitForAcknowledged(atLeast: acknowledgedBefore.count + 40)
        log.stop()
        try #require(log.failure == nil, "\(log.failure ?? "")")
        try await writers.value

        let statuses = log.statuses
        #expect(!statuses.contains(500), "\(statuses)")
        #expect(Set(statuses).isSubset(of: [200, 503]), "\(statuses)")
        let last = start.adding(days: 3_600)
        let progress = try await apis[1].send(
            "GET", "me/habits/\(id)/progress/?from=\(start)&to=\(last)", token: token)
        let entries = try #require(progress.json?["data"] as? [[String: Any]], "\(progress)")
        let stored = Set(entries.compactMap { $0["date"] as? String })
        let lost = acknowledgedBefore.subtracting(stored)
        #expect(lost.isEmpty, "acknowledged before the restart, then missing: \(lost.sorted())")
        #expect(log.acknowledged.isSubset(of: stored))
        for server in servers { await server.stop() }
    }

    /// `habits-server migrate` copies a SQLite server's data into an empty
    /// PostgreSQL database: ids, values and sessions carry over (a token of
    /// the SQLite server works on the PostgreSQL one), a deleted habit's id
    /// is not given again, and a second copy into the same database is
    /// refused without touching it.
    @Test func aSQLiteDatabaseMigratesIntoPostgreSQL() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let url = try postgres.newDatabase(prefix: "e2e_")
        let file = sandbox.root.appendingPathComponent("habits.sqlite3").path
        let secret = ["HABITS_SECRET": "one-secret-for-both-stores"]
        let sqlite = try await ServerProcess(
            directory: sandbox.root, database: file, environment: secret, name: "sqlite")
        let session = try await APIRequests.signIn("fay@example.com", via: sqlite)
        let before = APIRequests(sqlite)
        var ids: [Int] = []
        for name in ["Read", "Run", "Write"] {
            let created = try await before.send(
                "POST", "me/habits/", token: session.access, json: Self.habitBody(name))
            ids.append(try #require(created.json?["id"] as? Int, "\(created)"))
        }
        let deleted = try await before.send("DELETE", "me/habits/\(ids[1])/", token: session.access)
        #expect(deleted.status == 204, "\(deleted)")
        let day = "me/habits/\(ids[2])/progress/2026-03-02/"
        _ = try await before.send(
            "PUT", day, token: session.access, json: ["value": 0.7, "skipped": false])
        _ = try await before.send(
            "POST", day + "increment/", token: session.access, json: ["amount": 0.1])
        await sqlite.stop()

        let environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.root.path]
        let migrated = try await Subprocess.run(
            Binaries.server, ["migrate", "--from", "sqlite:" + file, "--to", url],
            environment: environment, scratch: sandbox.root)
        #expect(migrated.status == 0, "\(migrated)")
        #expect(migrated.output.contains("Copied 1 accounts, 2 habits, 1 progress entries"))
        #expect(!migrated.output.contains(PostgresTestServer.password), "\(migrated)")

        let server = try await ServerProcess(
            directory: sandbox.root, database: url, environment: secret, name: "postgres")
        let after = APIRequests(server)
        let list = try await after.send("GET", "me/habits/", token: session.access)
        let habits = try #require(list.json?["data"] as? [[String: Any]], "\(list)")
        #expect(habits.compactMap { $0["id"] as? Int } == [ids[0], ids[2]])
        #expect(habits.compactMap { $0["name"] as? String } == ["Read", "Write"])
        let progress = try await after.send(
            "GET", "me/habits/\(ids[2])/progress/?from=2026-03-02&to=2026-03-02",
            token: session.access)
        let entries = try #require(progress.json?["data"] as? [[String: Any]], "\(progress)")
        #expect((entries.first?["value"] as? NSNumber)?.decimalValue == Decimal(string: "0.8"))
        let refreshed = try await after.send(
            "POST", "auth/token/refresh/", json: ["refresh": session.refresh])
        #expect(refreshed.status == 200, "\(refreshed)")
        let created = try await after.send(
            "POST", "me/habits/", token: session.access, json: Self.habitBody("New"))
        let newID = try #require(created.json?["id"] as? Int, "\(created)")
        #expect(newID > ids[2])
        await server.stop()

        let again = try await Subprocess.run(
            Binaries.server, ["migrate", "--from", "sqlite:" + file, "--to", url],
            environment: environment, scratch: sandbox.root)
        #expect(again.status == 1, "\(again)")
        #expect(again.error.contains("already holds 1 accounts"), "\(again)")
        #expect(!again.error.contains(PostgresTestServer.password), "\(again)")
    }

    /// A wrong password or an unknown database stops start-up with one
    /// sentence naming the database and the reason, without the password.
    @Test func aWrongPasswordOrDatabaseIsAClearStartUpError() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let wrong = "not-the-Password-99"
        let cases = [
            (postgres.url(password: wrong), "password authentication failed", wrong),
            (
                postgres.url(database: "no_such_database"), "does not exist",
                PostgresTestServer.password
            ),
        ]
        for (url, reason, password) in cases {
            let result = try await Subprocess.run(
                Binaries.server, ["--port", "0"],
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": sandbox.root.path, "HABITS_DATABASE_URL": url,
                ], scratch: sandbox.root)
            #expect(result.status == 1, "\(result)")
            #expect(
                result.error.contains("Cannot open the database at postgres://habits@127.0.0.1"))
            #expect(result.error.contains(reason), "\(result)")
            #expect(!result.error.contains(password), "\(result)")
            #expect(!result.output.contains(password), "\(result)")
        }
    }
}

/// What the writers of the restart test saw, shared between their tasks.
private final class LoadLog: Sendable {
    private struct State {
        var statuses: [Int] = []
        var acknowledged: Set<String> = []
        var stopped = false
        var failure: String?
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    var isStopped: Bool { state.withLock { $0.stopped } }
    var statuses: [Int] { state.withLock { $0.statuses } }
    var acknowledged: Set<String> { state.withLock { $0.acknowledged } }
    var failure: String? { state.withLock { $0.failure } }

    /// A writer could not send: stops the load and wakes every waiter.
    func fail(_ reason: String) {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.failure = state.failure ?? reason
            state.stopped = true
            defer { state.waiters = [] }
            return state.waiters.map(\.continuation)
        }
        for continuation in waiting { continuation.resume() }
    }

    func record(_ answer: APIRequests.Answer, day: LocalDate) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.statuses.append(answer.status)
            if answer.status == 200 { state.acknowledged.insert(day.description) }
            let count = state.acknowledged.count
            let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= count }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `count` writes have been acknowledged (200), or a
    /// writer failed.
    func waitForAcknowledged(atLeast count: Int) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.acknowledged.count >= count || state.failure != nil { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    func stop() {
        state.withLock { $0.stopped = true }
    }
}
