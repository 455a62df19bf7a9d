import Foundation
import HabitHTTP

/// Everything `habits-server` is started with: where it listens, where it
/// keeps its data, how it mails codes, and the token lifetimes.
package struct ServerConfiguration: Sendable {
    /// How sign-in codes reach people.
    package enum MailDelivery: Hashable, Sendable {
        /// One file per message in a directory (the development default).
        case outbox(directory: String)
        /// An RFC 5322 message piped to `/bin/sh -c COMMAND`, e.g. "sendmail -t".
        case command(String)
    }

    package var host: String
    package var port: UInt16
    /// A file path, `:memory:` for a database that lives as long as the
    /// process, or a `postgres://` URL.
    package var databasePath: String
    /// Where the signing secret is kept; `nil` means no file: the secret comes
    /// from HABITS_SECRET or, with an in-memory database, is made up for
    /// this run (its tokens could not outlive the database anyway).
    package var secretFile: String?
    package var mail: MailDelivery
    package var settings: APISettings
    package var logLevel: ServerLog.Level
    /// How log lines are written: text, or one JSON object per line.
    package var logFormat: ServerLog.Format
    /// Connections held at once, idle ones included; when full, the oldest
    /// idle one is closed to make room, and only when none is idle does a new
    /// one get 503 (see `HTTPServer.Configuration.maxConnections`).
    package var maxConnections: Int
    /// Connections one non-loopback client address may hold.
    package var maxConnectionsPerClient: Int
    /// Threads that run requests (the HTTP server's responder pool).
    package var responderThreads: Int
    /// Event loop threads of the HTTP server; nil for one per core.
    package var eventLoops: Int?
    /// Read connections of the SQLite store (WAL lets them read in parallel
    /// with the writer): by default one per thread that runs requests (the
    /// responder threads, or the event loops, one per core, when requests run
    /// on them), so no request waits for a reader another request holds.
    package var databaseReaders: Int
    /// Connections to PostgreSQL this process keeps at most.
    package var databasePoolSize: Int
    /// Shutdown, scheduled backups and metrics (the operations flags).
    package var operations = ServerOperations()
    /// Whether the web app is served at `/` (`--no-web` turns it off).
    package var servesWebApp = true
    /// Server reminders and webhook deliveries.
    package var reminders = ReminderConfiguration()

    package init(
        host: String = "127.0.0.1", port: UInt16 = 8000, databasePath: String,
        secretFile: String?, mail: MailDelivery, settings: APISettings = APISettings(),
        logLevel: ServerLog.Level = .info, maxConnections: Int = 16_384,
        maxConnectionsPerClient: Int = 64,
        responderThreads: Int = HTTPServer.Configuration.defaultResponderThreads,
        eventLoops: Int? = nil,
        databaseReaders: Int? = nil, databasePoolSize: Int = 8,
        logFormat: ServerLog.Format = .text
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.secretFile = secretFile
        self.mail = mail
        self.settings = settings
        self.logLevel = logLevel
        self.logFormat = logFormat
        self.maxConnections = maxConnections
        self.maxConnectionsPerClient = maxConnectionsPerClient
        self.responderThreads = responderThreads
        self.eventLoops = eventLoops
        self.databaseReaders =
            databaseReaders
            ?? (responderThreads > 0
                ? responderThreads : eventLoops ?? ProcessInfo.processInfo.activeProcessorCount)
        self.databasePoolSize = databasePoolSize
    }

    /// A configuration for tests and embedding: an in-memory database, port 0
    /// on 127.0.0.1, codes written to `outbox`, and a secret made up for the run.
    package static func inMemory(outbox: String, settings: APISettings = APISettings())
        -> ServerConfiguration
    {
        var configuration = ServerConfiguration(
            port: 0, databasePath: ":memory:", secretFile: nil,
            mail: .outbox(directory: outbox), settings: settings)
        // No runs on real time: a test moves its clock and calls
        // `reminders.tick()` itself.
        configuration.reminders.interval = 0
        return configuration
    }
}
