import HabitCore

/// `habits log`: every active habit at a glance over recent days.
struct LogCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "log",
        summary: "Show every active habit over recent days, one row each.",
        discussion: """
            One row per active habit: its name, a strip of the last days with one mark \
            per day (as the calendar marks them; a weekly habit's action days show its \
            week's result), then its current streak and strength. The header names the \
            months and marks each Monday and today. By default as many days as fit the \
            terminal, up to 60 (30 when the output is not a terminal). A monthly or \
            every-N-days habit's planned days show its period's result. When habits have \
            groups, rows stand under their group's heading, the ungrouped last; --group \
            shows one group.
            """,
        options: [days.spec, weeks.spec, date.spec, GroupFilter.option.spec],
        examples: ["habits log", "habits log --weeks 4", "habits log --days 14 --json"])

    static let days = Option(
        "days", valueName: "n", help: "How many days to show (1 to 366).",
        read: { text, name throws(UsageError) in
            try ArgumentValue.integer(text, argument: name, in: 1...366)
        })
    static let weeks = Option(
        "weeks", valueName: "n", help: "How many weeks to show (1 to 52).",
        read: { text, name throws(UsageError) in
            try ArgumentValue.integer(text, argument: name, in: 1...52)
        })
    static let date = Option(
        "date", short: "d", valueName: "date", help: "The last day shown (default: today).")

    let days: Int?
    let date: LocalDate
    /// Only this group's habits, when given.
    let group: String?

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        let days = try arguments.value(of: Self.days)
        let weeks = try arguments.value(of: Self.weeks)
        if days != nil && weeks != nil {
            throw UsageError(.conflictingOptions(["--days", "--weeks"]), command: "log")
        }
        self.days = days ?? weeks.map { $0 * 7 }
        date =
            try arguments.value(of: Self.date) { text, name throws(UsageError) in
                try ArgumentValue.date(text, argument: name, today: today)
            } ?? today
        group = GroupFilter.read(arguments)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let backend = try context.backend()
        let isTerminal = context.environment.terminal.outputIsTerminal
        // The most days the strip can show, read with the overview in one
        // query: from the Monday before, so a weekly habit's first week is
        // whole.
        let most = days ?? (isTerminal ? HabitLogView.mostFittingDays : 30)
        let earliest = date.adding(days: -(most - 1)).startOfISOWeek
        let overview = try await backend.overview(
            status: .active, on: date, entriesFrom: earliest)
        let items = GroupFilter.filter(
            overview.items.filter { $0.habit.status == .active }, group: group
        ) { $0.habit.group }
        let count =
            days
            ?? (isTerminal
                ? HabitLogView.fittingDays(items: items, width: context.style.width) : 30)
        let from = date.adding(days: -(count - 1))
        // From the first shown day's period on (its week, or a month or a
        // block of N days begun earlier), so that period is whole.
        let first = OverviewWindow(date: from, today: context.today).from(
            for: items.map(\.habit))
        let entries: [Int64: [ProgressEntry]]
        if let recent = overview.recent, recent.from <= first {
            entries = recent.entries
        } else {
            entries = try await backend.entries(of: items.map(\.habit.id), from: first, to: date)
        }
        let rows = items.map { item in
            let history = HabitHistory(habit: item.habit, entries: entries[item.habit.id] ?? [])
            var row = HabitLogView.Row(item: item, states: [], logged: [])
            row.states.reserveCapacity(count)
            row.logged.reserveCapacity(count)
            // States and entries in one pass over the days.
            history.forEachCalendarDay(from: from, count: count, today: context.today) {
                state, hasEntry in
                row.states.append(state)
                row.logged.append(hasEntry)
            }
            return row
        }
        if context.style.json {
            try context.writeJSON(JSONOutput.Log(from: from, to: date, rows: rows))
            return
        }
        if rows.isEmpty, let group {
            context.output.line(ListCommand.emptyGroup(group))
            return
        }
        if rows.isEmpty {
            context.output.line(ListCommand.firstHabitHint)
            return
        }
        context.output.send(
            HabitLogView(
                rows: rows, from: from, count: count, today: context.today, style: context.style
            ).render())
    }
}
