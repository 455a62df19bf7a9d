import HabitCore

/// `habits edit`: changes some of a habit's properties.
struct EditCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "edit",
        summary: "Change a habit's name, period, goal, unit, target, days, start, group or marks.",
        discussion: """
            Changes only the properties given; the others stay as they are. The result \
            is checked as a whole, and every problem is shown together. --every N makes \
            the habit's periods blocks of N days from its start; --daily, --weekly or \
            --monthly leaves them. --group none takes the habit out of its group.
            """,
        positionals: [HabitReference.positional.spec],
        options: [name.spec]
            + HabitFieldOptions.specs,
        examples: [
            "habits edit 3 --target 10", "habits edit \"Drink water\" --name Water --unit cups",
            "habits edit Run --weekly --days mon,thu", "habits edit Run --icon 🏃 --color '#1e90ff'",
            "habits edit Run --icon none", "habits edit Coffee --at-most --target 2",
            "habits edit \"Water plants\" --every 4", "habits edit Rent --group none",
        ])

    static let name = Option("name", short: "n", valueName: "name", help: "A new name.")

    let reference: String
    let name: String?
    let options: HabitFieldOptions

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.value(of: HabitReference.positional) ?? ""
        name = arguments.value(of: Self.name)
        options = try HabitFieldOptions(arguments, today: today)
        if name == nil && options.isEmpty {
            throw UsageError(
                .nothingToChange(options: ["--name"] + HabitFieldOptions.names), command: "edit")
        }
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let backend = try context.backend()
        let habit = try await context.resolveHabit(reference, in: backend)
        let changes = HabitChanges(
            name: name, frequency: options.frequency, measurementType: options.unit,
            startDate: options.start, actionDays: options.days, targetValue: options.target,
            goal: options.goal, periodDays: options.periodDays.map { .some($0) },
            group: options.group, icon: options.icon, color: options.color)
        try CommandInput.check(changes, on: habit)
        let updated = try await backend.updateHabit(id: habit.id, changes: changes)
        if context.style.json {
            try context.writeJSON(updated)
            return
        }
        context.output.line(
            "Updated #\(updated.id) \(updated.name): \(HabitText.summary(updated)).")
    }
}
