import Foundation

/// The flags of running the server as a service: sign-up control, shutdown,
/// scheduled backups and metrics.
extension ServerCommandLine {
    static let operationsFlags: [ServerFlag] = [
        ServerFlag(
            name: "--signup",
            help: [
                "who may create an account: open (default),",
                "allowlist (--allowed-emails) or closed;",
                "existing accounts always sign in",
            ],
            action: .value(placeholder: "MODE") { value, options throws(UsageError) in
                guard let mode = SignupPolicy.Mode(rawValue: value) else {
                    throw UsageError("The --signup value must be open, allowlist or closed.")
                }
                options.settings.signup.mode = mode
            }),
        ServerFlag(
            name: "--allowed-emails",
            help: [
                "file of addresses and @domains that may sign",
                "up, one a line (# comments); with --signup",
                "allowlist",
            ],
            action: .value(placeholder: "FILE") { value, options throws(UsageError) in
                // Read as a stream, so /dev/null and /dev/fd/N work too.
                guard let file = FileHandle(forReadingAtPath: value),
                    let data = try? file.readToEnd() ?? Data(),
                    let text = String(data: data, encoding: .utf8)
                else {
                    throw UsageError("Cannot read the --allowed-emails file \(value).")
                }
                do throws(AllowedEmails.BadLine) {
                    options.settings.signup.allowed = try AllowedEmails(parsing: text)
                } catch {
                    throw UsageError(
                        "Line \(error.number) of \(value) is neither an address nor an @domain.")
                }
                options.allowedEmailsGiven = true
            }),
        ServerFlag(
            name: "--max-accounts",
            help: ["no sign-up once N accounts exist (default:", "no limit)"],
            action: .value(placeholder: "N") { value, options throws(UsageError) in
                guard let number = Int(value), number >= 0, number <= 1_000_000_000 else {
                    throw UsageError("The --max-accounts value must be a whole number, 0 or more.")
                }
                options.settings.signup.maximumAccounts = number
            }),
        ServerFlag(
            name: "--shutdown-timeout",
            help: [
                "on SIGTERM, how long requests in flight may",
                "take to finish (default 30)",
            ],
            action: .value(placeholder: "SECONDS") { value, options throws(UsageError) in
                guard let number = Int(value), (0...3600).contains(number) else {
                    throw UsageError(
                        "The --shutdown-timeout value must be a whole number of seconds from 0 to 3600."
                    )
                }
                options.operations.shutdownTimeout = number
            }),
        ServerFlag(
            name: "--backup-dir",
            help: [
                "take scheduled backups of the SQLite database",
                "into DIR (one process takes each backup when",
                "several share the database)",
            ],
            action: .value(placeholder: "DIR") { value, options throws(UsageError) in
                guard !value.isEmpty else { throw UsageError("The --backup-dir value is empty.") }
                options.backupDirectory = value
            }),
        ServerFlag(
            name: "--backup-every",
            help: ["time between backups: 30m, 6h, 1d (default 24h)"],
            action: .value(placeholder: "DURATION") { value, options throws(UsageError) in
                guard let seconds = DurationText.seconds(value), seconds >= 60 else {
                    throw UsageError(
                        "The --backup-every value must be a duration of at least a minute, like 30m, 24h or 7d."
                    )
                }
                options.backupInterval = seconds
            }),
        ServerFlag(
            name: "--backup-keep",
            help: ["scheduled backups kept (default 7)"],
            action: .value(placeholder: "N") { value, options throws(UsageError) in
                guard let number = Int(value), (1...10_000).contains(number) else {
                    throw UsageError(
                        "The --backup-keep value must be a whole number from 1 to 10000.")
                }
                options.backupKeep = number
            }),
        ServerFlag(
            name: "--metrics-listen",
            help: [
                "serve Prometheus metrics at /metrics on a",
                "separate PORT or HOST:PORT (default off)",
            ],
            action: .value(placeholder: "ADDRESS") { value, options throws(UsageError) in
                guard ListenAddress(value) != nil else {
                    throw UsageError(
                        "The --metrics-listen value must be PORT, HOST:PORT or [IPv6]:PORT.")
                }
                options.operations.metricsListen = value
            }),
        ServerFlag(
            name: "--metrics-token-file",
            help: [
                "serve /metrics on the API's port too, to",
                "requests bearing the token in FILE",
            ],
            action: .value(placeholder: "FILE") { value, options throws(UsageError) in
                guard !value.isEmpty else {
                    throw UsageError("The --metrics-token-file value is empty.")
                }
                options.operations.metricsTokenFile = value
            }),
        ServerFlag(
            name: "--print-config",
            help: [
                "print the configuration these options and",
                "the environment give, secrets masked, and exit",
            ],
            action: .toggle { options in options.printsConfiguration = true }),
    ]

    /// Checks the operations flags together and puts them in the configuration.
    static func applyOperations(_ options: Options, to configuration: inout ServerConfiguration)
        throws(UsageError)
    {
        let signup = options.settings.signup
        if signup.mode == .allowlist && !options.allowedEmailsGiven {
            throw UsageError("--signup allowlist needs --allowed-emails FILE.")
        }
        if options.allowedEmailsGiven && signup.mode != .allowlist {
            throw UsageError("--allowed-emails applies only with --signup allowlist.")
        }
        var operations = options.operations
        if let directory = options.backupDirectory {
            if StoreFactory.isPostgres(configuration.databasePath)
                || configuration.databasePath == ":memory:"
            {
                throw UsageError(
                    "--backup-dir backs up a SQLite database file; back PostgreSQL up with pg_dump."
                )
            }
            operations.backups = BackupSchedule(
                directory: directory, interval: options.backupInterval ?? 86_400,
                keep: options.backupKeep ?? 7)
        } else if options.backupInterval != nil || options.backupKeep != nil {
            throw UsageError("--backup-every and --backup-keep need --backup-dir DIR.")
        }
        configuration.operations = operations
    }
}
