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
            terminal is wide enough. --date shows everything as it stood on that day. \
            --trend draws the year up to today (or --date) instead: the strength as a \
            sparkline, the totals as bars against the target, the five longest streaks and \
            how often each weekday was logged; the strength is drawn per week (per month \
            for a monthly habit) and the totals per month, both as --by says when given. \
            With --json, --trend prints the history as the server's history route answers it.
            """,
        positionals: [HabitReference.positional.spec],
        options: [
            month.spec, monthCount.spec, year.spec, date.spec, heatmapFlag.spec, trendFlag.spec,
            trendBy.spec,
        ],
        examples: [
            "habits show 3", "habits show \"Drink water\" --months 3",
            "habits show Run --year 2026", "habits show 3 --month 2026-02 --json",
            "habits show Running --trend", "habits show Running --trend --by week --json",
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
    static let trendFlag = Flag(
        "trend",
        help: "Draw the year's strength, totals, longest streaks and weekdays instead.")
    static let trendBy = Option(
        "by", valueName: "week|month", values: TrendRenderer.Granularity.allCases.map(\.rawValue),
        help: "With --trend: draw the strength and the totals per week or per month.",
        read: { text, name throws(UsageError) in
            guard let granularity = TrendRenderer.Granularity(rawValue: text) else {
                throw CommandError.invalidTrendPeriod(text, argument: name)
            }
            return granularity
        })

    let reference: String
    let date: LocalDate
    /// The first day of each month to draw, in order.
    let months: [LocalDate]
    /// Set for a year view (--year).
    let year: Int?
    /// Set with --heatmap, which draws the heatmap instead.
    let heatmap: HeatmapCommand?
    /// Set with --trend, which draws the trend instead.
    let trend: Trend?

    /// What --trend draws: the year up to the date, and by what.
    struct Trend: Hashable, Sendable {
        /// --by, when given: both the strength and the totals by it.
        var by: TrendRenderer.Granularity?
    }

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.value(of: HabitReference.positional) ?? ""
        try arguments.requireAtMostOne(of: [Self.year, Self.month])
        try arguments.requireAtMostOne(of: [Self.year, Self.monthCount])
        try arguments.requireAtMostOne(of: [Self.heatmapFlag, Self.month])
        try arguments.requireAtMostOne(of: [Self.heatmapFlag, Self.monthCount])
        for other in [Self.heatmapFlag, Self.month, Self.monthCount, Self.year] as [any OptionKey] {
            try arguments.requireAtMostOne(of: [Self.trendFlag, other])
        }
        let by = try arguments.value(of: Self.trendBy)
        if by != nil && !arguments[Self.trendFlag] { throw CommandError.needsTrend("--by") }
        trend = arguments[Self.trendFlag] ? Trend(by: by) : nil
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
        if let trend { return try await drawTrend(trend, of: habit, from: backend, in: context) }
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

    /// The days --trend draws: the year ending on the date (`to`, also
    /// "today" for the rules), from the start date when that is later; the
    /// history route's defaults, given explicitly so that every mode draws
    /// the same days.
    static func trendRange(of habit: Habit, on date: LocalDate) -> ClosedRange<LocalDate> {
        let from = max(habit.startDate, date.adding(days: -364))
        return min(from, date)...date
    }

    /// `--trend`: the history as the backend answers it (`HistoryReport`),
    /// drawn by `TrendRenderer`, or printed as the route's JSON.
    private func drawTrend(
        _ trend: Trend, of habit: Habit, from backend: any HabitBackend, in context: CommandContext
    ) async throws(CommandError) {
        let range = Self.trendRange(of: habit, on: date)
        let report = try await backend.history(
            of: habit, from: range.lowerBound, to: range.upperBound, today: date)
        if context.style.json { return try context.writeJSON(report) }
        let style = context.style
        let renderer = TrendRenderer(
            report: report, habit: habit, width: style.width, unicode: style.unicode,
            color: style.color, trueColor: style.trueColor,
            strengthBy: trend.by ?? TrendRenderer.Granularity.strength(of: habit),
            totalsBy: trend.by ?? .month)
        context.output.send(renderer.render())
    }
}
