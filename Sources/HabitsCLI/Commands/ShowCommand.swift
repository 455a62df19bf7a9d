import HabitCore

/// `habits show`: one habit's details, streaks, counts and calendar.
struct ShowCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "show",
        summary: "Show a habit: details, streaks, counts and a month calendar.",
        discussion: """
            Shows the habit's properties, its current and longest streak, how many days \
            (or weeks) were done, failed and skipped, the completion rate (done / (done + \
            failed)) and a calendar with each day's mark. By default the calendar is the \
            current month; --months N shows the N months up to it, side by side when the \
            terminal is wide enough. --date shows everything as it stood on that day.
            """,
        positionals: [HabitReference.positional.spec],
        options: [month.spec, monthCount.spec, year.spec, date.spec, heatmapFlag.spec],
        examples: [
            "habits show 3", "habits show \"Drink water\" --months 3",
            "habits show Run --year 2026", "habits show 3 --month 2026-02 --json",
        ])

    static let month = Option(
        "month", short: "m", valueName: "YYYY-MM",
        help: "The month to show (default: this month).", read: ArgumentValue.month)
    static let monthCount = Option(
        "months", valueName: "count",
        help: "How many months to show, ending with --month or this month (1–36).",
        read: { text, name throws(UsageError) in
            try ArgumentValue.integer(text, argument: name, in: 1...36)
        })
    static let year = Option(
        "year", short: "y", valueName: "YYYY", help: "Show the twelve months of a year.",
        read: ArgumentValue.year)
    static let date = Option(
        "date", short: "d", valueName: "date", values: DateWords.words,
        help: "Show the habit as it stood on this day (default: today).")
    static let heatmapFlag = Flag(
        "heatmap", help: "Draw the heatmap of 'habits heatmap' instead (see its help).")

    let reference: String
    let date: LocalDate
    /// The first day of each month to draw, in order.
    let months: [LocalDate]
    /// Set for a year view (--year).
    let year: Int?
    /// Set with --heatmap, which draws the heatmap instead.
    let heatmap: HeatmapCommand?

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.value(of: HabitReference.positional) ?? ""
        try arguments.requireAtMostOne(of: [Self.year, Self.month])
        try arguments.requireAtMostOne(of: [Self.year, Self.monthCount])
        try arguments.requireAtMostOne(of: [Self.heatmapFlag, Self.month])
        try arguments.requireAtMostOne(of: [Self.heatmapFlag, Self.monthCount])
        heatmap = arguments[Self.heatmapFlag] ? try HeatmapCommand(arguments, today: today) : nil
        date =
            try arguments.value(of: Self.date) { text, name throws(UsageError) in
                try ArgumentValue.date(text, argument: name, today: today)
            } ?? today
        year = try arguments.value(of: Self.year)
        if let year {
            months = (1...12).compactMap { LocalDate(year: year, month: $0, day: 1) }
            return
        }
        let count = try arguments.value(of: Self.monthCount) ?? 1
        let last = try arguments.value(of: Self.month) ?? date.startOfMonth
        months = Self.months(count: count, endingWith: last)
    }

    /// `count` first-of-month dates ending with `last`.
    static func months(count: Int, endingWith last: LocalDate) -> [LocalDate] {
        var result = [last]
        while result.count < count {
            guard let first = result.first else { break }
            result.insert(first.adding(days: -1).startOfMonth, at: 0)
        }
        return result
    }

    func run(in context: CommandContext) async throws(CommandError) {
        if let heatmap { return try await heatmap.run(in: context) }
        let backend = try context.backend()
        let habit = try await context.resolveHabit(reference, in: backend)
        let firstShown = months.first ?? date.startOfMonth
        let lastShown = (months.last ?? date.startOfMonth).adding(days: 40).startOfMonth.adding(
            days: -1)
        // Through the end of the last shown week and of its period (a
        // weekly, monthly or every-N-days habit's mark on a month's last days
        // is its period's, which may end in the next month), and of the
        // date's week and period (its progress).
        let periods = HabitPeriods(of: habit)
        let to = max(
            lastShown.startOfISOWeek.adding(days: 6), date.startOfISOWeek.adding(days: 6),
            periods.period(containing: lastShown).upperBound,
            periods.period(containing: date).upperBound)
        // What the view reads before the first month: the days of its first
        // week and period (a mark is its period's) and of the date's week and
        // period (its progress). Never before the start or the first month,
        // though: the view has always been drawn from the entries from there on.
        let from = max(
            min(habit.startDate, firstShown),
            min(
                firstShown.startOfISOWeek, date.startOfISOWeek,
                periods.first(containing: firstShown), periods.first(containing: date)))
        let (history, stats) = try await backend.historyAndStats(
            of: habit, from: from, to: to, asOf: date)
        let view = HabitDetailView(
            history: history, date: date, months: months, year: year, style: context.style,
            today: context.today, stats: stats)
        if context.style.json {
            try context.writeJSON(view.document())
        } else {
            context.output.send(view.render())
        }
    }
}
