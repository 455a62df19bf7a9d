import HabitCore

/// `habits delete`: removes a habit and its history, after confirmation.
struct DeleteCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "delete",
        summary: "Delete a habit and all its progress, after confirmation.",
        discussion: """
            Asks for confirmation on a terminal (the default answer is no); --yes skips \
            the question. Without a terminal and without --yes, nothing is deleted and \
            the command exits with status 64. To keep the history, archive instead.
            """,
        positionals: [HabitReference.positional.spec],
        options: [yes.spec],
        examples: ["habits delete 3", "habits delete \"Drink water\" --yes"])

    static let yes = Flag("yes", short: "y", help: "Delete without asking.")

    let reference: String
    let confirmed: Bool

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.value(of: HabitReference.positional) ?? ""
        confirmed = arguments[Self.yes]
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let backend = try context.backend()
        let habit = try await context.resolveHabit(reference, in: backend)
        if !confirmed {
            guard let prompter = context.prompter else {
                throw CommandError(
                    UsageError(
                        .confirmationRequired(action: "delete #\(habit.id) \(habit.name)"),
                        command: "delete"))
            }
            let question =
                "Delete #\(habit.id) \(habit.name) and all its progress? This cannot be undone."
            guard prompter.confirm(question, default: false) == true else {
                context.output.line("Nothing was deleted.")
                return
            }
        }
        try await backend.deleteHabit(id: habit.id)
        if context.style.json {
            try context.writeJSON(["deleted": habit])
            return
        }
        context.output.line("Deleted #\(habit.id) \(habit.name).")
    }
}
