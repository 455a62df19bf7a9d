import Foundation
import HabitCore

/// `habits skip`: marks a day skipped.
struct SkipCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "skip",
        summary: "Mark a day (or a range: a holiday) as skipped.",
        discussion: """
            Marks the day skipped, keeping any value recorded. A skipped day (for weekly \
            habits: a week whose every planned day is skipped) neither breaks nor extends \
            the streak. With --from and --to (at most 366 days, ahead of today too), every \
            planned day of the range is marked, for one habit or with --all for every \
            active habit: a holiday entered in advance, which keeps 'habits remind' quiet. \
            Undo it with 'habits undo' (with the same range), or record a value with \
            'habits set'. --note attaches a note to the day ("sick"; --note "" removes it); \
            a range takes no note.
            """,
        positionals: [
            HabitReference.optionalPositional.spec
        ],
        options: [DateOption.plannedSpec, NoteOption.spec] + DateRangeOption.specs + [
            HolidayChange.all.spec
        ],
        examples: [
            "habits skip 3", "habits skip Run --date yesterday", "habits skip Run --note sick",
            "habits skip --all --from 2026-12-24 --to 2027-01-01",
        ])

    let reference: String?
    let date: LocalDate
    let range: DateRangeOption?
    let note: NoteChange

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        (reference, date, range) = try Self.target(arguments, today: today, command: "skip")
        note = try NoteOption.read(arguments)
        // A holiday marks many days; one note for all of them is not kept.
        if range != nil && note != .keep {
            throw UsageError(.conflictingOptions(["--note", "--from/--to"]), command: "skip")
        }
    }

    /// The habit (or `--all`), the day and the range of `skip` and `undo`,
    /// checked for the combinations that make sense.
    static func target(_ arguments: BoundArguments, today: LocalDate, command: String)
        throws(UsageError) -> (String?, LocalDate, DateRangeOption?)
    {
        let reference = arguments.value(of: HabitReference.optionalPositional)
        let all = arguments[HolidayChange.all]
        let range = try DateRangeOption.read(arguments, today: today, command: command)
        if range != nil && arguments.isGiven(DateOption.planned) {
            throw UsageError(.conflictingOptions(["--date", "--from/--to"]), command: command)
        }
        if all && reference != nil {
            throw UsageError(.conflictingOptions(["<habit>", "--all"]), command: command)
        }
        if all && range == nil {
            throw UsageError(.missingArgument("--from and --to (with --all)"), command: command)
        }
        if !all && reference == nil {
            throw UsageError(.missingArgument("<habit>"), command: command)
        }
        return (reference, try DateOption.read(arguments, today: today), range)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        if let range {
            try await HolidayChange(action: .skip, range: range, reference: reference)
                .perform(in: context)
            return
        }
        let date = self.date
        let reference = self.reference ?? ""
        let note = self.note
        try await ProgressChange(reference: reference, date: date, allowsFuture: true).perform(
            in: context
        ) {
            _, existing, _ in
            .set(ProgressEntry(date: date, value: existing?.value ?? 0, skipped: true), note)
        }
    }
}
