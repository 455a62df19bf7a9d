/// What a command accepts, and the words its help shows.
///
/// Binding (`ArgumentBinder`) and a program's help, completion and manual
/// all read this one description, so what `--help` says is exactly what the
/// parser accepts. Its options and positionals are usually the `spec`s of
/// the typed keys (`Flag`, `Option`, `Positional`) that the command reads
/// its arguments by, so each is declared once.
package struct CommandSpec: Sendable {
    /// The words that select the command: "list", or "config get".
    package var name: String
    /// One line for the command overview.
    package var summary: String
    /// A few sentences of detail shown by `--help`.
    package var discussion: String
    package var positionals: [PositionalSpec]
    /// The command's own options; the program's global ones are given to
    /// `ArgumentBinder` beside it.
    package var options: [OptionSpec]
    /// Complete command lines, shown under "Examples".
    package var examples: [String]

    package init(
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

}

/// A positional argument such as `<habit>`.
package struct PositionalSpec: Sendable {
    /// The key commands read it by, and the placeholder in usage: `habit` → `<habit>`.
    package var name: String
    package var isOptional: Bool
    package var help: String
    /// The words it may be, for completion and the man page; empty when any text will do.
    package var values: [String]

    package init(_ name: String, optional: Bool = false, values: [String] = [], help: String) {
        self.name = name
        self.isOptional = optional
        self.values = values
        self.help = help
    }

    /// `<habit>`, or `[<amount>]` when optional.
    package var usage: String { isOptional ? "[<\(name)>]" : "<\(name)>" }

    /// Whether it names a habit by id or name (`HabitReference`): every
    /// positional called `habit` does, and completion offers the habit names.
    package var namesHabit: Bool { name == "habit" }
}

/// An option: a flag (`--all`) or an option with a value (`--date <date>`).
package struct OptionSpec: Sendable {
    /// The long name without dashes: `date`.
    package var name: String
    package var short: Character?
    /// The value's placeholder (`date` → `--date <date>`); `nil` for a flag.
    package var valueName: String?
    package var help: String
    /// The words the value may be, for completion and the man page; empty
    /// when any text will do (a unit, a URL). A date option lists its words
    /// (`today`, weekday names) although it also takes `YYYY-MM-DD`.
    package var values: [String] = []
    /// Of `values`, the ones that may also be joined by commas, as in
    /// `--days mon,wed,fri`.
    package var listValues: [String] = []

    /// A flag: present or not.
    package static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    /// An option that takes a value, one of `values` when the list is not
    /// empty, or several of `listValues` joined by commas.
    package static func value(
        _ name: String, short: Character? = nil, valueName: String,
        values: [String] = [], listValues: [String] = [], help: String
    ) -> OptionSpec {
        OptionSpec(
            name: name, short: short, valueName: valueName, help: help,
            values: values, listValues: listValues)
    }

    package var takesValue: Bool { valueName != nil }

    /// `--date <date>` or `-a, --all`.
    package var usage: String {
        let long = valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
        return short.map { "-\($0), \(long)" } ?? long
    }
}
