import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `habits move` through the built binary: in local mode, in server mode
/// (the order another device reads) and offline (queued, then shown by
/// this device's copy).
@Suite struct MoveCommandTests {
    /// The names `habits list --json` answers, in order.
    static func listed(_ sandbox: Sandbox) async throws -> [String] {
        let json = try await sandbox.habits("list", "--json")
        try #require(json.status == 0, "\(json)")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        return (object?["habits"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    static func add(_ sandbox: Sandbox, _ names: [String]) async throws {
        for name in names {
            let add = try await sandbox.habits(
                "add", name, "--daily", "--unit", "times", "--target", "1", "--days", "daily",
                "--start", "2025-01-06")
            try #require(add.status == 0, "\(add)")
        }
    }

    @Test func movesReorderTheListInLocalMode() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        try await Self.add(sandbox, ["Read", "Run", "Walk", "Swim"])
        #expect(try await Self.listed(sandbox) == ["Read", "Run", "Walk", "Swim"])

        let first = try await sandbox.habits("move", "Swim", "--before", "Run")
        #expect(first.status == 0, "\(first)")
        #expect(first.output == "Moved #4 Swim before #2 Run.\n")
        #expect(try await Self.listed(sandbox) == ["Read", "Swim", "Run", "Walk"])
        // The first move numbered the list; this one writes one habit.
        #expect(try await sandbox.habits("move", "1", "--last").output == "Moved #1 Read last.\n")
        #expect(try await Self.listed(sandbox) == ["Swim", "Run", "Walk", "Read"])
        #expect(try await sandbox.habits("move", "Walk", "--after", "Swim").status == 0)
        #expect(try await sandbox.habits("move", "Read", "--first").status == 0)
        #expect(try await Self.listed(sandbox) == ["Read", "Swim", "Walk", "Run"])
        let same = try await sandbox.habits("move", "Swim", "--after", "Read")
        #expect(same.output == "#4 Swim is already after #1 Read.\n", "\(same)")

        let json = try await sandbox.habits("move", "Run", "--first", "--json")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == "Run")
        #expect(object?["position"] is Int)
        // The log and the prompt follow the order too.
        let log = try await sandbox.habits("log", "--days", "3")
        let lines = log.output.split(separator: "\n").map(String.init)
        let runLine = try #require(lines.firstIndex { $0.contains("Run") })
        let readLine = try #require(lines.firstIndex { $0.contains("Read") })
        #expect(runLine < readLine, "\(log)")

        let none = try await sandbox.habits("move", "Run")
        #expect(none.status == 64)
        #expect(none.error.contains("--before, --after, --first or --last"), "\(none)")
        let both = try await sandbox.habits("move", "Run", "--first", "--last")
        #expect(both.status == 64)
        #expect(both.error.contains("cannot be used together"), "\(both)")
        let itself = try await sandbox.habits("move", "Run", "--before", "Run")
        #expect(itself.status == 64)
        #expect(itself.error.contains("cannot move next to itself"), "\(itself)")
        let unknown = try await sandbox.habits("move", "Run", "--before", "Nope")
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("No habit matches 'Nope'"), "\(unknown)")
        #expect(try await sandbox.habits("archive", "Walk").status == 0)
        let across = try await sandbox.habits("move", "Run", "--after", "Walk")
        #expect(across.status == 1)
        #expect(across.error.contains("moves among the habits of its own list"), "\(across)")
    }

    /// In server mode the moves are PATCHes the server answers its list
    /// with; with the server gone, a move waits in the outbox and this
    /// device's copy shows it at once.
    @Test func movesReachTheServerAndWaitOffline() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        #expect(try await sandbox.habits("config", "set", "server", server.url).status == 0)
        #expect(try await sandbox.habits("auth", "email", "ann@example.com").status == 0)
        let verify = try await sandbox.habits(
            "verify", try server.code(for: "ann@example.com"))
        try #require(verify.status == 0, "\(verify)")
        try await Self.add(sandbox, ["Read", "Run", "Walk"])
        let move = try await sandbox.habits("move", "Walk", "--first")
        #expect(move.status == 0, "\(move)")
        #expect(move.output == "Moved #3 Walk first.\n")
        #expect(try await Self.listed(sandbox) == ["Walk", "Read", "Run"])
        // The server's own list answer, as another device reads it.
        let credentials = sandbox.configHome.appendingPathComponent("habits/credentials.json")
        let stored =
            try JSONSerialization.jsonObject(with: Data(contentsOf: credentials))
            as? [String: Any]
        let token = try #require((stored?["session"] as? [String: Any])?["access"] as? String)
        let list = try await APIRequests(server).send("GET", "me/habits/", token: token)
        let names = (list.json?["data"] as? [[String: Any]] ?? []).compactMap {
            $0["name"] as? String
        }
        #expect(names == ["Walk", "Read", "Run"], "\(list)")

        await server.stop()
        let closed = try ClosedPort(reserving: UInt16(server.port))
        defer { withExtendedLifetime(closed) {} }
        let offline = try await sandbox.habits("move", "Run", "--before", "Read")
        #expect(offline.status == 0, "\(offline)")
        #expect(offline.error.contains("it will be sent at the next sync"), "\(offline)")
        #expect(try await Self.listed(sandbox) == ["Walk", "Run", "Read"])
    }
}
