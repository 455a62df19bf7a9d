import HabitCore

/// `habits undo`: deletes a day's entry.
struct UndoCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "undo",
        summary: "Delete what was recorded for a day (value and skip).",
        positionals: [PositionalSpec("habit", help: "The habit's id or name.")],
        options: [DateOption.spec],
        examples: ["habits undo 3", "habits undo \"Drink water\" --date yesterday"])

    let reference: String
    let date: LocalDate

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.positional("habit") ?? ""
        date = try DateOption.read(arguments, today: today)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let date = self.date
        try await ProgressChange(reference: reference, date: date).perform(in: context) {
            habit, existing, _ in
            guard existing != nil else {
                return .none(
                    "Nothing is recorded for \(habit.name) "
                        + "\(HabitText.onDay(date, today: context.today)).")
            }
            return .delete
        }
    }
}
