/// The text of `habits help` and `habits <command> --help`, from the specs.
struct HelpRenderer: Sendable {
    /// Columns to wrap prose at.
    var width: Int

    init(width: Int) {
        self.width = min(max(width, 40), 100)
    }

    /// The overview: what habits is, the commands, global options, exit codes.
    func overview(commands: [CommandSpec]) -> String {
        var lines = [
            "habits \(HabitsCommandLine.version): a habit tracker for the command line.", "",
            "Usage: habits <command> [<arguments>] [<options>]", "", "Commands:",
        ]
        let nameWidth = (commands.map(\.name.count).max() ?? 0) + 2
        for spec in commands {
            lines.append(contentsOf: hanging(spec.name, spec.summary, labelWidth: nameWidth))
        }
        lines += ["", "Global options:"]
        lines += options(OptionSpec.global + [GlobalOptions.version.spec])
        lines += [""]
        lines += wrap(
            "Without a server, habits keeps your habits in a local database "
                + "($XDG_DATA_HOME/habits, else ~/.local/share/habits) and needs no sign-in. "
                + "To use a habits server: habits config set server <url>, "
                + "then habits auth email <address>.")
        lines += [""]
        lines += wrap(
            "Exit status: 0 success; 1 the operation failed; 64 usage error; "
                + "69 server unreachable; 77 not signed in or session expired.")
        lines += ["", "Run 'habits help <command>' for a command's options and examples."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's help: usage, summary, discussion, arguments, options, examples.
    func command(_ spec: CommandSpec) -> String {
        var usage = "Usage: habits \(spec.name)"
        for positional in spec.positionals { usage += " \(positional.usage)" }
        usage += " [<options>]"
        var lines = [usage, ""]
        lines += wrap(spec.summary)
        if !spec.discussion.isEmpty {
            lines.append("")
            for paragraph in spec.discussion.split(separator: "\n", omittingEmptySubsequences: true)
            {
                lines += wrap(String(paragraph))
            }
        }
        if !spec.positionals.isEmpty {
            lines += ["", "Arguments:"]
            let labelWidth = (spec.positionals.map { $0.name.count + 2 }.max() ?? 0) + 2
            for positional in spec.positionals {
                lines += hanging("<\(positional.name)>", positional.help, labelWidth: labelWidth)
            }
        }
        if !spec.options.isEmpty {
            lines += ["", "Options:"]
            lines += options(spec.options)
        }
        lines += ["", "Global options: --json, --no-color, --ascii, --server <url>, -h/--help"]
        if !spec.examples.isEmpty {
            lines += ["", "Examples:"]
            lines += spec.examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func options(_ options: [OptionSpec]) -> [String] {
        let labels = options.map { option in
            option.short == nil ? "    \(option.usage)" : option.usage
        }
        let labelWidth = (labels.map(\.count).max() ?? 0) + 2
        return zip(labels, options).flatMap { label, option in
            hanging(label, option.help, labelWidth: labelWidth)
        }
    }

    /// `label` then `text` wrapped in a column beside it (or below, when narrow).
    private func hanging(_ label: String, _ text: String, labelWidth: Int) -> [String] {
        let indent = "  "
        let column = indent.count + labelWidth
        let room = width - column
        guard room >= 24 else {
            return [indent + label] + wrap(text, indent: indent + "    ")
        }
        let wrapped = wrap(text, indent: "", width: room)
        var lines: [String] = []
        for (index, line) in wrapped.enumerated() {
            if index == 0 {
                let padding = String(repeating: " ", count: max(1, labelWidth - label.count))
                lines.append(indent + label + padding + line)
            } else {
                lines.append(String(repeating: " ", count: column) + line)
            }
        }
        return lines
    }

    /// `text` wrapped at word boundaries to the width, each line indented.
    func wrap(_ text: String, indent: String = "", width: Int? = nil) -> [String] {
        let limit = (width ?? self.width) - indent.count
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= limit {
                line += " " + word
            } else {
                lines.append(indent + line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines
    }
}
