import Dispatch
import Foundation
import HabitConcurrency
import HabitHTTP
import HabitStorage
import HabitStore

/// The whole habits server: the SQLite store, the API and the HTTP server,
/// put together from a `ServerConfiguration`.
///
/// `start()` listens and returns the port; `shutdown()` finishes requests
/// under way, stops the HTTP server and closes the store; `waitUntilStopped()`
/// returns after all of that. Tests run it in-process on port 0 with an
/// in-memory database and a clock they move.
package final class HabitServerApp: Sendable {
    package static let version = "0.1.0"

    package let configuration: ServerConfiguration
    package let store: any ServerStore
    package let responder: APIResponder
    /// Sends reminders and webhook deliveries (`--reminder-interval`).
    package let reminders: ReminderRunner
    private let server: HTTPServer
    /// The separate metrics listener of `--metrics-listen`, if any.
    private let metricsServer: HTTPServer?
    private let metricsPortChosen = Locked<UInt16?>(nil)
    private let log: ServerLog
    /// Entered by `start()`, left by the first `shutdown()` after it.
    private let stopped = DispatchGroup()
    private let running = Locked(false)
    /// Held while the SQLite database is open, so a restore refuses it.
    private let databaseLock: SQLiteServerLock?

    /// Opens the database and the secret and prepares the mailer; nothing
    /// listens until `start()`.
    package init(
        configuration: ServerConfiguration,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: @escaping @Sendable () -> Date = { Date() }, random: RandomSource = .system,
        log: ServerLog = .disabled
    ) throws(ServerStartupError) {
        self.configuration = configuration
        self.log = log
        if let directory = StoreFactory.directoryToCreate(for: configuration) {
            if !directory.isEmpty && !FileManager.default.fileExists(atPath: directory) {
                do {
                    try FileManager.default.createDirectory(
                        atPath: directory, withIntermediateDirectories: true,
                        attributes: [.posixPermissions: 0o700])
                } catch {
                    throw ServerStartupError("Cannot create the directory \(directory): \(error).")
                }
            }
        }
        let secret = try ServerSecret.load(
            file: configuration.secretFile, environment: environment, random: random)
        let mailer: any Mailer
        switch configuration.mail {
        case .outbox(let directory):
            do {
                mailer = try OutboxMailer(
                    directory: URL(fileURLWithPath: directory), random: random)
            } catch {
                throw ServerStartupError(error.description)
            }
        case .command(let command):
            mailer = CommandMailer(command: command)
        }
        databaseLock = try StoreFactory.serverLock(for: configuration)
        do {
            store = try StoreFactory.open(configuration, environment: environment)
        } catch {
            throw ServerStartupError(error.description)
        }
        var settings = configuration.settings
        settings.secureCookies =
            !Self.isLoopback(configuration.host)
            || configuration.reminders.publicURL?.lowercased().hasPrefix("https://") == true
        let targets = TargetPolicy(allowPrivate: configuration.reminders.allowPrivateTargets)
        responder = APIResponder(
            store: store, secret: secret, mailer: mailer, settings: settings,
            now: now, random: random, log: log, targets: targets)
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        reminders = ReminderRunner(
            store: store, digests: store, mailer: mailer,
            poster: SocketPoster(
                policy: targets, deadline: configuration.reminders.deliveryDeadline),
            grace: ReminderGrace(seconds: TimeInterval(configuration.reminders.graceSeconds)),
            mailSender: configuration.settings.mailSender,
            clickURL: configuration.reminders.publicURL
                ?? "http://\(host):\(configuration.port)/",
            now: now, random: random, log: log, metrics: responder.metrics)
        let metricsToken = try MetricsTokenFile.read(configuration.operations.metricsTokenFile)
        responder.metrics.describe(
            store: StoreFactory.isPostgres(configuration.databasePath) ? "postgresql" : "sqlite")
        let metrics = responder.metrics
        metricsServer = configuration.operations.metricsListen.flatMap(ListenAddress.init).map {
            HTTPServer(
                configuration: HTTPServer.Configuration(
                    host: $0.host, port: $0.port, maxConnections: 64, eventLoops: 1,
                    responderThreads: 1, now: now),
                responder: MetricsResponder(metrics: metrics), log: log)
        }
        server = HTTPServer(
            configuration: HTTPServer.Configuration(
                host: configuration.host, port: configuration.port,
                maxConnections: configuration.maxConnections,
                maxConnectionsPerClient: configuration.maxConnectionsPerClient,
                eventLoops: configuration.eventLoops
                    ?? ProcessInfo.processInfo.activeProcessorCount,
                responderThreads: configuration.responderThreads, now: now),
            responder: OperationsResponder(
                api: configuration.servesWebApp ? WebAppResponder(api: responder) : responder,
                store: store, metrics: responder.metrics,
                metricsToken: metricsToken, reminders: reminders), log: log)
        let server = self.server
        let store = self.store
        metrics.observe(
            connections: { server.connectionStatistics }, pool: { store.poolStatistics() })
    }

    /// Listens and serves in the background; returns the port (the chosen
    /// one when configured with port 0).
    package func start() throws(ServerStartupError) -> UInt16 {
        let port: UInt16
        do {
            port = try server.start()
        } catch {
            throw ServerStartupError(error)
        }
        do {
            let metricsPort = try metricsServer?.start()
            metricsPortChosen.withLock { $0 = metricsPort }
        } catch {
            server.shutdown()
            throw ServerStartupError(
                "Cannot serve metrics: \(ServerStartupError(error).description)")
        }
        running.withLock { $0 = true }
        stopped.enter()
        // With port 0 the port is known only now; links must name it.
        if configuration.reminders.publicURL == nil {
            reminders.clickURL = "http://\(hostForURL):\(port)/"
        }
        if configuration.reminders.interval > 0 {
            reminders.start(every: TimeInterval(configuration.reminders.interval))
        }
        log.info("habits-server \(Self.version): http://\(hostForURL):\(port)/api/")
        if configuration.servesWebApp { log.info("web app: http://\(hostForURL):\(port)/") }
        log.info("database: \(StoreFactory.displayName(configuration.databasePath))")
        switch configuration.mail {
        case .outbox(let directory): log.info("mail: outbox \(directory)")
        case .command(let command): log.info("mail: command \(command)")
        }
        return port
    }

    /// Finishes requests under way, stops serving and closes the database.
    /// Safe to call more than once; must not be called from a request.
    package func shutdown() {
        metricsServer?.shutdown()
        server.shutdown()
        reminders.stop()
        store.close()
        databaseLock?.release()
        let wasRunning = running.withLock { running in
            defer { running = false }
            return running
        }
        if wasRunning { stopped.leave() }
    }

    /// The port of the metrics listener once started (`--metrics-listen`).
    package var metricsPort: UInt16? { metricsPortChosen.withLock { $0 } }

    /// Returns once `shutdown()` has closed everything.
    package func waitUntilStopped() {
        stopped.wait()
    }

    /// Whether `host` is a loopback address or name: only this machine connects.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    private var hostForURL: String {
        configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    }
}
