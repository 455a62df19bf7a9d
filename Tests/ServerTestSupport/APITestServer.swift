import Foundation
import HabitConcurrency
import HabitHTTP
import HabitServer
import TestSupport

/// A real habits server in this process: port 0 on 127.0.0.1, an in-memory
/// database, an outbox in a fresh temporary directory, and a clock the test
/// moves. Every test makes its own, so tests share nothing; the server stops
/// at the latest when the value is released.
package final class APITestServer: Sendable {
    /// 2026-11-30 12:00:00 UTC, a Monday.
    package static let defaultStart = Date(timeIntervalSince1970: 1_796_040_000)

    package let app: HabitServerApp
    package let port: UInt16
    package let client: APITestClient
    package let clock: TestClock
    package let logs = APILogRecorder()
    private let temporary: TemporaryDirectory
    private let running = Locked(true)

    /// The server's own directory (its outbox, any database file a test puts there).
    package var directory: URL { temporary.url }
    package var outbox: URL { directory.appendingPathComponent("outbox") }
    /// The API's base URL, as a client is configured with it.
    package var baseURL: String { "http://127.0.0.1:\(port)/api/" }

    package init(
        settings: APISettings = APISettings(), start: Date = APITestServer.defaultStart,
        databasePath: String = ":memory:", clock: TestClock? = nil,
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        temporary = try TemporaryDirectory(prefix: "habits-server-tests")
        let clock = clock ?? TestClock(start)
        self.clock = clock
        var configuration = ServerConfiguration.inMemory(
            outbox: temporary.appending("outbox"), settings: settings)
        configuration.databasePath = databasePath
        configure(&configuration)
        app = try HabitServerApp(
            configuration: configuration, environment: [:], now: { clock.now },
            log: ServerLog(level: .debug, sink: logs.sink))
        port = try app.start()
        client = APITestClient(port: port)
    }

    deinit {
        stop()
    }

    /// Stops the server now; its files go with the value.
    package func stop() {
        let wasRunning = running.withLock { running in
            defer { running = false }
            return running
        }
        if wasRunning { app.shutdown() }
    }

    // MARK: - Requests

    package func request(
        _ method: String, _ path: String, body: String? = nil, token: String? = nil,
        headers: [(String, String)] = [], contentType: String? = "application/json"
    ) throws -> APITestResponse {
        try client.request(
            method, path, body: body, token: token, headers: headers, contentType: contentType)
    }

    // MARK: - Sign-in

    /// Every message in the outbox, oldest first (file names sort by time).
    package func messages() throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: outbox.path)
            .filter { $0.hasSuffix(".eml") }.sorted()
        return try names.map {
            try String(contentsOf: outbox.appendingPathComponent($0), encoding: .utf8)
        }
    }

    /// The code of the newest message to `email`.
    package func latestCode(for email: String) throws -> String {
        let address = email.lowercased()
        for message in try messages().reversed() where message.contains("\nTo: \(address)\n") {
            for line in message.split(separator: "\n")
            where line.hasPrefix(MailMessage.codeLinePrefix) {
                return String(line.dropFirst(MailMessage.codeLinePrefix.count))
            }
        }
        throw APITestFailure("no code in the outbox for \(email)")
    }

    /// Requests a code for `email` and trades it for a token pair.
    package func signIn(_ email: String) throws -> (access: String, refresh: String) {
        let sent = try request("POST", "/api/auth/email/", body: #"{"email": "\#(email)"}"#)
        guard sent.status == 202 else { throw APITestFailure("code request: \(sent)") }
        let code = try latestCode(for: email)
        let tokens = try request(
            "POST", "/api/auth/token/", body: #"{"email": "\#(email)", "code": "\#(code)"}"#)
        let object = try tokens.object()
        guard tokens.status == 200, let access = object["access"] as? String,
            let refresh = object["refresh"] as? String
        else { throw APITestFailure("token request: \(tokens)") }
        return (access, refresh)
    }

    // MARK: - Habits

    /// Creates a habit and returns its id.
    package func createHabit(
        token: String, name: String = "Read", frequency: String = "DAILY",
        startDate: String = "2026-11-01", actionDays: String = "[1,2,3,4,5,6,7]",
        target: String = "10"
    ) throws -> Int {
        let response = try request(
            "POST", "/api/me/habits/",
            body: habitBody(
                name: name, frequency: frequency, startDate: startDate, actionDays: actionDays,
                target: target), token: token)
        guard response.status == 201, let id = try response.object()["id"] as? Int else {
            throw APITestFailure("create habit: \(response)")
        }
        return id
    }

    /// A valid habit body; `overrides` replace fields with raw JSON text
    /// (`["target_value": "true"]`), or remove them when the text is empty.
    package func habitBody(
        name: String = "Read", frequency: String = "DAILY", startDate: String = "2026-11-01",
        actionDays: String = "[1,2,3,4,5,6,7]", target: String = "10",
        overrides: [String: String] = [:]
    ) -> String {
        var fields = [
            "name": "\"\(name)\"", "frequency": "\"\(frequency)\"", "measurement_type": "\"pages\"",
            "start_date": "\"\(startDate)\"", "action_days": actionDays, "target_value": target,
        ]
        for (key, value) in overrides { fields[key] = value.isEmpty ? nil : value }
        return "{"
            + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
            .joined(separator: ", ") + "}"
    }
}

/// Runs `body` with a fresh server and stops it afterwards.
package func withAPIServer<T>(
    settings: APISettings = APISettings(), start: Date = APITestServer.defaultStart,
    _ body: (APITestServer) throws -> T
) throws -> T {
    let server = try APITestServer(settings: settings, start: start)
    defer { server.stop() }
    return try body(server)
}

/// Runs the asynchronous `body` with a fresh server and stops it afterwards.
package func withAPIServer<T>(
    settings: APISettings = APISettings(), start: Date = APITestServer.defaultStart,
    _ body: (APITestServer) async throws -> T
) async throws -> T {
    let server = try APITestServer(settings: settings, start: start)
    defer { server.stop() }
    return try await body(server)
}

/// Keeps every log line, so tests can check what the server logs and what it never does.
package final class APILogRecorder: Sendable {
    private let lines = Locked<[String]>([])

    package init() {}

    package var sink: @Sendable (ServerLog.Level, String) -> Void {
        { [self] level, line in lines.withLock { $0.append("\(level): \(line)") } }
    }

    package var all: [String] { lines.withLock { $0 } }
}
