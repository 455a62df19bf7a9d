import Foundation
import HabitCore

/// `habits set`: replaces a day's value.
struct SetCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "set",
        summary: "Record progress: replace the day's value.",
        discussion: """
            Sets the value recorded for the day to <value>, replacing what was there \
            (and clearing a skip). Reaching the target prints the new streak.
            """,
        positionals: [
            PositionalSpec("habit", help: "The habit's id or name."),
            PositionalSpec("value", help: "The day's new value (0 or more)."),
        ],
        options: [DateOption.spec],
        examples: ["habits set 3 8", "habits set Run 12.5 --date 2026-03-01"])

    let reference: String
    let value: Decimal
    let date: LocalDate

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.positional("habit") ?? ""
        value = try arguments.positional("value", ArgumentValue.decimal) ?? 0
        date = try DateOption.read(arguments, today: today)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let entry = ProgressEntry(date: date, value: value)
        try await ProgressChange(reference: reference, date: date).perform(in: context) { _, _, _ in
            .set(entry)
        }
    }
}
