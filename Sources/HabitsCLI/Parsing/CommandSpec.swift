/// What a command accepts, and the words its help shows.
///
/// Binding (`ArgumentBinder`) and help (`HelpRenderer`) both read this one
/// description, so what `--help` says is exactly what the parser accepts.
struct CommandSpec: Sendable {
    /// The words that select the command: "list", or "config get".
    var name: String
    /// One line for the command overview.
    var summary: String
    /// A few sentences of detail shown by `--help`.
    var discussion: String
    var positionals: [PositionalSpec]
    var options: [OptionSpec]
    /// Complete command lines, shown under "Examples".
    var examples: [String]

    init(
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
    var allOptions: [OptionSpec] { options + OptionSpec.global }

    /// The option called `--name`, own or global.
    func option(named name: String) -> OptionSpec? {
        allOptions.first { $0.name == name }
    }

    /// The option whose short form is `-letter`, own or global.
    func option(short letter: Character) -> OptionSpec? {
        allOptions.first { $0.short == letter }
    }
}

/// A positional argument such as `<habit>`.
struct PositionalSpec: Sendable {
    /// The key commands read it by, and the placeholder in usage: `habit` → `<habit>`.
    var name: String
    var isOptional: Bool
    var help: String
    /// The words it may be, for completion and the man page; empty when any text will do.
    var values: [String]

    init(_ name: String, optional: Bool = false, values: [String] = [], help: String) {
        self.name = name
        self.isOptional = optional
        self.values = values
        self.help = help
    }

    /// `<habit>`, or `[<amount>]` when optional.
    var usage: String { isOptional ? "[<\(name)>]" : "<\(name)>" }

    /// Whether it names a habit by id or name (`HabitReference`): every
    /// positional called `habit` does, and completion offers the habit names.
    var namesHabit: Bool { name == "habit" }
}

/// An option: a flag (`--all`) or an option with a value (`--date <date>`).
struct OptionSpec: Sendable {
    /// The long name without dashes: `date`.
    var name: String
    var short: Character?
    /// The value's placeholder (`date` → `--date <date>`); `nil` for a flag.
    var valueName: String?
    var help: String
    /// The words the value may be, for completion and the man page; empty
    /// when any text will do (a unit, a URL). A date option lists its words
    /// (`today`, weekday names) although it also takes `YYYY-MM-DD`.
    var values: [String] = []
    /// Of `values`, the ones that may also be joined by commas, as in
    /// `--days mon,wed,fri`.
    var listValues: [String] = []

    /// A flag: present or not.
    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    /// An option that takes a value, one of `values` when the list is not
    /// empty, or several of `listValues` joined by commas.
    static func value(
        _ name: String, short: Character? = nil, valueName: String,
        values: [String] = [], listValues: [String] = [], help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: valueName, help: help,
            values: values, listValues: listValues)
    }

    var takesValue: Bool { valueName != nil }

    /// `--date <date>` or `-a, --all`.
    var usage: String {
        let long = valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
        return short.map { "-\($0), \(long)" } ?? long
    }

    /// Options every command accepts.
    static let global: [OptionSpec] = [
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
