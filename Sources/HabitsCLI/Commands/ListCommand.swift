import HabitCore

/// `habits list`: the day's habits, still to do first, then completed.
struct ListCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "list",
        summary: "Show the day's habits: what is still to do, then what is done.",
        discussion: """
            Each habit shows its id, name, progress for the day (or the week, for weekly \
            habits), how often it is due and its current streak. A habit with a limit \
            (--at-most) is on track while within it, with what is left, and over the \
            limit as soon as it is passed; it is never to do. When habits have groups, \
            they are listed under their group's heading, the ungrouped last; --group \
            shows one group. Archived habits appear only with --all. In server mode, when \
            the server cannot be reached, the list last fetched is shown and marked as \
            cached with its age.
            """,
        options: [date.spec, all.spec, GroupFilter.option.spec],
        examples: [
            "habits list", "habits list --date yesterday", "habits list --all --json",
            "habits list --group Health",
        ])

    static let date = Option(
        "date", short: "d", valueName: "date", values: DateWords.words,
        help: "The day to show: YYYY-MM-DD, today, yesterday or a weekday (default: today).")
    static let all = Flag("all", short: "a", help: "Include archived habits.")

    let date: LocalDate
    let includeArchived: Bool
    /// Only this group's habits, when given.
    let group: String?

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        date =
            try arguments.value(of: Self.date) { text, name throws(UsageError) in
                try ArgumentValue.date(text, argument: name, today: today)
            } ?? today
        includeArchived = arguments[Self.all]
        group = GroupFilter.read(arguments)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let backend = try context.backend()
        var overview = try await backend.overview(
            status: includeArchived ? .all : .active, on: date)
        overview.items = GroupFilter.filter(overview.items, group: group) { $0.habit.group }
        if let cachedAt = overview.cachedAt {
            context.errorOutput.line(
                "habits: the server cannot be reached; showing the list cached "
                    + "\(HabitText.age(from: cachedAt, to: context.environment.clock.now())) ago.")
        }
        if context.style.json {
            try context.writeJSON(
                JSONOutput.Listing(
                    date: date, mode: backend.mode.name, cachedAt: overview.cachedAt,
                    habits: overview.items, syncedAt: overview.syncedAt))
            return
        }
        if overview.items.isEmpty, let group {
            context.output.line(Self.emptyGroup(group))
            return
        }
        if overview.items.isEmpty {
            context.output.line(
                overview.cachedAt == nil ? try await emptyMessage(backend) : Self.firstHabitHint)
            return
        }
        context.output.send(
            HabitListView(
                overview: overview, today: context.today, style: context.style,
                now: context.environment.clock.now()
            ).render())
    }

    /// The line shown when there is nothing to list.
    private func emptyMessage(_ backend: any HabitBackend) async throws(CommandError) -> String {
        if !includeArchived, !(try await backend.habits(status: .archived)).isEmpty {
            return "No active habits. See the archived ones with: habits list --all"
        }
        return Self.firstHabitHint
    }

    /// The line shown when no habit is in the group asked for.
    static func emptyGroup(_ group: String) -> String {
        "No habits in the group '\(HabitText.name(group))'. "
            + "Put one in it with: habits edit <habit> --group \"\(HabitText.name(group))\""
    }

    /// How to add a first habit.
    static let firstHabitHint =
        "No habits yet. Add one: habits add \"Drink water\" --daily --unit glasses --target 8 "
        + "--days daily --start today"
}
