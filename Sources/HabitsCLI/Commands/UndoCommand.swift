import HabitCore

/// `habits undo`: deletes a day's entry.
struct UndoCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "undo",
        summary: "Delete what was recorded for a day (value and skip), or a range's skips.",
        discussion: """
            Deletes the day's entry; a day ahead holds only a planned skip, which \
            this takes back. With --from and --to, removes the skip marks of the \
            range instead (for one habit, or with --all for every active habit): days \
            that held only the mark lose their entry, days with a value keep it.
            """,
        positionals: [
            HabitReference.optionalPositional.spec
        ],
        options: [DateOption.plannedSpec] + DateRangeOption.specs + [
            HolidayChange.all.spec
        ],
        examples: [
            "habits undo 3", "habits undo \"Drink water\" --date yesterday",
            "habits undo --all --from 2026-12-24 --to 2027-01-01",
        ])

    let reference: String?
    let date: LocalDate
    let range: DateRangeOption?

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        (reference, date, range) = try SkipCommand.target(arguments, today: today, command: "undo")
    }

    func run(in context: CommandContext) async throws(CommandError) {
        if let range {
            try await HolidayChange(action: .unskip, range: range, reference: reference)
                .perform(in: context)
            return
        }
        let date = self.date
        let reference = self.reference ?? ""
        // A planned skip (a day ahead) can be taken back as it was made.
        try await ProgressChange(reference: reference, date: date, allowsFuture: true).perform(
            in: context
        ) {
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
