import HabitCore

/// `habits completion`: prints the completion script for a shell.
struct CompletionCommand: HabitsCommand {
    /// The shells there is a script for.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static let shell = Positional(
        "shell", values: Shell.allCases.map(\.rawValue), help: "bash, zsh or fish.")

    static let spec = CommandSpec(
        name: "completion",
        summary: "Print a shell completion script: completion bash|zsh|fish.",
        discussion: """
            The script completes commands, options, the words an option takes (such as \
            --days weekdays) and habit names. Habit names come from the local database, \
            or in server mode from the habit list last fetched, so completing never waits \
            for the network. bash: add 'source <(habits completion bash)' to ~/.bashrc, or \
            save it as ~/.local/share/bash-completion/completions/habits. zsh: save it as \
            _habits in a directory of $fpath. fish: save it as \
            ~/.config/fish/completions/habits.fish.
            """,
        positionals: [shell.spec],
        examples: [
            "habits completion bash > ~/.local/share/bash-completion/completions/habits",
            "habits completion zsh > ~/.zfunc/_habits",
            "habits completion fish > ~/.config/fish/completions/habits.fish",
        ])

    let shell: Shell

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        if arguments[GlobalOptions.json] {
            throw UsageError(.textOnly(what: "a completion script"), command: "completion")
        }
        let name = arguments.value(of: Self.shell) ?? ""
        guard let shell = Shell(rawValue: name) else {
            throw UsageError(
                .invalidValue(argument: "<shell>", value: name, expected: "bash, zsh or fish"),
                command: "completion")
        }
        self.shell = shell
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let script = CompletionScript(commands: HabitsCommandLine.documentedCommands)
        switch shell {
        case .bash: context.output.send(script.bash())
        case .zsh: context.output.send(script.zsh())
        case .fish: context.output.send(script.fish())
        }
    }
}
