import Foundation
import HabitClient
import HabitCore

/// `habits config`: reads and writes the settings file.
struct ConfigCommand: HabitsCommand {
    static let action = Positional(
        "action", optional: true,
        values: ["get", "set", "unset", "list", "time-zone", "day-starts-at"],
        help: "get, set, unset, list, time-zone or day-starts-at (default: list).")
    static let key = Positional(
        "key", optional: true, values: ConfigFile.keys.map(\.name),
        help:
            "The setting: server, allow-insecure-http, sync-timeout or day-starts-at; for time-zone, the zone; for day-starts-at, the time."
    )
    static let value = Positional("value", optional: true, help: "The new value, for set.")

    static let spec = CommandSpec(
        name: "config",
        summary:
            "Read or change settings: config get|set|unset <key>, config list, config time-zone or config day-starts-at.",
        discussion: """
            Settings live in $XDG_CONFIG_HOME/habits/config.json (else \
            ~/.config/habits/config.json). Keys: server, the base URL of a habits \
            server; with it set, commands go to that server (sign in with 'habits auth \
            email'), and without it they use the local database. The --server option \
            and HABITS_SERVER override it for one command. allow-insecure-http: true \
            lets commands use plain http:// to another machine, such as a server on \
            your own network without TLS; sign-in codes, tokens and habits then cross \
            the network unencrypted. Plain http:// to this machine needs no setting. \
            sync-timeout: how many seconds a read in server mode waits for the sync \
            before answering from this device's copy (default 1.5): from 0 to 600, \
            written in digits with an optional decimal point (2, 1.5). \
            config time-zone shows the signed-in account's time zone on the server, and \
            config time-zone <zone> sets it (an IANA name such as Europe/Berlin): the \
            server's calendar feed and check-in URLs date their days in it. Signing in \
            sets it to this device's zone. \
            config day-starts-at shows when your day ends, and config day-starts-at \
            HH:MM sets it (00:00 to 12:00, default 00:00): before that time, today is \
            still the previous date for every command that defaults to today; --date \
            is never shifted. In local mode it is the setting day-starts-at; in server \
            mode it is the account's, shared by every device and the web app, and \
            remembered on this device for commands that do not ask the server.
            """,
        positionals: [action.spec, key.spec, value.spec],
        examples: [
            "habits config set server http://127.0.0.1:8000/api/", "habits config get server",
            "habits config unset server", "habits config list",
            "habits config set allow-insecure-http true", "habits config time-zone Europe/Berlin",
            "habits config day-starts-at 03:00",
        ])

    enum Action: Hashable, Sendable {
        case list
        case get(String)
        case set(String, String)
        case unset(String)
        /// Show (`nil`) or set the account's time zone on the server.
        case timeZone(String?)
        /// Show (`nil`) or set when the day ends: the account's in server
        /// mode, the config key in local mode.
        case dayStart(String?)

        /// Whether the action replaces the value, so a malformed one need not stop it.
        var replacesValue: Bool {
            switch self {
            case .set, .unset: return true
            case .list, .get, .timeZone, .dayStart: return false
            }
        }
    }

    let action: Action

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        let key = arguments.value(of: Self.key)
        let value = arguments.value(of: Self.value)
        func knownKey() throws(UsageError) -> String {
            guard let key else { throw UsageError(.missingArgument("key"), command: "config") }
            let known = ConfigFile.keys.map(\.name)
            guard known.contains(key) else {
                throw UsageError(
                    .invalidValue(
                        argument: "<key>", value: key,
                        expected: "one of \(UsageError.list(known, joiner: "or"))"),
                    command: "config")
            }
            return key
        }
        switch arguments.value(of: Self.action) ?? "list" {
        case "list":
            if let key { throw UsageError(.unexpectedArgument(key), command: "config") }
            action = .list
        case "get":
            if let value { throw UsageError(.unexpectedArgument(value), command: "config") }
            action = .get(try knownKey())
        case "set":
            let key = try knownKey()
            guard let value else { throw UsageError(.missingArgument("value"), command: "config") }
            action = .set(key, value)
        case "unset":
            if let value { throw UsageError(.unexpectedArgument(value), command: "config") }
            action = .unset(try knownKey())
        case "time-zone":
            if let value { throw UsageError(.unexpectedArgument(value), command: "config") }
            action = .timeZone(key)
        case "day-starts-at":
            if let value { throw UsageError(.unexpectedArgument(value), command: "config") }
            action = .dayStart(key)
        case let other:
            throw UsageError(
                .invalidValue(
                    argument: "<action>", value: other,
                    expected: "get, set, unset, list, time-zone or day-starts-at"),
                command: "config")
        }
    }

    func run(in context: CommandContext) async throws(CommandError) {
        if case .timeZone(let zone) = action {
            return try await AccountTimeZone.run(setting: zone, in: context)
        }
        if case .dayStart(let time) = action {
            return try await DayStartSetting.run(setting: time, in: context)
        }
        let file = ConfigFile(path: try context.paths().configFile)
        var settings = try file.load(repairing: action.replacesValue)
        switch action {
        case .list:
            if context.style.json {
                try context.writeJSON(settings)
            } else if settings.isEmpty {
                context.output.line(
                    "No settings (local mode). Set a server with: habits config set server <url>")
            } else {
                for key in settings.keys.sorted() {
                    context.output.line("\(key) = \(settings[key] ?? "")")
                }
            }
        case .get(let key):
            if context.style.json {
                try context.writeJSON(ConfigValue(key: key, value: settings[key]))
                return
            }
            guard let value = settings[key] else {
                throw CommandError.settingNotSet(key)
            }
            context.output.line(value)
        case .set(let key, let value):
            let normalised = try Self.validated(key: key, value: value, settings: settings)
            settings[key] = normalised
            try file.save(settings)
            if context.style.json {
                try context.writeJSON(ConfigValue(key: key, value: normalised))
            } else {
                context.output.line("\(key) = \(normalised)")
                if key == "server" {
                    context.output.line(
                        "Commands now use this server. Sign in with: habits auth email <address>")
                }
            }
        case .timeZone, .dayStart:
            break
        case .unset(let key):
            let old = settings.removeValue(forKey: key)
            // Saving also drops a value of the wrong type that `load` skipped.
            if old != nil || FileManager.default.fileExists(atPath: file.path) {
                try file.save(settings)
            }
            if context.style.json {
                try context.writeJSON(ConfigValue(key: key, value: nil))
            } else if old == nil {
                context.output.line("'\(key)' was not set.")
            } else {
                context.output.line(
                    key == "server"
                        ? "Unset server: commands now use the local database." : "Unset \(key).")
            }
        }
    }

    /// `value` normalised for `key`, or an error saying why it cannot be used.
    /// A server is checked against the other `settings` (plain http:// to
    /// another machine needs allow-insecure-http).
    static func validated(key: String, value: String, settings: [String: String])
        throws(CommandError) -> String
    {
        switch key {
        case "server":
            do {
                return try APIConfiguration(
                    baseURL: value,
                    allowInsecure: ConfigFile.allowsInsecureHTTP(settings)
                ).baseURLString
            } catch {
                throw CommandError.serverSetting(error, from: nil)
            }
        case ConfigFile.insecureHTTPKey:
            switch value.lowercased() {
            case "true", "yes", "on", "1": return "true"
            case "false", "no", "off", "0": return "false"
            default:
                throw CommandError.settingNotBoolean(key: key, value: value)
            }
        case ConfigFile.syncTimeoutKey:
            // Read by the one strict rule, so it is kept as typed.
            guard let seconds = ConfigFile.seconds(value), (0...600).contains(seconds) else {
                throw CommandError.invalidSyncTimeout(key: key, value: value)
            }
            return value
        case DaySetting.key:
            guard let boundary = DayBoundary(value) else { throw .invalidDayStart(value) }
            return boundary.text
        default:
            return value
        }
    }

    struct ConfigValue: Encodable {
        var key: String
        var value: String?

        enum CodingKeys: String, CodingKey { case key, value }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            try container.encode(value, forKey: .value)
        }
    }
}
