import CommandLineArguments

/// How `habits-server` and its subcommands say a problem the shared
/// `ArgumentBinder` found: one sentence pointing at the right `--help`, in
/// the server's words rather than the `habits` CLI's.
extension ServerCommandLine {
    /// The sentence for `error`: the server's own (`command` nil), starting
    /// with a capital, or a subcommand's, which its caller puts after
    /// `habits-server <command>: `.
    static func sentence(for error: CommandLineArguments.UsageError, command: String? = nil)
        -> String
    {
        let help = command.map { "habits-server \($0) --help" } ?? "habits-server --help"
        let text: String
        switch error.problem {
        case .unknownOption(let option, _):
            text =
                command == nil
                ? "Unknown option \(option); see \(help)."
                : "unknown argument \(option); see \(help)."
        case .unexpectedArgument(let word):
            text =
                command == nil
                ? "Unexpected argument \"\(word)\"; see \(help)."
                : "unknown argument \(word); see \(help)."
        case .missingValue(let option, _):
            text = "\(command == nil ? "The" : "the") option \(option) needs a value."
        case .flagWithValue(let option):
            text = "\(command == nil ? "The" : "the") option \(option) does not take a value."
        default:
            text = error.description
        }
        return text
    }
}

extension ArgumentToken {
    /// `--help` or `-h` as a word of its own: what every `habits-server`
    /// command answers with its usage, wherever it stands.
    var asksServerForHelp: Bool {
        self == .long(name: "help", value: nil) || self == .short(letters: "h")
    }
}
