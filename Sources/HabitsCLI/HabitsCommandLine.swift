/// The `habits` command line as a library: `run` parses the arguments of an
/// environment, runs the command and returns the exit status.
///
/// Steps: tokenize (`ArgumentTokenizer`), find the command word (global
/// options may come before it), answer `--version` and help without touching
/// any database or network, bind the rest to the command's spec
/// (`ArgumentBinder`), then run it. Every failure is printed to standard
/// error as one sentence and a hint, never as a stack trace.
public enum HabitsCommandLine {
    /// The version `habits --version` prints.
    static let version = "0.1.0"

    /// Every command, in the order the overview lists them.
    static let commands: [CommandEntry] = [
        CommandEntry(ListCommand.self), CommandEntry(AddCommand.self),
        CommandEntry(ShowCommand.self), CommandEntry(DoneCommand.self),
        CommandEntry(SetCommand.self), CommandEntry(SkipCommand.self),
        CommandEntry(UndoCommand.self), CommandEntry(EditCommand.self),
        CommandEntry(ArchiveCommand.self), CommandEntry(UnarchiveCommand.self),
        CommandEntry(DeleteCommand.self), CommandEntry(RemindCommand.self),
        CommandEntry(AuthCommand.self), CommandEntry(VerifyCommand.self),
        CommandEntry(LogoutCommand.self), CommandEntry(StatusCommand.self),
        CommandEntry(SyncCommand.self),
        CommandEntry(ConfigCommand.self), CommandEntry(TokenCommand.self),
        CommandEntry(WebhookCommand.self),
        CommandEntry(LogCommand.self), CommandEntry(CheckCommand.self),
        CommandEntry(ImportCommand.self), CommandEntry(ExportCommand.self),
        CommandEntry(HeatmapCommand.self),
        CommandEntry(PromptCommand.self, run: PromptCommand.bindAndRunQuietly),
        CommandEntry(CompletionCommand.self), CommandEntry(ManCommand.self),
    ]

    /// Commands only the completion scripts call: left out of help, the man
    /// page and completion.
    static let hidden: [CommandEntry] = [CommandEntry(CompleteCommand.self)]

    /// `habits help`, which the dispatcher answers itself, as a spec for the
    /// man page and completion.
    static var helpSpec: CommandSpec {
        CommandSpec(
            name: "help", summary: "Show the overview, or a command's help: help <command>.",
            positionals: [
                PositionalSpec(
                    "command", optional: true, values: commands.map(\.spec.name),
                    help: "The command to explain.")
            ],
            examples: ["habits help", "habits help add"])
    }

    /// The commands the man page and the completion scripts describe: every
    /// listed command, then `help`.
    static var documentedCommands: [CommandSpec] { commands.map(\.spec) + [helpSpec] }

    /// The listed or hidden command called `name`.
    static func command(named name: String) -> CommandEntry? {
        commands.first { $0.spec.name == name } ?? hidden.first { $0.spec.name == name }
    }

    /// A command's spec and how to bind and run it.
    struct CommandEntry: Sendable {
        let spec: CommandSpec
        let run: @Sendable ([ArgumentToken], CLIEnvironment) async throws(CommandError) -> Void

        init<Command: HabitsCommand>(_ type: Command.Type) {
            spec = Command.spec
            run = { tokens, environment throws(CommandError) in
                try await Command.bindAndRun(tokens, environment: environment)
            }
        }

        /// A command that binds and runs itself its own way.
        init<Command: HabitsCommand>(
            _ type: Command.Type,
            run:
                @escaping @Sendable ([ArgumentToken], CLIEnvironment) async throws(CommandError)
                -> Void
        ) {
            spec = Command.spec
            self.run = run
        }
    }

    /// Runs the command line of `environment` and returns its exit status.
    public static func run(_ environment: CLIEnvironment) async -> ExitCode {
        // The one place text output is made terminal-safe (`TerminalSafeText`).
        var environment = environment
        environment.output = environment.output.terminalSafe(
            keepingStyle: environment.terminal.outputIsTerminal)
        environment.errorOutput = environment.errorOutput.terminalSafe(
            keepingStyle: environment.terminal.errorIsTerminal)
        do {
            return try await dispatch(environment)
        } catch {
            report(error, to: environment.errorOutput)
            return error.exitCode
        }
    }

    private static func dispatch(_ environment: CLIEnvironment) async throws(CommandError)
        -> ExitCode
    {
        let tokens = ArgumentTokenizer.tokenize(environment.arguments)
        let invocation: Invocation
        do {
            invocation = try Invocation(tokens)
        } catch {
            throw CommandError(error)
        }
        // Help, the overview and the version are text only: --json is refused.
        let wantsJSON = tokens.contains { $0.isOption("json") }
        if invocation.wantsVersion && invocation.commandIndex == nil {
            if wantsJSON { throw CommandError(UsageError(.textOnly(what: "the version"))) }
            environment.output.line("habits \(version)")
            return .success
        }
        // After the version: the width may read the environment (COLUMNS).
        let help = HelpRenderer(width: environment.width)
        guard let index = invocation.commandIndex, let name = tokens[index].wordText else {
            if wantsJSON { throw CommandError(UsageError(.textOnly(what: "the overview"))) }
            environment.output.send(help.overview(commands: commands.map(\.spec)))
            return .success
        }
        if name == "help" {
            if wantsJSON { throw CommandError(UsageError(.textOnly(what: "help"))) }
            return try showHelp(topic: tokens.dropFirst(index + 1).first?.wordText, environment)
        }
        guard let entry = command(named: name) else {
            let names = commands.map(\.spec.name) + ["help"]
            throw CommandError(
                UsageError(
                    .unknownCommand(name, suggestion: Suggestion.closest(to: name, among: names))))
        }
        var rest = tokens
        rest.remove(at: index)
        if invocation.wantsHelp || rest.contains(where: \.asksForHelp) {
            if wantsJSON {
                throw CommandError(UsageError(.textOnly(what: "help"), command: entry.spec.name))
            }
            environment.output.send(help.command(entry.spec))
            return .success
        }
        try await entry.run(rest, environment)
        return .success
    }

    private static func showHelp(topic: String?, _ environment: CLIEnvironment) throws(CommandError)
        -> ExitCode
    {
        let help = HelpRenderer(width: environment.width)
        guard let topic else {
            environment.output.send(help.overview(commands: commands.map(\.spec)))
            return .success
        }
        guard let entry = command(named: topic) else {
            let names = commands.map(\.spec.name)
            throw CommandError(
                UsageError(
                    .unknownCommand(topic, suggestion: Suggestion.closest(to: topic, among: names)))
            )
        }
        environment.output.send(help.command(entry.spec))
        return .success
    }

    /// Prints `error` as `habits: <message>`, its details indented, then its hint.
    static func report(_ error: CommandError, to output: TextOutput) {
        guard !error.message.isEmpty else { return }
        var text = "habits: \(error.message)\n"
        for detail in error.details { text += "  \(detail)\n" }
        if let hint = error.hint { text += "\(hint)\n" }
        output.send(text)
    }

    /// Where the command word is, and whether --version or --help came before it.
    struct Invocation {
        var commandIndex: Int?
        var wantsVersion = false
        var wantsHelp = false

        init(_ tokens: [ArgumentToken]) throws(UsageError) {
            var index = 0
            while index < tokens.count {
                switch tokens[index] {
                case .word, .literal:
                    commandIndex = index
                    return
                case .long(let name, let value):
                    if name == "version" {
                        wantsVersion = true
                    } else if name == "help" {
                        wantsHelp = true
                    } else if let option = OptionSpec.global.first(where: { $0.name == name }) {
                        if option.takesValue && value == nil { index += 1 }
                    } else {
                        let names = OptionSpec.global.map(\.name) + ["version"]
                        throw UsageError(
                            .unknownOption(
                                "--\(name)",
                                suggestion: Suggestion.closest(to: name, among: names).map {
                                    "--\($0)"
                                }))
                    }
                case .short(let letters):
                    for letter in letters {
                        guard letter == "h" else {
                            throw UsageError(.unknownOption("-\(letter)", suggestion: nil))
                        }
                        wantsHelp = true
                    }
                }
                index += 1
            }
        }
    }
}

extension ArgumentToken {
    /// The word, for tokens that are words.
    var wordText: String? {
        switch self {
        case .word(let word), .literal(let word): return word
        case .long, .short: return nil
        }
    }

    /// `--name`, with or without a value.
    func isOption(_ name: String) -> Bool {
        if case .long(name, _) = self { return true }
        return false
    }

    /// `--help`, or a short cluster holding `h`.
    var asksForHelp: Bool {
        switch self {
        case .long(let name, nil): return name == "help"
        case .short(let letters): return letters.contains("h")
        default: return false
        }
    }
}
