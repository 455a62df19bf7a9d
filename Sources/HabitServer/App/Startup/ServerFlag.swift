import CommandLineArguments

/// One `habits-server` option: its name, the lines `--help` shows for it, and
/// what it does.
///
/// The command line's flag table is a list of these, so the parser and the
/// help text cannot disagree about which flags exist or what they take.
struct ServerFlag: Sendable {
    /// What giving the flag does.
    enum Action: Sendable {
        /// Takes a value (`--port 0` or `--port=0`) and stores it in the options.
        case value(
            placeholder: String,
            read: @Sendable (String, inout ServerCommandLine.Options) throws(UsageError) -> Void)
        /// Ends parsing with this command (`--help`, `--version`).
        case command(ServerCommand)
        /// Takes no value and sets something in the options (`--print-config`).
        case toggle(set: @Sendable (inout ServerCommandLine.Options) -> Void)
    }

    /// The flag as typed, with its dashes: `--port`.
    var name: String
    /// The help text, one line per element, without indentation.
    var help: [String]
    var action: Action
    /// Whether a toggle is also read from its environment variable
    /// (`--no-web` as `HABITS_NO_WEB=1`); `--print-config` and the like are not.
    var readsEnvironment = false

    /// The long name without dashes, as the shared binder knows it: `port`.
    var longName: String { String(name.dropFirst(2)) }

    /// The option the shared binder reads: a flag for a toggle or a
    /// command (`--help` also as `-h`), else an option taking a value.
    var spec: OptionSpec {
        switch action {
        case .value: return option.spec
        case .toggle, .command: return flag.spec
        }
    }

    /// The key a value flag's text is read by.
    var option: Option<String> {
        let placeholder: String
        if case .value(let name, _) = action { placeholder = name } else { placeholder = "" }
        return Option(longName, valueName: placeholder, help: help.joined(separator: " "))
    }

    /// The key a toggle or a command is read by.
    var flag: Flag {
        Flag(longName, short: longName == "help" ? "h" : nil, help: help.joined(separator: " "))
    }

    /// The flag as the help shows it: `--port PORT`.
    var synopsis: String {
        switch action {
        case .value(let placeholder, _): return "\(name) \(placeholder)"
        case .command, .toggle: return name
        }
    }

    /// The flag's lines of `--help`: the synopsis in a column of its own,
    /// the help beside it, or below it when the synopsis fills the column.
    func helpLines(column: Int) -> [String] {
        let indent = String(repeating: " ", count: column)
        let lead = "  " + synopsis
        guard lead.count < column else {
            return [lead] + help.map { indent + $0 }
        }
        let first = lead + String(repeating: " ", count: column - lead.count) + (help.first ?? "")
        return [first] + help.dropFirst().map { indent + $0 }
    }
}
