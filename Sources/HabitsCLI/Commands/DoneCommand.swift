import Foundation
import HabitCore

/// `habits done`: adds to a day's value.
struct DoneCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "done",
        summary: "Record progress: add to the day's value.",
        discussion: """
            Adds <amount> to what is recorded for the day. Without an amount, adds one \
            session: what is left of the day's target, or for a weekly habit one planned \
            day's share of the week's target (target ÷ days, rounded up to a whole unit \
            when the target is whole; never past what is left), and says what it added; \
            for a monthly or every-N-days habit one unit (never past what is left), and \
            for an --at-most habit one unit, whatever the limit. \
            So 'habits done 3' completes daily habit 3. Reaching the target prints the \
            new streak. To lower a day's value, use 'habits set'. \
            --note attaches a note to the day (replacing its note; --note "" removes it); \
            without --note the day keeps its note.
            """,
        positionals: [
            HabitReference.positional.spec,
            amount.spec,
        ],
        options: [DateOption.spec, NoteOption.spec],
        examples: [
            "habits done 3", "habits done \"Drink water\" 2",
            "habits done Run 5.5 --date yesterday", "habits done Run 8 --note \"hills\"",
        ])

    static let amount = Positional(
        "amount", optional: true,
        help: "How much to add (default: one session, see above).",
        read: ArgumentValue.dayValue)

    let reference: String
    let amount: Decimal?
    let date: LocalDate
    let note: NoteChange

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.value(of: HabitReference.positional) ?? ""
        // Additions only (a negative amount is refused): a lower value is
        // 'set', so two people's 'done' can never take away from each other.
        amount = try arguments.value(of: Self.amount)
        date = try DateOption.read(arguments, today: today)
        note = try NoteOption.read(arguments)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let amount = self.amount
        let note = self.note
        try await ProgressChange(reference: reference, date: date).perform(in: context) {
            habit, existing, completion in
            // A bare 'done' is one session (rule 6, Habit.bareDoneAmount): a
            // daily habit's target, a weekly habit's share of a planned day,
            // one unit of a monthly or every-N-days habit, never past an
            // at-least target; one unit of an at-most habit.
            let added = amount ?? habit.bareDoneAmount(toward: completion)
            // With a note, a reached target still records it (adding 0).
            if amount == nil && added == 0 && note == .keep {
                return .none(
                    "\(HabitText.name(habit.name)): \(HabitText.progress(completion, unit: habit.measurementType)) "
                        + HabitText.period(of: habit, on: date, today: context.today)
                        + "; the target is already reached."
                )
            }
            guard amount == nil, habit.frequency == .weekly, habit.goal == .atLeast else {
                return .add(added, note)
            }
            return .add(
                added, note,
                chosen: "Added \(HabitText.number(added)) \(habit.measurementType): one planned "
                    + "day's share of \(HabitText.number(habit.targetValue)) a week over "
                    + "\(habit.actionDays.count) day\(habit.actionDays.count == 1 ? "" : "s")"
                    + (added < habit.sessionShare ? ", as much as was left" : "") + ".")
        }
    }
}
