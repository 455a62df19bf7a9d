import HabitCore

/// `habits man`: prints the manual page.
struct ManCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "man",
        summary: "Print the manual page (roff), generated from the commands' help.",
        discussion: """
            Read it with 'habits man | man -l -', or install it as habits.1 in a man \
            directory (Examples/install.sh puts it in ~/.local/share/man/man1).
            """,
        examples: ["habits man | man -l -", "habits man > ~/.local/share/man/man1/habits.1"])

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        if arguments[GlobalOptions.json] {
            throw UsageError(.textOnly(what: "the man page"), command: "man")
        }
    }

    func run(in context: CommandContext) async throws(CommandError) {
        context.output.send(ManPage(commands: HabitsCommandLine.documentedCommands).render())
    }
}
