import Foundation
import HabitHTTP

/// What the `habits-server` command line asks for.
public enum ServerCommand: Sendable {
    case run(ServerConfiguration)
    case help
    case version
}

/// A command line that cannot be followed; `description` is one sentence.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Reads the `habits-server` flags.
///
/// Flags take their value as the next argument or after `=` (`--port 0`,
/// `--port=0`). Defaults: the database is `habits.sqlite3` in the data
/// directory ($XDG_DATA_HOME/habits-server, else ~/.local/share/habits-server);
/// the secret file is `secret` and the outbox `outbox/` beside the database.
public enum ServerCommandLine {
    public static let usage = """
        Usage: habits-server [options]

        Serves the habits API (base path /api/) over HTTP, with SQLite or
        PostgreSQL storage. "habits-server migrate --help" copies a SQLite
        database into PostgreSQL.

        Options:
          --host ADDRESS          address to listen on (default 127.0.0.1)
          --port PORT             TCP port (default 8000); 0 picks a free port
                                  and prints it as the first line on stdout
          --database PATH|URL     SQLite file, :memory:, or a PostgreSQL URL
                                  postgres://user@host:port/db (default
                                  $HABITS_DATABASE_URL, else
                                  $XDG_DATA_HOME/habits-server/habits.sqlite3);
                                  libpq's PG* variables and ~/.pgpass apply
          --database-pool N       PostgreSQL connections per process (default 8)
          --secret-file PATH      JWT signing secret, created 0600 when absent
                                  (default: "secret" beside the database);
                                  HABITS_SECRET in the environment overrides it
          --outbox DIR            write each sign-in message as a file in DIR
                                  (default: "outbox" beside the database)
          --mail-command CMD      pipe each message to CMD, e.g. "sendmail -t"
          --access-ttl SECONDS    access token lifetime (default 300)
          --refresh-ttl SECONDS   refresh token lifetime (default 604800)
          --refresh-grace SECONDS reuse window of a rotated refresh token (default 30)
          --log-level LEVEL       debug, info, warning or error (default info)
          --max-connections N     connections held at once, idle ones included
                                  (default 16384); when full the oldest idle
                                  one is closed, and 503 only if none is idle
          --max-connections-per-client N
                                  connections one address may hold (default 64;
                                  loopback addresses are not limited)
          --responder-threads N   threads that run requests (default 4); 0 runs
                                  them on the event loops' threads
          --event-loops N         threads serving connections (default: one
                                  per core)
          --help                  show this help
          --version               show the version
        """

    /// The command for `arguments` (without the program name).
    public static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError) -> ServerCommand
    {
        var host = "127.0.0.1"
        var port: UInt16 = 8000
        var database: String?
        var secretFile: String?
        var outbox: String?
        var mailCommand: String?
        var settings = APISettings()
        var logLevel = ServerLog.Level.info
        var maxConnections = 16_384
        var maxPerClient = 64
        var responderThreads = 4
        var eventLoops: Int?
        var poolSize = 8

        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--version" { return .version }
            guard argument.hasPrefix("--") else {
                throw UsageError("Unexpected argument \"\(argument)\"; see habits-server --help.")
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard Self.valueFlags.contains(name) else {
                throw UsageError("Unknown option \(name); see habits-server --help.")
            }
            if value == nil { value = remaining.popFirst() }
            guard let value else { throw UsageError("The option \(name) needs a value.") }
            switch name {
            case "--host":
                guard !value.isEmpty else { throw UsageError("The --host value is empty.") }
                host = value
            case "--port":
                guard let number = UInt16(value) else {
                    throw UsageError("The --port value must be a number from 0 to 65535.")
                }
                port = number
            case "--database": database = try nonEmpty(value, name)
            case "--database-pool":
                guard let number = Int(value), (1...1000).contains(number) else {
                    throw UsageError("The --database-pool value must be a number from 1 to 1000.")
                }
                poolSize = number
            case "--secret-file": secretFile = try nonEmpty(value, name)
            case "--outbox": outbox = try nonEmpty(value, name)
            case "--mail-command": mailCommand = try nonEmpty(value, name)
            case "--access-ttl": settings.accessTokenLifetime = try seconds(value, name, minimum: 1)
            case "--refresh-ttl":
                settings.refreshTokenLifetime = try seconds(value, name, minimum: 1)
            case "--refresh-grace": settings.refreshGrace = try seconds(value, name, minimum: 0)
            case "--max-connections":
                maxConnections = try count(value, name, minimum: 1, maximum: 1_000_000)
            case "--max-connections-per-client":
                maxPerClient = try count(value, name, minimum: 1, maximum: 1_000_000)
            case "--event-loops":
                eventLoops = try count(value, name, minimum: 1, maximum: 256)
            case "--responder-threads":
                responderThreads = try count(value, name, minimum: 0, maximum: 256)
            default:
                guard let level = ServerLog.Level(parsing: value) else {
                    throw UsageError(
                        "The --log-level value must be debug, info, warning or error.")
                }
                logLevel = level
            }
        }
        if outbox != nil && mailCommand != nil {
            throw UsageError("Choose either --outbox or --mail-command, not both.")
        }

        let databasePath: String
        if let database {
            databasePath = database
        } else if let url = environment["HABITS_DATABASE_URL"], !url.isEmpty {
            databasePath = url
        } else {
            databasePath = try defaultDataDirectory(environment) + "/habits.sqlite3"
        }
        let isMemory = databasePath == ":memory:"
        // Files that belong with the database sit beside it; an in-memory
        // database or a PostgreSQL one has no "beside", so they go to the
        // data directory.
        let isPostgres = StoreFactory.isPostgres(databasePath)
        func beside(_ name: String) throws(UsageError) -> String {
            if isMemory || isPostgres {
                return try defaultDataDirectory(environment) + "/" + name
            }
            return (databasePath as NSString).deletingLastPathComponent.nonEmpty(or: ".")
                + "/" + name
        }
        let mail: ServerConfiguration.MailDelivery
        if let mailCommand {
            mail = .command(mailCommand)
        } else if let outbox {
            mail = .outbox(directory: outbox)
        } else {
            mail = .outbox(directory: try beside("outbox"))
        }
        if secretFile == nil && !isMemory { secretFile = try beside("secret") }
        return .run(
            ServerConfiguration(
                host: host, port: port, databasePath: databasePath, secretFile: secretFile,
                mail: mail, settings: settings, logLevel: logLevel,
                maxConnections: maxConnections, maxConnectionsPerClient: maxPerClient,
                responderThreads: responderThreads, eventLoops: eventLoops,
                databasePoolSize: poolSize))
    }

    private static let valueFlags: Set<String> = [
        "--host", "--port", "--database", "--database-pool", "--secret-file", "--outbox",
        "--mail-command", "--access-ttl", "--refresh-ttl", "--refresh-grace", "--log-level",
        "--max-connections", "--max-connections-per-client", "--responder-threads",
        "--event-loops",
    ]

    /// $XDG_DATA_HOME/habits-server, else ~/.local/share/habits-server.
    static func defaultDataDirectory(_ environment: [String: String]) throws(UsageError)
        -> String
    {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/habits-server"
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw UsageError("Cannot find a data directory: set HOME or pass --database.")
        }
        return home + "/.local/share/habits-server"
    }

    private static func nonEmpty(_ value: String, _ name: String) throws(UsageError) -> String {
        guard !value.isEmpty else { throw UsageError("The \(name) value is empty.") }
        return value
    }

    private static func seconds(_ value: String, _ name: String, minimum: Int)
        throws(UsageError) -> Int
    {
        guard let number = Int(value), number >= minimum, number <= 10 * 365 * 86_400 else {
            throw UsageError(
                "The \(name) value must be a whole number of seconds, at least \(minimum).")
        }
        return number
    }
}

extension ServerCommandLine {
    fileprivate static func count(_ value: String, _ name: String, minimum: Int, maximum: Int)
        throws(UsageError) -> Int
    {
        guard let number = Int(value), number >= minimum, number <= maximum else {
            throw UsageError(
                "The \(name) value must be a whole number from \(minimum) to \(maximum).")
        }
        return number
    }
}

extension String {
    fileprivate func nonEmpty(or fallback: String) -> String {
        isEmpty ? fallback : self
    }
}
