import Foundation
import HabitCore

/// `habits set`: replaces a day's value.
struct SetCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "set",
        summary: "Record progress: replace the day's value.",
        discussion: """
            Sets the value recorded for the day to <value>, replacing what was there \
            (and clearing a skip). Reaching the target prints the new streak. --note \
            attaches a note to the day (replacing its note; --note "" removes it); without \
            --note the day keeps its note.
            """,
        positionals: [
            HabitReference.positional.spec,
            value.spec,
        ],
        options: [DateOption.spec, NoteOption.spec],
        examples: [
            "habits set 3 8", "habits set Run 12.5 --date 2026-03-01",
            "habits set Run 0 --note \"knee hurts\"",
        ])

    static let value = Positional(
        "value", help: "The day's new value (0 or more).", read: ArgumentValue.dayValue)

    let reference: String
    let value: Decimal
    let date: LocalDate
    let note: NoteChange

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.value(of: HabitReference.positional) ?? ""
        value = try arguments.value(of: Self.value) ?? 0
        date = try DateOption.read(arguments, today: today)
        note = try NoteOption.read(arguments)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let entry = ProgressEntry(date: date, value: value)
        let note = self.note
        try await ProgressChange(reference: reference, date: date).perform(in: context) { _, _, _ in
            .set(entry, note)
        }
    }
}
