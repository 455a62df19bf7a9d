/// A command line that cannot be understood: one sentence naming the bad
/// argument, and the command whose help explains it (the program adds the
/// hint pointing there, and exits with status 64).
package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Problem: Hashable, Sendable {
        case unknownCommand(String, suggestion: String?)
        case unknownOption(String, suggestion: String?)
        /// A word where a command's action goes (`remind bogus`) that is
        /// none of `actions`.
        case unknownAction(String, actions: [String])
        /// `--date` at the end of the line, or followed by another option.
        case missingValue(option: String, valueName: String)
        /// `--all=yes`: a flag given a value.
        case flagWithValue(option: String)
        case unexpectedArgument(String)
        case missingArgument(String)
        /// A value that does not read as what the argument needs.
        case invalidValue(argument: String, value: String, expected: String)
        /// Text that breaks a rule (a note too long, or of two lines):
        /// `problem` is the rule's own sentence, so a long value is not echoed.
        case invalidText(argument: String, problem: String)
        case conflictingOptions([String])
        /// Required fields not given, without a terminal to ask on.
        case missingFields([String])
        /// A destructive command without `--yes` and without a terminal to ask on.
        case confirmationRequired(action: String)
        /// An edit with nothing to change.
        case nothingToChange(options: [String])
        /// `--json` given to something that writes text only: help, the
        /// version, the man page, a completion script, a crontab line, the
        /// questions of `check`.
        case textOnly(what: String)
    }

    package var problem: Problem
    /// The command whose help the hint points to; `nil` for the overview.
    package var command: String?

    package init(_ problem: Problem, command: String? = nil) {
        self.problem = problem
        self.command = command
    }

    /// One sentence saying what is wrong.
    package var description: String {
        switch problem {
        case .unknownCommand(let name, let suggestion):
            return "Unknown command '\(name)'" + Self.didYouMean(suggestion)
        case .unknownOption(let option, let suggestion):
            return "Unknown option '\(option)'" + Self.didYouMean(suggestion)
        case .unknownAction(let word, let actions):
            if let suggestion = Suggestion.closest(to: word, among: actions) {
                return "Unknown action '\(word)'" + Self.didYouMean(suggestion)
            }
            return "Unknown action '\(word)': expected \(Self.list(actions, joiner: "or"))."
        case .missingValue(let option, let valueName):
            return "Missing value for '\(option) <\(valueName)>'."
        case .flagWithValue(let option):
            return "The option '\(option)' does not take a value."
        case .unexpectedArgument(let argument):
            return "Unexpected argument '\(argument)'."
        case .missingArgument(let name):
            // An option is named as typed; a positional in angle brackets, once.
            if name.hasPrefix("-") { return "Missing option \(name)." }
            return "Missing argument \(name.hasPrefix("<") ? name : "<\(name)>")."
        case .invalidValue(let argument, let value, let expected):
            return "Invalid value '\(value)' for \(argument): expected \(expected)."
        case .invalidText(let argument, let problem):
            return "Invalid value for \(argument): \(problem)"
        case .conflictingOptions(let options):
            return
                "The options \(Self.list(options.map { "'\($0)'" }, joiner: "and")) "
                + "cannot be used together."
        case .missingFields(let fields):
            return "Missing \(Self.list(fields, joiner: "and")) (there is no terminal to ask on)."
        case .confirmationRequired(let action):
            return
                "Refusing to \(action) without confirmation: add --yes "
                + "(there is no terminal to ask on)."
        case .nothingToChange(let options):
            return "Nothing to change: give at least one of \(Self.list(options, joiner: "or"))."
        case .textOnly(let what):
            return "There is no JSON form of \(what): leave out --json."
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? "."
    }

    /// "a", "a and b", "a, b and c".
    package static func list(_ items: [String], joiner: String) -> String {
        guard let last = items.last else { return "" }
        if items.count == 1 { return last }
        return items.dropLast().joined(separator: ", ") + " \(joiner) " + last
    }
}
