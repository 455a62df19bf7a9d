import HabitCore

/// `habits remind`: the habits still to do, for cron.
struct RemindCommand: HabitsCommand {
    static let action = Positional(
        "action", optional: true, values: ServerReminders.Action.allCases.map(\.rawValue),
        help:
            "Server mode: add, list or remove a reminder the server sends; digest sets "
            + "the daily digest.")
    static let habit = Positional(
        "habit", optional: true,
        help: "With add or remove: the habit. With digest: the time, HH:MM.")
    static let time = Positional(
        "time", optional: true, help: "With add or remove: the time, HH:MM.")
    static let target = Positional(
        "target", optional: true, help: "After --via ntfy or webhook: its URL or id.")
    static let quiet = Flag("quiet", short: "q", help: "Print nothing when everything is done.")
    static let install = Flag(
        "install", help: "Print a crontab line for a daily reminder, and how to add it.")
    static let at = Option(
        "at", valueName: "HH:MM",
        help: "With --install: the time of the reminder (default: 20:00).")
    static let via = Option(
        "via", valueName: "CHANNEL",
        help: "With add: mail, ntfy URL or webhook ID (default: all your channels).")
    static let off = Flag("off", help: "With digest: turn the daily digest off.")

    static let spec = CommandSpec(
        name: "remind",
        summary: "List the habits still to do today (for cron); --install prints a crontab line.",
        discussion: """
            Prints the habits still to do: scheduled for the day and not done, weekly \
            habits whose target for the week is not reached yet, and monthly or \
            every-N-days habits on their planned days while their period's target is not \
            reached. A habit with a limit (--at-most) is never named. When habits have \
            groups, each is listed under its group; --group names one group's only. \
            With --quiet it prints \
            nothing when everything is done, so cron mails only when there is something \
            to do. Exits with 0 whether or not habits are pending. In server mode, when \
            the server cannot be reached, it answers from the list last fetched and says so.

            --install prints a crontab line running 'habits remind --quiet' with the \
            absolute path of this binary, and how to add it; it never edits your crontab.

            In server mode the server can send the reminders itself: 'habits remind add \
            <habit> 20:00' reminds you at 20:00 (your account's time zone) on the habit's \
            planned days when it is not done or skipped yet, by mail or through every \
            channel you have; --via mail, --via ntfy URL or --via webhook ID picks one. \
            'habits remind list' shows them with your channels' last errors, 'habits \
            remind remove <habit> 20:00' removes one. Local mode keeps cron.

            'habits remind digest 08:00' has the server send one daily digest instead, at \
            08:00 in your account's time zone: the day's planned habits not done or skipped \
            yet, through every channel you have (nothing when all are done); 'habits remind \
            digest --off' stops it. 'habits remind list' shows it.
            """,
        positionals: [action.spec, habit.spec, time.spec, target.spec],
        options: [
            DateOption.plannedSpec, quiet.spec, install.spec, at.spec, via.spec, off.spec,
            GroupFilter.option.spec,
        ],
        examples: [
            "habits remind", "habits remind --quiet", "habits remind --install --at 19:30",
            "habits remind add Read 20:00",
            "habits remind add Run 07:30 --via ntfy https://ntfy.sh/me",
            "habits remind list", "habits remind remove Read 20:00",
            "habits remind digest 08:00", "habits remind digest --off",
        ])

    let date: LocalDate
    let quiet: Bool
    let install: Bool
    let time: (hour: Int, minute: Int)
    /// `add`, `list` or `remove`: reminders the server sends.
    let server: ServerReminders?
    /// Only this group's habits, when given.
    let group: String?

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        if let word = arguments.value(of: Self.action),
            ServerReminders.Action(rawValue: word) == nil
        {
            throw UsageError(
                .unknownAction(word, actions: ServerReminders.Action.allCases.map(\.rawValue)),
                command: "remind")
        }
        server = try arguments.value(of: Self.action).flatMap(ServerReminders.Action.init).map {
            action throws(UsageError) in try ServerReminders(action: action, arguments: arguments)
        }
        date = try DateOption.read(arguments, today: today)
        quiet = arguments[Self.quiet]
        install = arguments[Self.install]
        if install && arguments[GlobalOptions.json] {
            throw UsageError(.textOnly(what: "the crontab line of --install"), command: "remind")
        }
        time = try arguments.value(of: Self.at, reading: Self.readTime) ?? (20, 0)
        group = GroupFilter.read(arguments)
    }

    /// The items of `group` (all without one) worth a reminder on `date`,
    /// under their groups (ungrouped last).
    static func reminders(_ items: [HabitOverview.Item], group: String?, on date: LocalDate)
        -> HabitGroups<HabitOverview.Item>
    {
        let chosen = GroupFilter.filter(items, group: group) { $0.habit.group }
        return HabitGroups(chosen.filter { reminds($0, on: date) }) { $0.habit.group }
    }

    /// Whether `item` is worth a reminder on `date`: still to do (never a
    /// limit, `DayStanding`), and for a monthly or every-N-days habit only
    /// on its planned days, so a month's quota is not asked for every day.
    static func reminds(_ item: HabitOverview.Item, on date: LocalDate) -> Bool {
        guard item.standing.isToDo else { return false }
        switch item.habit.frequency {
        case .daily, .weekly: return true
        case .monthly, .everyNDays:
            return date >= item.habit.startDate && item.habit.actionDays.contains(date.weekday)
        }
    }

    static func readTime(_ text: String, argument: String) throws(UsageError) -> (
        hour: Int, minute: Int
    ) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let hour = Int(parts[0]),
            let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else {
            throw UsageError(
                .invalidValue(
                    argument: argument, value: text, expected: "a time as HH:MM, such as 20:00"))
        }
        return (hour, minute)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        if let server {
            try await server.run(in: context)
            return
        }
        if install {
            try printInstallation(context)
            return
        }
        let backend = try context.backend()
        let overview = try await backend.overview(status: .active, on: date)
        let groups = Self.reminders(overview.items, group: group, on: date)
        // Grouped, ungrouped last; in list order when no habit has a group.
        let open = groups.sections.flatMap(\.elements)
        if let cachedAt = overview.cachedAt {
            context.errorOutput.line(
                "habits: the server cannot be reached; answering from the list cached "
                    + "\(HabitText.age(from: cachedAt, to: context.environment.clock.now())) ago.")
        }
        if context.style.json {
            try context.writeJSON(
                JSONOutput.Listing(
                    date: date, mode: backend.mode.name, cachedAt: overview.cachedAt, habits: open))
            return
        }
        let day = HabitText.onDay(date, today: context.today)
        guard !open.isEmpty else {
            if !quiet {
                let anyDue = overview.items.contains { $0.completion.state == .success }
                context.output.line(anyDue ? "All done \(day)." : "Nothing is due \(day).")
            }
            return
        }
        let palette = context.style.palette
        let verb = date < context.today ? "not done" : "still to do"
        context.output.line(
            palette.bold("\(open.count) habit\(open.count == 1 ? "" : "s") \(verb) \(day):"))
        let rows = open.map { item -> [TextTable.Cell] in
            let period = HabitText.period(of: item.habit, on: date, today: context.today)
            return [
                TextTable.Cell(
                    HabitText.mark(for: item.completion.state, unicode: context.style.unicode)),
                TextTable.Cell("#\(item.habit.id)", alignRight: true),
                TextTable.Cell(HabitText.name(item.habit.name)),
                TextTable.Cell(
                    HabitText.progress(item.completion, unit: item.habit.measurementType)
                        + " \(period), "
                        + "\(HabitText.number(item.completion.remaining)) to go"),
            ]
        }
        let widths = TextTable.widths(of: rows)
        var next = rows[...]
        for section in groups.sections {
            if groups.hasGroups {
                context.output.line(
                    palette.bold(section.name.map(HabitText.name) ?? HabitListView.ungrouped))
            }
            let part = next.prefix(section.elements.count)
            next = next.dropFirst(section.elements.count)
            for line in TextTable(rows: Array(part)).lines(widths: widths) {
                context.output.line(line)
            }
        }
        context.output.line("Record progress with: habits done <id>")
    }

    /// The crontab line and how to add it.
    private func printInstallation(_ context: CommandContext) throws(CommandError) {
        guard let path = context.environment.executablePath() else {
            throw CommandError.noExecutablePath
        }
        let line = CrontabLine(
            hour: time.hour, minute: time.minute, executable: path,
            variables: context.environment.variables,
            serverFlag: context.arguments.value(of: GlobalOptions.server))
        let time =
            "\(time.hour < 10 ? "0" : "")\(time.hour):\(time.minute < 10 ? "0" : "")\(time.minute)"
        context.output.line(
            "# Remind me at \(time) every day of the habits still to do (cron mails the output).")
        context.output.line("# Add the line below with 'crontab -e', or append it in one go:")
        context.output.line(
            "#   (crontab -l 2>/dev/null; habits remind --install | tail -n 1) | crontab -")
        context.output.line(line.text)
    }
}
