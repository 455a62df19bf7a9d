/// What a command accepts, and the words its help shows.
///
/// Binding (`ArgumentBinder`) and help (`HelpRenderer`) both read this one
/// description, so what `--help` says is exactly what the parser accepts.
public struct CommandSpec: Sendable {
    /// The words that select the command: "list", or "config get".
    public var name: String
    /// One line for the command overview.
    public var summary: String
    /// A few sentences of detail shown by `--help`.
    public var discussion: String
    public var positionals: [PositionalSpec]
    public var options: [OptionSpec]
    /// Complete command lines, shown under "Examples".
    public var examples: [String]

    public init(
        name: String, summary: String, discussion: String = "",
        positionals: [PositionalSpec] = [], options: [OptionSpec] = [], examples: [String] = []
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.positionals = positionals
        self.options = options
        self.examples = examples
    }

    /// The command's own options followed by the global ones.
    public var allOptions: [OptionSpec] { options + OptionSpec.global }

    /// The option called `--name`, own or global.
    public func option(named name: String) -> OptionSpec? {
        allOptions.first { $0.name == name }
    }

    /// The option whose short form is `-letter`, own or global.
    public func option(short letter: Character) -> OptionSpec? {
        allOptions.first { $0.short == letter }
    }
}

/// A positional argument such as `<habit>`.
public struct PositionalSpec: Sendable {
    /// The key commands read it by, and the placeholder in usage: `habit` → `<habit>`.
    public var name: String
    public var isOptional: Bool
    public var help: String

    public init(_ name: String, optional: Bool = false, help: String) {
        self.name = name
        self.isOptional = optional
        self.help = help
    }

    /// `<habit>`, or `[<amount>]` when optional.
    public var usage: String { isOptional ? "[<\(name)>]" : "<\(name)>" }
}

/// An option: a flag (`--all`) or an option with a value (`--date <date>`).
public struct OptionSpec: Sendable {
    /// The long name without dashes: `date`.
    public var name: String
    public var short: Character?
    /// The value's placeholder (`date` → `--date <date>`); `nil` for a flag.
    public var valueName: String?
    public var help: String

    /// A flag: present or not.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    /// An option that takes a value.
    public static func value(
        _ name: String, short: Character? = nil, valueName: String, help: String
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }

    public var takesValue: Bool { valueName != nil }

    /// `--date <date>` or `-a, --all`.
    public var usage: String {
        let long = valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
        return short.map { "-\($0), \(long)" } ?? long
    }

    /// Options every command accepts.
    public static let global: [OptionSpec] = [
        .flag(
            "json", help: "Print JSON instead of text (stable shapes, documented in the README)."),
        .flag("no-color", help: "Never use colour (NO_COLOR in the environment does the same)."),
        .flag("ascii", help: "Use plain ASCII symbols, even on a UTF-8 terminal."),
        .value(
            "server", valueName: "url",
            help: "Use this server for one command (overrides HABITS_SERVER and the config file)."),
        .flag("help", short: "h", help: "Show help for the command."),
    ]
}
