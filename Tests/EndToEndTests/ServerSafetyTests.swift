import Foundation
import HabitConcurrency
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// Server mode under stress and faults, with the built binaries (debug or
/// release, whichever the suite was built as): short-lived tokens, racing
/// writes, lost responses, hostile text, and an unreachable server.
@Suite struct ServerSafetyTests {
    /// Today as the sandboxed `habits` sees it (TZ=UTC).
    static var today: LocalDate {
        LocalDate.on(Date(), in: TimeZone(identifier: "UTC")!)
    }

    /// Configures `sandbox` for `url` and signs in as `address` through the outbox.
    func signIn(
        _ sandbox: Sandbox, _ server: ServerProcess, url: String? = nil, as address: String
    ) async throws {
        let config = try await sandbox.habits("config", "set", "server", url ?? server.url)
        try #require(config.status == 0, "\(config)")
        let request = try await sandbox.habits("auth", "email", address)
        try #require(request.status == 0, "\(request)")
        let verify = try await sandbox.habits("verify", try server.code(for: address))
        try #require(verify.status == 0, "\(verify)")
    }

    func addDaily(_ sandbox: Sandbox, _ name: String, target: String = "1") async throws {
        let add = try await sandbox.habits(
            "add", name, "--daily", "--unit", "times", "--target", target, "--days", "daily",
            "--start", "2026-01-05")
        try #require(add.status == 0, "\(add)")
    }

    /// The value recorded on `date` for habit `reference`, from `show --json`.
    func value(_ sandbox: Sandbox, _ reference: String, on date: LocalDate) async throws -> String?
    {
        let show = try await sandbox.habits("show", reference, "--date", date.description, "--json")
        try #require(show.status == 0, "\(show)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(show.output.utf8)) as? [String: Any])
        let months = try #require(object["months"] as? [[String: Any]])
        for month in months {
            for day in month["days"] as? [[String: Any]] ?? []
            where day["date"] as? String == date.description {
                return (day["value"] as? NSNumber)?.stringValue
            }
        }
        return nil
    }

    /// The crash the optimiser made of `list` (issue: release builds read a
    /// wrong index in the task group): 15 habits, an 8-second access token so
    /// refreshes happen throughout, 50 runs one after another and 3 rounds of
    /// 8 at once. Every run exits 0 and lists every habit.
    @Test func listWithFifteenHabitsAndShortTokensNeverFails() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root, accessTTL: 8)
        try await signIn(sandbox, server, as: "ivy@example.com")
        let names = (1...15).map { "Habit \($0)" }
        for name in names { try await addDaily(sandbox, name) }
        func check(_ result: ProcessResult) {
            #expect(result.status == 0, "\(result)")
            #expect(!result.error.contains("Fatal error"), "\(result)")
            for name in names { #expect(result.output.contains(" \(name) "), "\(name): \(result)") }
        }
        for _ in 0..<50 { check(try await sandbox.habits("list")) }
        for _ in 0..<3 {
            let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
                for _ in 0..<8 { group.addTask { try await sandbox.habits("list") } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            results.forEach(check)
        }
        await server.stop()
    }

    /// Ten `done H 1` at once add up to 10, in both modes.
    @Test(arguments: ["local", "server"])
    func concurrentDoneCountsEveryAddition(mode: String) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        var server: ServerProcess?
        if mode == "server" {
            let started = try await ServerProcess(directory: sandbox.root)
            try await signIn(sandbox, started, as: "kai@example.com")
            server = started
        }
        try await addDaily(sandbox, "Push-ups", target: "50")
        let date = Self.today.adding(days: -1)
        let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    try await sandbox.habits("done", "Push-ups", "1", "--date", date.description)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result.status == 0, "\(result)") }
        #expect(try await value(sandbox, "Push-ups", on: date) == "10")
        await server?.stop()
    }

    /// The server commits, then the answer is lost: the client sends the
    /// same Idempotency-Key again and gets the first answer, so there is one
    /// habit and one addition, and success is reported.
    @Test func aLostAnswerIsRetriedWithoutDoingTheWorkTwice() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        let dropped = Locked<Set<String>>([])
        let proxy = try FaultProxy(upstreamPort: server.port) { request in
            // The first POST of each path loses its answer.
            guard request.method == "POST", !request.target.contains("/auth/") else {
                return .forward
            }
            let first = dropped.withLock { $0.insert(request.target).inserted }
            return first ? .resetAfterForwarding : .forward
        }
        try await signIn(sandbox, server, url: proxy.url, as: "lee@example.com")
        try await addDaily(sandbox, "Read", target: "10")
        let list = try await sandbox.habits("list", "--all", "--json")
        let habits = try #require(
            (try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any])?[
                "habits"] as? [[String: Any]])
        #expect(habits.count == 1, "\(list)")

        let date = Self.today.adding(days: -1)
        let done = try await sandbox.habits("done", "Read", "3", "--date", date.description)
        #expect(done.status == 0, "\(done)")
        #expect(try await value(sandbox, "Read", on: date) == "3")
        let posts = proxy.requests.filter { $0.method == "POST" && !$0.target.contains("/auth/") }
        #expect(
            posts.count == 4,
            "each POST was sent twice: \(posts.map { "\($0.target) \($0.headers["idempotency-key"] ?? "")" })"
        )
        // Pairs only: an odd count already failed above, and must not also
        // read past the end and take the whole test process down.
        for pair in stride(from: 0, to: posts.count - 1, by: 2) {
            let key = posts[pair].headers["idempotency-key"]
            #expect(key != nil)
            #expect(posts[pair + 1].headers["idempotency-key"] == key)
        }
        await server.stop()
    }

    /// Every answer to an addition is lost: the change stays saved on this
    /// device (exit 0, said once) and is sent again with the same key at
    /// every sync, so the server holds the addition once.
    @Test func anAnswerLostTwiceIsReportedAsUnknown() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        let proxy = try FaultProxy(upstreamPort: server.port) { request in
            request.method == "POST" && request.target.hasSuffix("/increment/")
                ? .resetAfterForwarding : .forward
        }
        try await signIn(sandbox, server, url: proxy.url, as: "max@example.com")
        try await addDaily(sandbox, "Run", target: "5")
        let date = Self.today.adding(days: -2)
        let done = try await sandbox.habits("done", "Run", "2", "--date", date.description)
        #expect(done.status == 0, "\(done)")
        #expect(done.error.contains("Saved on this device; it will be sent at the next sync."))
        #expect(!done.error.contains("HTTP 0"))
        #expect(try await sandbox.habits("sync").status == 69)
        #expect(try await sandbox.habits("sync").status == 69)
        #expect(try await value(sandbox, "Run", on: date) == "2")
        let keys = Set(
            proxy.requests.filter { $0.target.hasSuffix("/increment/") }.map {
                $0.headers["idempotency-key"] ?? ""
            })
        #expect(keys.count == 1, "every attempt carries the change's one key: \(keys)")
        await server.stop()
    }

    /// A server that sends escape sequences and bidirectional overrides in a
    /// name and a unit: none of them reaches the terminal.
    @Test func textFromTheServerCannotDriveTheTerminal() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        let hostile = #"\u001b]0;pwned\u0007\u001b[2J\u001b[31mPlain\u009b1m\u202e"#
        let proxy = try FaultProxy(upstreamPort: server.port) { request in
            guard request.method == "GET", request.target.contains("/me/habits") else {
                return .forward
            }
            return .rewriteBody { body in
                let text = String(decoding: body, as: UTF8.self)
                    .replacingOccurrences(of: #""Plain""#, with: "\"\(hostile)\"")
                    .replacingOccurrences(of: #""times""#, with: #""ti\u001b[8mmes""#)
                return Data(text.utf8)
            }
        }
        try await signIn(sandbox, server, url: proxy.url, as: "nia@example.com")
        try await addDaily(sandbox, "Plain")
        for arguments in [["list"], ["list", "--all"], ["show", "1"], ["remind"]] {
            let run = try await sandbox.habits(arguments)
            #expect(run.status == 0, "\(arguments): \(run)")
            for forbidden in ["\u{1B}", "\u{07}", "\u{9B}", "\u{202E}"] {
                #expect(
                    !run.output.contains(forbidden), "\(arguments): \(run.output.debugDescription)")
                #expect(!run.error.contains(forbidden), "\(arguments)")
            }
            #expect(run.output.contains("Plain"), "\(arguments): \(run)")
        }
        await server.stop()
    }

    /// With the server gone, this device's replica answers for any day and
    /// for archived habits too, as local mode would, saying how old it is.
    @Test func theCacheAnswersOnlyForWhatItHolds() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        try await signIn(sandbox, server, as: "ola@example.com")
        try await addDaily(sandbox, "Stretch")
        let today = Self.today
        #expect(
            try await sandbox.habits(
                "done", "Stretch", "--date", today.adding(days: -1).description
            ).status == 0)
        let fresh = try await sandbox.habits("list")
        #expect(fresh.status == 0, "\(fresh)")
        await server.stop()

        let cached = try await sandbox.habits("list")
        #expect(cached.status == 0, "\(cached)")
        #expect(cached.error.contains("showing this device's copy, last synced"), "\(cached)")
        #expect(cached.output.contains("Stretch"))

        let monday = today.startOfISOWeek
        let sameWeek = today == monday ? monday.adding(days: 1) : monday
        let other = try await sandbox.habits("list", "--date", sameWeek.description, "--json")
        #expect(other.status == 0, "\(other)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(other.output.utf8)) as? [String: Any])
        let habits = try #require(object["habits"] as? [[String: Any]])
        #expect(habits.count == 1)
        #expect(object["synced_at"] is String, "\(other.output)")

        let lastWeek = try await sandbox.habits(
            "list", "--date", today.adding(days: -7).description)
        #expect(lastWeek.status == 0, "\(lastWeek)")
        #expect(lastWeek.output.contains("Stretch"), "\(lastWeek)")

        let all = try await sandbox.habits("list", "--all")
        #expect(all.status == 0, "\(all)")
        #expect(all.output.contains("Stretch"), "\(all)")
    }

    /// A server of the contract without the increment route: each `done`
    /// sent from the outbox falls back to reading and writing the day.
    @Test func aServerWithoutIncrementStillRecordsProgress() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        let proxy = try FaultProxy(upstreamPort: server.port) { request in
            request.target.hasSuffix("/increment/")
                ? .answer(status: 404, body: #"{"detail":"Not found."}"#) : .forward
        }
        try await signIn(sandbox, server, url: proxy.url, as: "pia@example.com")
        try await addDaily(sandbox, "Walk", target: "10")
        let date = Self.today.adding(days: -1)
        let first = try await sandbox.habits("done", "Walk", "2", "--date", date.description)
        #expect(first.status == 0, "\(first)")
        #expect(!first.error.contains("refused"), "\(first)")
        let second = try await sandbox.habits("done", "Walk", "3", "--date", date.description)
        #expect(second.status == 0, "\(second)")
        #expect(second.error.isEmpty, "\(second)")
        #expect(try await value(sandbox, "Walk", on: date) == "5")
        let puts = proxy.requests.filter {
            $0.method == "PUT" && $0.target.hasSuffix("/progress/\(date)/")
        }
        #expect(puts.count == 2, "each done wrote the sum")
        await server.stop()
    }

    /// A server of the contract that keeps no notes (its answers never carry
    /// `note`): the progress is saved, and `habits` says on standard error
    /// that the note was not kept instead of printing it as saved.
    @Test func aServerWithoutNotesIsSaidToHaveDroppedTheNote() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        let proxy = try FaultProxy(upstreamPort: server.port) { request in
            // Its feed carries no notes either.
            guard request.target.contains("/progress/") || request.target.contains("/me/changes/")
            else { return .forward }
            return .rewriteBody { body in Self.withoutNotes(body) }
        }
        try await signIn(sandbox, server, url: proxy.url, as: "noa@example.com")
        try await addDaily(sandbox, "Walk", target: "10")
        let date = Self.today.adding(days: -1).description

        let done = try await sandbox.habits("done", "Walk", "2", "--date", date, "--note", "rain")
        #expect(done.status == 0, "\(done)")
        #expect(done.error.contains("the server did not keep the note of \(date)"), "\(done)")
        #expect(!done.output.contains("Note"), "\(done)")
        let set = try await sandbox.habits("set", "Walk", "3", "--date", date, "--note", "rain")
        #expect(set.status == 0, "\(set)")
        #expect(set.error.contains("did not keep the note"), "\(set)")
        // Without --note nothing is said: nothing was asked of the server.
        let plain = try await sandbox.habits("set", "Walk", "4", "--date", date)
        #expect(plain.status == 0, "\(plain)")
        #expect(plain.error.isEmpty, "\(plain)")
        #expect(try await value(sandbox, "Walk", on: Self.today.adding(days: -1)) == "4")
        let show = try await sandbox.habits("show", "Walk", "--date", date)
        #expect(!show.output.contains("Notes:"), "\(show)")
        await server.stop()
    }

    /// A progress answer as a server without notes gives it.
    static func withoutNotes(_ body: Data) -> Data {
        guard var object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            return body
        }
        object["note"] = nil
        if let entries = object["data"] as? [[String: Any]] {
            object["data"] = entries.map { entry in entry.filter { $0.key != "note" } }
        }
        if let changes = object["changes"] as? [[String: Any]] {
            object["changes"] = changes.map { change in
                var change = change
                if let entry = change["entry"] as? [String: Any] {
                    change["entry"] = entry.filter { $0.key != "note" }
                }
                return change
            }
        }
        return (try? JSONSerialization.data(withJSONObject: object)) ?? body
    }
}
