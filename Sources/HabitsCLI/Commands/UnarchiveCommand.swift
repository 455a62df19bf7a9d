import HabitCore

/// `habits unarchive`: `ArchiveCommand` with the other spec.
struct UnarchiveCommand: HabitsCommand {
    static var spec: CommandSpec { ArchiveCommand.unarchiveSpec }

    let command: ArchiveCommand

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        command = try ArchiveCommand(arguments, today: today)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        try await command.run(in: context)
    }
}
