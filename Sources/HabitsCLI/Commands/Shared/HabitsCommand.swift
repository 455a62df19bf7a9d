import HabitCore

/// One subcommand: its spec, its binding from parsed arguments, and `run`.
///
/// Binding (`init`) is pure: it reads `BoundArguments` and the injected
/// today into typed properties and throws `UsageError`s; `run` does the work
/// through the context.
protocol HabitsCommand: Sendable {
    static var spec: CommandSpec { get }

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError)

    func run(in context: CommandContext) async throws(CommandError)
}

extension HabitsCommand {
    /// Binds `tokens` to this command's spec and runs it in `environment`,
    /// whose clock is given the person's day boundary first (`DaySetting`),
    /// so that today, and every default to it, is the person's day.
    static func bindAndRun(
        _ tokens: [ArgumentToken], environment: CLIEnvironment
    ) async throws(CommandError) {
        let arguments: BoundArguments
        let command: Self
        var environment = environment
        let today: LocalDate
        let reading: DaySetting.Reading
        do {
            arguments = try ArgumentBinder.bind(tokens, to: spec, global: OptionSpec.global)
            reading = DaySetting.read(
                flag: arguments.value(of: GlobalOptions.server), variable: environment.variable)
            environment.clock.dayStartsAt = reading.boundary
            today = environment.clock.today
            command = try Self(arguments, today: today)
        } catch {
            throw CommandError(error)
        }
        try await command.run(
            in: CommandContext(
                environment: environment, arguments: arguments, today: today,
                serverSelection: reading.selection))
    }
}
