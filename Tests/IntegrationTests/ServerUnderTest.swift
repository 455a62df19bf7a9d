import Foundation
import HabitConcurrency
import HabitCore
import HabitServer
import HabitStore

/// A real habits server in this process: in-memory SQLite, 127.0.0.1 on port
/// 0, codes written to an outbox directory, and a clock the test moves.
final class ServerUnderTest: Sendable {
    let app: HabitServerApp
    let port: UInt16
    let clock: TestClock
    let outbox: String
    private let directory: TestDirectory
    private let running = Locked(true)

    init(settings: APISettings = APISettings(), start: Date = TestClock.epoch) throws {
        directory = try TestDirectory()
        outbox = directory.appending("outbox")
        let serverClock = TestClock(start)
        clock = serverClock
        app = try HabitServerApp(
            configuration: .inMemory(outbox: outbox, settings: settings), environment: [:],
            now: { serverClock.now }, log: .disabled)
        port = try app.start()
    }

    deinit {
        stop()
    }

    /// Stops the server now (it stops at the latest when the value is released).
    func stop() {
        let wasRunning = running.withLock { running in
            defer { running = false }
            return running
        }
        if wasRunning { app.shutdown() }
    }

    var baseURL: String { "http://127.0.0.1:\(port)/api/" }

    /// The code in the newest message the outbox holds for `email`.
    func latestCode(for email: String) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: outbox)
            .filter { $0.hasSuffix(".eml") }.sorted()
        for name in names.reversed() {
            let text = try String(contentsOfFile: outbox + "/" + name, encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
            guard lines.contains("To: \(email)") else { continue }
            let prefix = "Your habits sign-in code: "
            if let line = lines.first(where: { $0.hasPrefix(prefix) }) {
                return String(line.dropFirst(prefix.count))
            }
        }
        throw FixtureFailure("no code for \(email) in the outbox")
    }
}

/// A clock a test sets and moves; both the server and the client's device clock use one.
final class TestClock: Sendable {
    /// 2026-11-30T19:00:00Z, a Monday.
    static let epoch = Date(timeIntervalSince1970: 1_796_065_200)

    private let instant: Locked<Date>

    init(_ start: Date) {
        instant = Locked(start)
    }

    var now: Date { instant.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// A device clock in `timeZone` reading this clock.
    func wallClock(timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) -> WallClock {
        WallClock(timeZone: timeZone, now: { [self] in self.now })
    }
}

/// A fresh temporary directory, removed with the value.
final class TestDirectory: Sendable {
    let path: String

    init() throws {
        let path = NSTemporaryDirectory() + "/habits-integration-" + UUID().uuidString
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        self.path = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func appending(_ name: String) -> String { path + "/" + name }
}

struct FixtureFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Wraps the real URLSession transport and records every exchange, so tests
/// can count refreshes and refusals.
final class RecordingTransport: HTTPTransport {
    struct Exchange: Sendable {
        var method: String
        var path: String
        var status: Int?
    }

    private let transport = URLSessionTransport()
    private let log = Locked<[Exchange]>([])

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let path = request.url.path(percentEncoded: true)
        do {
            let response = try await transport.send(request)
            log.withLock {
                $0.append(
                    Exchange(method: request.method.rawValue, path: path, status: response.status))
            }
            return response
        } catch {
            log.withLock {
                $0.append(Exchange(method: request.method.rawValue, path: path, status: nil))
            }
            throw error
        }
    }

    var exchanges: [Exchange] { log.withLock { $0 } }

    /// How many refresh requests were sent.
    var refreshCount: Int { exchanges.filter { $0.path.hasSuffix("/auth/token/refresh/") }.count }

    /// How many responses were 401.
    var unauthorizedCount: Int { exchanges.filter { $0.status == 401 }.count }
}

/// One user of the server: a client with its own credentials directory.
struct SignedInUser {
    let client: HabitAPIClient
    let store: FileTokenStore
    let transport: RecordingTransport
    let directory: TestDirectory
    let email: String

    /// Signs `email` in to `server` through the real flow, the device clock
    /// reading `deviceClock`.
    static func signIn(
        _ email: String, to server: ServerUnderTest, deviceClock: TestClock
    ) async throws -> SignedInUser {
        let directory = try TestDirectory()
        let store = FileTokenStore(directory: directory.appending("habits"))
        let transport = RecordingTransport()
        let client = HabitAPIClient(
            configuration: try APIConfiguration(baseURL: server.baseURL), transport: transport,
            tokenStore: store, clock: deviceClock.wallClock())
        try await client.requestCode(email: email)
        try await client.signIn(email: email, code: try server.latestCode(for: email))
        return SignedInUser(
            client: client, store: store, transport: transport, directory: directory, email: email)
    }
}
