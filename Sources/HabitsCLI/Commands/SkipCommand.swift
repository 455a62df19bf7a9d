import HabitCore

/// `habits skip`: marks a day skipped.
struct SkipCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "skip",
        summary: "Mark a day as skipped: it neither breaks nor extends the streak.",
        discussion: """
            Marks the day skipped, keeping any value recorded. A skipped day (for weekly \
            habits: a week whose every planned day so far is skipped) neither breaks nor \
            extends the streak. Undo it with 'habits undo', or record a value with 'habits set'.
            """,
        positionals: [PositionalSpec("habit", help: "The habit's id or name.")],
        options: [DateOption.spec],
        examples: ["habits skip 3", "habits skip Run --date yesterday"])

    let reference: String
    let date: LocalDate

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.positional("habit") ?? ""
        date = try DateOption.read(arguments, today: today)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let date = self.date
        try await ProgressChange(reference: reference, date: date).perform(in: context) {
            _, existing, _ in
            .set(ProgressEntry(date: date, value: existing?.value ?? 0, skipped: true))
        }
    }
}
