import CommandLineArguments
import Foundation
import HabitFiles
import HabitHTTP

/// What the `habits-server` command line asks for.
package enum ServerCommand: Sendable {
    case run(ServerConfiguration)
    /// `--print-config`: show the configuration the rest would run with.
    case printConfiguration(ServerConfiguration)
    case help
    case version
}

/// A command line that cannot be followed; `description` is one sentence.
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// Reads the `habits-server` flags.
///
/// Flags take their value as the next argument or after `=` (`--port 0`,
/// `--port=0`); the shared `ArgumentBinder` reads them against the spec the
/// flag table makes (`spec`), the table's actions then apply them. Defaults: the database is `habits.sqlite3` in the data
/// directory ($XDG_DATA_HOME/habits-server, else ~/.local/share/habits-server);
/// the secret file is `secret` and the outbox `outbox/` beside the database.
package enum ServerCommandLine {
    /// `habits-server --help`: the introduction, then each flag of `flags`.
    package static let usage: String = {
        let introduction = """
            Usage: habits-server [options]

            Serves the habits API (base path /api/) over HTTP, with SQLite or
            PostgreSQL storage, and /healthz and /readyz for health checks.
            Other commands (each with --help): "habits-server migrate" copies
            a SQLite database into PostgreSQL; "check" asks a server whether
            it is ready; "backup" and "restore" copy a SQLite database.

            Options:
            """
        let lines = flags.flatMap { $0.helpLines(column: 26) }
        return ([introduction] + lines).joined(separator: "\n")
    }()

    /// The values the flags have set so far, starting from the defaults.
    struct Options: Sendable {
        var host = "127.0.0.1"
        var port: UInt16 = 8000
        var database: String?
        var secretFile: String?
        var outbox: String?
        var mailCommand: String?
        var settings = APISettings()
        var logLevel = ServerLog.Level.info
        var logFormat = ServerLog.Format.text
        var maxConnections = 16_384
        var maxPerClient = 64
        var responderThreads = HTTPServer.Configuration.defaultResponderThreads
        var eventLoops: Int?
        var poolSize = 8
        // The operations flags (ServerCommandLine+OperationsFlags.swift).
        var operations = ServerOperations()
        var allowedEmailsGiven = false
        var backupDirectory: String?
        var backupInterval: Int?
        var backupKeep: Int?
        var printsConfiguration = false
        var servesWebApp = true
        var reminders = ReminderConfiguration()
    }

    /// Every flag, in the order `--help` lists them; parsing looks flags up here.
    static let flags: [ServerFlag] =
        [
            ServerFlag(
                name: "--host", help: ["address to listen on (default 127.0.0.1)"],
                action: .value(placeholder: "ADDRESS") { value, options throws(UsageError) in
                    guard !value.isEmpty else { throw UsageError("The --host value is empty.") }
                    options.host = value
                }),
            ServerFlag(
                name: "--port",
                help: [
                    "TCP port (default 8000); 0 picks a free port",
                    "and prints it as the first line on stdout",
                ],
                action: .value(placeholder: "PORT") { value, options throws(UsageError) in
                    guard let number = UInt16(value) else {
                        throw UsageError("The --port value must be a number from 0 to 65535.")
                    }
                    options.port = number
                }),
            ServerFlag(
                name: "--database",
                help: [
                    "SQLite file, :memory:, or a PostgreSQL URL",
                    "postgres://user@host:port/db (default",
                    "$HABITS_DATABASE_URL, else",
                    "$XDG_DATA_HOME/habits-server/habits.sqlite3);",
                    "libpq's PG* variables and ~/.pgpass apply",
                ],
                action: .value(placeholder: "PATH|URL") { value, options throws(UsageError) in
                    options.database = try nonEmpty(value, "--database")
                }),
            ServerFlag(
                name: "--database-pool", help: ["PostgreSQL connections per process (default 8)"],
                action: .value(placeholder: "N") { value, options throws(UsageError) in
                    guard let number = Int(value), (1...1000).contains(number) else {
                        throw UsageError(
                            "The --database-pool value must be a number from 1 to 1000.")
                    }
                    options.poolSize = number
                }),
            ServerFlag(
                name: "--secret-file",
                help: [
                    "JWT signing secret, created 0600 when absent",
                    "(default: \"secret\" beside the database);",
                    "HABITS_SECRET in the environment overrides it",
                ],
                action: .value(placeholder: "PATH") { value, options throws(UsageError) in
                    options.secretFile = try nonEmpty(value, "--secret-file")
                }),
            ServerFlag(
                name: "--outbox",
                help: [
                    "write each sign-in message as a file in DIR",
                    "(default: \"outbox\" beside the database)",
                ],
                action: .value(placeholder: "DIR") { value, options throws(UsageError) in
                    options.outbox = try nonEmpty(value, "--outbox")
                }),
            ServerFlag(
                name: "--mail-command", help: ["pipe each message to CMD, e.g. \"sendmail -t\""],
                action: .value(placeholder: "CMD") { value, options throws(UsageError) in
                    options.mailCommand = try nonEmpty(value, "--mail-command")
                }),
            ServerFlag(
                name: "--code-requests-per-client-hour",
                help: [
                    "sign-in codes one client (an IPv4 address, an",
                    "IPv6 /64) may request per hour (default 20;",
                    "0 turns the limit off)",
                ],
                action: .value(placeholder: "N") { value, options throws(UsageError) in
                    options.settings.codeRequestsPerClientHour = try count(
                        value, "--code-requests-per-client-hour", minimum: 0, maximum: 1_000_000)
                }),
            ServerFlag(
                name: "--trusted-proxy",
                help: [
                    "a reverse proxy (address or network, repeat",
                    "or separate by commas) whose X-Forwarded-For",
                    "names the client",
                ],
                action: .value(placeholder: "ADDRESS") { value, options throws(UsageError) in
                    for item in value.split(separator: ",", omittingEmptySubsequences: false) {
                        let text = item.trimmingCharacters(in: .whitespaces)
                        guard let network = TrustedProxies.Network(parsing: text) else {
                            throw UsageError(
                                "The --trusted-proxy value \"\(text)\" is not an IP address or network "
                                    + "(such as 10.0.0.1 or 10.0.0.0/8).")
                        }
                        options.settings.trustedProxies.networks.append(network)
                    }
                }),
            ServerFlag(
                name: "--access-ttl", help: ["access token lifetime (default 300)"],
                action: .value(placeholder: "SECONDS") { value, options throws(UsageError) in
                    options.settings.accessTokenLifetime = try seconds(
                        value, "--access-ttl", minimum: 1)
                }),
            ServerFlag(
                name: "--refresh-ttl", help: ["refresh token lifetime (default 604800)"],
                action: .value(placeholder: "SECONDS") { value, options throws(UsageError) in
                    options.settings.refreshTokenLifetime = try seconds(
                        value, "--refresh-ttl", minimum: 1)
                }),
            ServerFlag(
                name: "--refresh-grace",
                help: ["reuse window of a rotated refresh token (default 30)"],
                action: .value(placeholder: "SECONDS") { value, options throws(UsageError) in
                    options.settings.refreshGrace = try seconds(
                        value, "--refresh-grace", minimum: 0)
                }),
            ServerFlag(
                name: "--log-level", help: ["debug, info, warning or error (default info)"],
                action: .value(placeholder: "LEVEL") { value, options throws(UsageError) in
                    guard let level = ServerLog.Level(parsing: value) else {
                        throw UsageError(
                            "The --log-level value must be debug, info, warning or error.")
                    }
                    options.logLevel = level
                }),
            ServerFlag(
                name: "--log-format",
                help: ["text, or json: one object per line (default text)"],
                action: .value(placeholder: "FORMAT") { value, options throws(UsageError) in
                    guard let format = ServerLog.Format(rawValue: value) else {
                        throw UsageError("The --log-format value must be text or json.")
                    }
                    options.logFormat = format
                }),
            ServerFlag(
                name: "--max-connections",
                help: [
                    "connections held at once, idle ones included",
                    "(default 16384); when full the oldest idle",
                    "one is closed, and 503 only if none is idle",
                ],
                action: .value(placeholder: "N") { value, options throws(UsageError) in
                    options.maxConnections = try count(
                        value, "--max-connections", minimum: 1, maximum: 1_000_000)
                }),
            ServerFlag(
                name: "--max-connections-per-client",
                help: [
                    "connections one address may hold (default 64;",
                    "loopback addresses are not limited)",
                ],
                action: .value(placeholder: "N") { value, options throws(UsageError) in
                    options.maxPerClient = try count(
                        value, "--max-connections-per-client", minimum: 1, maximum: 1_000_000)
                }),
            ServerFlag(
                name: "--responder-threads",
                help: [
                    "threads that run requests (default one per",
                    "core, at least 2); 0 runs them on the event",
                    "loops' threads",
                ],
                action: .value(placeholder: "N") { value, options throws(UsageError) in
                    options.responderThreads = try count(
                        value, "--responder-threads", minimum: 0, maximum: 256)
                }),
            ServerFlag(
                name: "--event-loops",
                help: ["threads serving connections (default: one", "per core)"],
                action: .value(placeholder: "N") { value, options throws(UsageError) in
                    options.eventLoops = try count(value, "--event-loops", minimum: 1, maximum: 256)
                }),
        ]
        + operationsFlags + reminderFlags + [
            ServerFlag(
                name: "--no-web",
                help: ["serve the API only, not the web app at /"],
                action: .toggle { options in options.servesWebApp = false },
                readsEnvironment: true),
            ServerFlag(name: "--help", help: ["show this help"], action: .command(.help)),
            ServerFlag(name: "--version", help: ["show the version"], action: .command(.version)),
        ]

    /// What the binder reads the flags against: every flag of the table,
    /// `-h` being `--help`.
    static let spec = CommandSpec(
        name: "habits-server", summary: "Serves the habits API.", options: flags.map(\.spec))

    /// The command for `arguments` (without the program name).
    ///
    /// The flags before `--help`, `-h` or `--version` are read and checked,
    /// in the table's order; that flag then ends the line, whatever follows.
    package static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError) -> ServerCommand
    {
        var options = Options()
        try applyEnvironment(environment, to: &options)
        let tokens = ArgumentTokenizer.tokenize(arguments)
        let end = tokens.firstIndex { token in
            token.asksServerForHelp || token == .long(name: "version", value: nil)
        }
        let bound: BoundArguments
        do {
            bound = try ArgumentBinder.bind(Array(tokens[..<(end ?? tokens.endIndex)]), to: spec)
        } catch {
            throw UsageError(sentence(for: error))
        }
        for flag in flags {
            switch flag.action {
            case .value(_, let read):
                // Each value in turn: a repeated flag adds up (--trusted-proxy)
                // or the last one wins, as the flag's action decides.
                for value in bound.values(of: flag.option) { try read(value, &options) }
            case .toggle(let set):
                if bound[flag.flag] { set(&options) }
            case .command:
                continue
            }
        }
        if let end {
            return tokens[end] == .long(name: "version", value: nil) ? .version : .help
        }
        let configuration = try configuration(options, environment: environment)
        return options.printsConfiguration
            ? .printConfiguration(configuration) : .run(configuration)
    }

    /// The configuration the options describe, with the defaults that depend
    /// on where the database is.
    private static func configuration(_ options: Options, environment: [String: String])
        throws(UsageError) -> ServerConfiguration
    {
        var secretFile = options.secretFile
        if options.outbox != nil && options.mailCommand != nil {
            throw UsageError("Choose either --outbox or --mail-command, not both.")
        }

        let databasePath: String
        if let database = options.database {
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
        if let mailCommand = options.mailCommand {
            mail = .command(mailCommand)
        } else if let outbox = options.outbox {
            mail = .outbox(directory: outbox)
        } else {
            mail = .outbox(directory: try beside("outbox"))
        }
        if secretFile == nil && !isMemory { secretFile = try beside("secret") }
        var configuration = ServerConfiguration(
            host: options.host, port: options.port, databasePath: databasePath,
            secretFile: secretFile, mail: mail, settings: options.settings,
            logLevel: options.logLevel, maxConnections: options.maxConnections,
            maxConnectionsPerClient: options.maxPerClient,
            responderThreads: options.responderThreads, eventLoops: options.eventLoops,
            databasePoolSize: options.poolSize, logFormat: options.logFormat)
        try applyOperations(options, to: &configuration)
        configuration.servesWebApp = options.servesWebApp
        try applyReminders(options, environment: environment, to: &configuration)
        return configuration
    }

    /// $XDG_DATA_HOME/habits-server, else ~/.local/share/habits-server.
    static func defaultDataDirectory(_ environment: [String: String]) throws(UsageError)
        -> String
    {
        guard let base = XDGBaseDirectory.data.path(in: environment) else {
            throw UsageError("Cannot find a data directory: set HOME or pass --database.")
        }
        return AtomicFile.join(base, "habits-server")
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
