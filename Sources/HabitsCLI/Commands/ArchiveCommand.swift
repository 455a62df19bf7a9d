import HabitCore

/// `habits archive` and `habits unarchive`: move a habit out of the daily
/// list and back, keeping its history.
struct ArchiveCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "archive",
        summary: "Archive a habit: it leaves the daily list and keeps its history.",
        discussion: """
            An archived habit no longer appears in 'habits list' or reminders and does \
            not count towards the 15 active habits. Its history stays; 'habits unarchive' \
            brings it back.
            """,
        positionals: [HabitReference.positional.spec],
        examples: ["habits archive 3", "habits archive \"Drink water\""])

    static let unarchiveSpec = CommandSpec(
        name: "unarchive",
        summary: "Bring an archived habit back to the daily list.",
        discussion: "Fails when 15 habits are already active: archive one first.",
        positionals: [HabitReference.positional.spec],
        examples: ["habits unarchive 3"])

    let reference: String
    let status: HabitStatus

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.value(of: HabitReference.positional) ?? ""
        status = arguments.command == "unarchive" ? .active : .archived
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let backend = try context.backend()
        let habit = try await context.resolveHabit(reference, in: backend)
        let updated =
            habit.status == status
            ? habit
            : try await backend.updateHabit(id: habit.id, changes: HabitChanges(status: status))
        if context.style.json {
            try context.writeJSON(updated)
            return
        }
        switch (status, habit.status == status) {
        case (.archived, true):
            context.output.line("#\(habit.id) \(habit.name) is already archived.")
        case (.archived, false):
            context.output.line(
                "Archived #\(updated.id) \(updated.name); its history is kept. "
                    + "Bring it back with: habits unarchive \(updated.id)"
            )
        case (.active, true):
            context.output.line("#\(habit.id) \(habit.name) is already active.")
        case (.active, false):
            context.output.line(
                "Unarchived #\(updated.id) \(updated.name); it is back in the daily list.")
        }
    }
}
