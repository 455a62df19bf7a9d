import HabitCore

/// `habits heatmap` (and `habits show --heatmap`): a habit's year as a grid of
/// weeks, one mark per day.
struct HeatmapCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "heatmap",
        summary: "Show a habit's year as a heatmap of weeks (also: show --heatmap).",
        discussion: """
            Draws seven rows, Monday to Sunday, with one column per week and one mark per \
            day, month names above. By default the twelve months ending today (or --date); \
            --year draws that calendar year instead. In colour, days are shaded by the \
            value logged against the target. A terminal too narrow for every week shows \
            the most recent weeks that fit, and says so.
            """,
        positionals: [HabitReference.positional.spec],
        options: [
            year.spec, date.spec,
        ],
        examples: ["habits heatmap Run", "habits heatmap 3 --year 2025 --json"])

    static let year = Option(
        "year", short: "y", valueName: "YYYY",
        help: "Draw this calendar year (default: the twelve months ending today).",
        read: ArgumentValue.year)
    static let date = Option(
        "date", short: "d", valueName: "date",
        help: "Show the days as they stood on this day, and end there (default: today).")

    let reference: String
    /// "Today" for the rules, and the last day drawn without --year.
    let date: LocalDate
    let year: Int?

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.value(of: HabitReference.positional) ?? ""
        date =
            try arguments.value(of: Self.date) { text, name throws(UsageError) in
                try ArgumentValue.date(text, argument: name, today: today)
            } ?? today
        year = try arguments.value(of: Self.year)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let backend = try context.backend()
        let habit = try await context.resolveHabit(reference, in: backend)
        let (from, to) = range()
        // Whole weeks and periods, so the edge periods of any kind are
        // judged on all their entries.
        let periods = HabitPeriods(of: habit)
        let entries = try await backend.entries(
            habitID: habit.id,
            from: min(from.startOfISOWeek, periods.first(containing: from)),
            to: max(to.startOfISOWeek.adding(days: 6), periods.period(containing: to).upperBound))
        let history = HabitHistory(habit: habit, entries: entries)
        // `range()` never ends before it begins, so there is always a grid.
        guard let grid = HeatmapGrid(from: from, to: to, history: history, today: date) else {
            return
        }
        let view = HeatmapView(habit: habit, grid: grid, style: context.style)
        if context.style.json {
            try context.writeJSON(view.document())
        } else {
            context.output.send(view.render())
        }
    }

    /// The days drawn: the calendar year, or the twelve months ending with `date`.
    func range() -> (from: LocalDate, to: LocalDate) {
        if let year, let first = LocalDate(year: year, month: 1, day: 1),
            let last = LocalDate(year: year, month: 12, day: 31)
        {
            return (first, last)
        }
        return (HeatmapGrid.twelveMonthsStart(endingWith: date), date)
    }
}
