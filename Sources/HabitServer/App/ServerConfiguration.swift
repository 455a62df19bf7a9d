import Foundation

/// Everything `habits-server` is started with: where it listens, where it
/// keeps its data, how it mails codes, and the token lifetimes.
public struct ServerConfiguration: Sendable {
    /// How sign-in codes reach people.
    public enum MailDelivery: Hashable, Sendable {
        /// One file per message in a directory (the development default).
        case outbox(directory: String)
        /// An RFC 5322 message piped to `/bin/sh -c COMMAND`, e.g. "sendmail -t".
        case command(String)
    }

    public var host: String
    public var port: UInt16
    /// A file path, `:memory:` for a database that lives as long as the
    /// process, or a `postgres://` URL.
    public var databasePath: String
    /// Where the signing secret is kept; `nil` means no file: the secret comes
    /// from HABITS_SECRET or, with an in-memory database, is made up for
    /// this run (its tokens could not outlive the database anyway).
    public var secretFile: String?
    public var mail: MailDelivery
    public var settings: APISettings
    public var logLevel: ServerLog.Level
    /// Connections served at once (one thread each); more get 503.
    public var maxConnections: Int
    /// Read connections of the SQLite store (WAL lets them read in parallel
    /// with the writer). More than the cores: with a thread per HTTP
    /// connection, a thread is often preempted while holding a reader, and
    /// with only one or two readers the others queue behind it (measured:
    /// 2 readers 7,000 req/s with p99 28 ms; 16 readers 13,400 req/s with
    /// p99 15 ms, on 2 cores at 64 connections).
    public var databaseReaders: Int
    /// Connections to PostgreSQL this process keeps at most.
    public var databasePoolSize: Int

    public init(
        host: String = "127.0.0.1", port: UInt16 = 8000, databasePath: String,
        secretFile: String?, mail: MailDelivery, settings: APISettings = APISettings(),
        logLevel: ServerLog.Level = .info, maxConnections: Int = 256, databaseReaders: Int = 16,
        databasePoolSize: Int = 8
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.secretFile = secretFile
        self.mail = mail
        self.settings = settings
        self.logLevel = logLevel
        self.maxConnections = maxConnections
        self.databaseReaders = databaseReaders
        self.databasePoolSize = databasePoolSize
    }

    /// A configuration for tests and embedding: an in-memory database, port 0
    /// on 127.0.0.1, codes written to `outbox`, and a secret made up for the run.
    public static func inMemory(outbox: String, settings: APISettings = APISettings())
        -> ServerConfiguration
    {
        ServerConfiguration(
            port: 0, databasePath: ":memory:", secretFile: nil,
            mail: .outbox(directory: outbox), settings: settings)
    }
}
