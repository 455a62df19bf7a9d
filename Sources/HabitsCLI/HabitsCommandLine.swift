/// The `habits` command line as a library: `run` parses the arguments of an
/// environment, runs the command and returns the exit status.
///
/// Steps: tokenize (`ArgumentTokenizer`), find the command word (global
/// options may come before it), answer `--version` and help without touching
/// any database or network, bind the rest to the command's spec
/// (`ArgumentBinder`), then run it. Every failure is printed to standard
/// error as one sentence and a hint, never as a stack trace.
package enum HabitsCommandLine {
    /// The version `habits --version` prints.
    static let version = "0.1.0"

    /// Every command, in the order the overview lists them.
    static let commands: [CommandEntry] = [
        CommandEntry("list", ListCommand.self), CommandEntry("add", AddCommand.self),
        CommandEntry("show", ShowCommand.self), CommandEntry("done", DoneCommand.self),
        CommandEntry("set", SetCommand.self), CommandEntry("skip", SkipCommand.self),
        CommandEntry("undo", UndoCommand.self), CommandEntry("edit", EditCommand.self),
        CommandEntry("move", MoveCommand.self),
        CommandEntry("archive", ArchiveCommand.self),
        CommandEntry("unarchive", UnarchiveCommand.self),
        CommandEntry("delete", DeleteCommand.self), CommandEntry("remind", RemindCommand.self),
        CommandEntry("auth", AuthCommand.self), CommandEntry("verify", VerifyCommand.self),
        CommandEntry("logout", LogoutCommand.self), CommandEntry("status", StatusCommand.self),
        CommandEntry("sync", SyncCommand.self),
        CommandEntry("config", ConfigCommand.self), CommandEntry("token", TokenCommand.self),
        CommandEntry("webhook", WebhookCommand.self),
        CommandEntry("log", LogCommand.self), CommandEntry("check", CheckCommand.self),
        CommandEntry("import", ImportCommand.self), CommandEntry("export", ExportCommand.self),
        CommandEntry("heatmap", HeatmapCommand.self),
        CommandEntry("prompt", PromptCommand.self, run: PromptCommand.bindAndRunQuietly),
        CommandEntry("completion", CompletionCommand.self), CommandEntry("man", ManCommand.self),
    ]

    /// Commands only the completion scripts call: left out of help, the man
    /// page and completion.
    static let hidden: [CommandEntry] = [CommandEntry("__complete", CompleteCommand.self)]

    /// `habits help`, which the dispatcher answers itself, as a spec for the
    /// man page and completion.
    static var helpSpec: CommandSpec {
        CommandSpec(
            name: "help", summary: "Show the overview, or a command's help: help <command>.",
            positionals: [
                PositionalSpec(
                    "command", optional: true, values: commands.map(\.name),
                    help: "The command to explain.")
            ],
            examples: ["habits help", "habits help add"])
    }

    /// The commands the man page and the completion scripts describe: every
    /// listed command, then `help`.
    static var documentedCommands: [CommandSpec] { commands.map(\.spec) + [helpSpec] }

    /// The listed or hidden command called `name`.
    static func command(named name: String) -> CommandEntry? {
        commands.first { $0.name == name } ?? hidden.first { $0.name == name }
    }

    /// A command's name, its spec and how to bind and run it.
    ///
    /// The name is written beside the type (a test checks it is the spec's)
    /// so that finding the command a run names builds no spec but that
    /// command's: building all of them touched some twenty pages of code
    /// and data at every start.
    struct CommandEntry: Sendable {
        let name: String
        private let makeSpec: @Sendable () -> CommandSpec
        let run: @Sendable ([ArgumentToken], CLIEnvironment) async throws(CommandError) -> Void

        /// The command's spec (its `static let`, built on first use).
        var spec: CommandSpec { makeSpec() }

        init<Command: HabitsCommand>(_ name: String, _ type: Command.Type) {
            self.init(name, type) { tokens, environment throws(CommandError) in
                try await Command.bindAndRun(tokens, environment: environment)
            }
        }

        /// A command that binds and runs itself its own way.
        init<Command: HabitsCommand>(
            _ name: String, _ type: Command.Type,
            run:
                @escaping @Sendable ([ArgumentToken], CLIEnvironment) async throws(CommandError)
                -> Void
        ) {
            self.name = name
            makeSpec = { Command.spec }
            self.run = run
        }
    }

    /// Runs the command line of `environment` and returns its exit status.
    package static func run(_ environment: CLIEnvironment) async -> ExitCode {
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
        let wantsJSON = tokens.contains { $0.isOption(GlobalOptions.json.name) }
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
            let names = commands.map(\.name) + ["help"]
            throw CommandError(
                UsageError(
                    .unknownCommand(name, suggestion: Suggestion.closest(to: name, among: names))))
        }
        var rest = tokens
        rest.remove(at: index)
        if invocation.wantsHelp || rest.contains(where: \.asksForHelp) {
            if wantsJSON {
                throw CommandError(UsageError(.textOnly(what: "help"), command: entry.name))
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
            let names = commands.map(\.name)
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
                    if name == GlobalOptions.version.name {
                        wantsVersion = true
                    } else if name == GlobalOptions.help.name {
                        wantsHelp = true
                    } else if let option = OptionSpec.global.first(where: { $0.name == name }) {
                        if option.takesValue && value == nil { index += 1 }
                    } else {
                        let names = OptionSpec.global.map(\.name) + [GlobalOptions.version.name]
                        throw UsageError(
                            .unknownOption(
                                "--\(name)",
                                suggestion: Suggestion.closest(to: name, among: names).map {
                                    "--\($0)"
                                }))
                    }
                case .short(let letters):
                    for letter in letters {
                        guard letter == GlobalOptions.help.spec.short else {
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
        case .long(let name, nil): return name == GlobalOptions.help.name
        case .short(let letters): return letters.contains { $0 == GlobalOptions.help.spec.short }
        default: return false
        }
    }
}
