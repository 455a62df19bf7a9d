import Foundation
import HabitCore

/// `habits add`: a new habit from its six properties.
struct AddCommand: HabitsCommand {
    static let name = Positional(
        "name", optional: true, help: "The habit's name (1–100 characters).")

    static let spec = CommandSpec(
        name: "add",
        summary: "Add a habit.",
        discussion: """
            A habit has six properties: its name, its period (--daily, --weekly, --monthly \
            or --every N days), --unit, --target, --days and --start. The target is a \
            minimum to reach (--at-least, the default) or, with --at-most, a limit not to \
            go over (0 for none at all). On a terminal, the ones missing from the command \
            line are asked for, with defaults shown, and then an optional --group; \
            otherwise the same defaults are taken (daily, at least, times, 1, every day, \
            today) and printed. Only the name is required. A name may \
            not be only digits (those name an id) nor the name of another active habit, \
            ignoring case. A user has at most 15 active habits. --icon (one emoji) and \
            --color (#rrggbb) mark the habit in lists; neither is asked for.
            """,
        positionals: [name.spec],
        options: HabitFieldOptions.specs,
        examples: [
            "habits add \"Drink water\" --daily --unit glasses --target 8 --days daily --start today",
            "habits add Run --weekly --unit km --target 20 --days mon,wed,sat --start 2026-03-02",
            "habits add Read --daily --unit pages --target 30 --days weekdays --start monday",
            "habits add Rent --monthly --target 1 --days daily --group Home",
            "habits add \"Water plants\" --every 3 --start today",
            "habits add Coffee --at-most --unit cups --target 2",
            "habits add Smoking --at-most --unit cigarettes --target 0",
            "habits add Run --icon 🏃 --color '#1e90ff'",
            "habits add            # on a terminal: asks for each property",
        ])

    let name: String?
    let options: HabitFieldOptions
    let today: LocalDate

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        name = arguments.value(of: Self.name)
        options = try HabitFieldOptions(arguments, today: today)
        self.today = today
    }

    /// The answers a terminal prompt offers first, taken without a terminal.
    static let defaultFrequency = Frequency.daily
    static let defaultUnit = "times"
    static let defaultTarget: Decimal = 1
    static let defaultDays = "daily"

    func run(in context: CommandContext) async throws(CommandError) {
        var (complete, defaults) = try completeFields(context)
        complete.icon = options.icon ?? nil
        complete.color = options.color ?? nil
        if let group = options.group { complete.group = group }
        let fields = try CommandInput.validated(complete)
        let backend = try context.backend()
        let habit = try await backend.createHabit(fields)
        if context.style.json {
            try context.writeJSON(habit)
            return
        }
        context.output.line(
            "Added #\(habit.id) \(habit.name): \(HabitText.summary(habit)).")
        if !defaults.isEmpty {
            context.output.line(
                "Not given, so the defaults: \(defaults.joined(separator: ", ")) "
                    + "(change them with 'habits edit \(habit.id)').")
        }
    }

    /// The six properties (and the goal, period length and group): from the
    /// command line, else asked on the terminal, else (no terminal) the
    /// prompt's defaults, listed as options to print.
    func completeFields(_ context: CommandContext) throws(CommandError) -> (
        HabitFields, defaults: [String]
    ) {
        if let name, let frequency = options.frequency, let unit = options.unit,
            let target = options.target, let days = options.days, let start = options.start
        {
            return (
                HabitFields(
                    name: name, frequency: frequency, measurementType: unit, startDate: start,
                    actionDays: days, targetValue: target, goal: options.goal ?? .atLeast,
                    periodDays: options.periodDays), []
            )
        }
        guard let prompter = context.prompter else { return try defaultedFields() }
        let cancelled = CommandError.addCancelled
        guard let name = name ?? prompter.ask("Name", read: Self.readName) else { throw cancelled }
        var period = options.frequency.map { Period(frequency: $0, days: options.periodDays) }
        if period == nil {
            period = prompter.ask(
                "Frequency (daily, weekly, monthly or every N days)", default: "daily",
                read: Self.readFrequency)
        }
        guard var period else { throw cancelled }
        if period.frequency == .everyNDays && period.days == nil {
            guard
                let days = prompter.ask(
                    "Every how many days (2–365)", default: "3", read: Self.readPeriodDays)
            else { throw cancelled }
            period.days = days
        }
        let every = HabitText.period(period.frequency, days: period.days)
        guard
            let unit = options.unit
                ?? prompter.ask("Unit", default: Self.defaultUnit, read: Self.readUnit),
            let goal = options.goal
                ?? (options.target == nil
                    ? prompter.ask(
                        "At least or at most?", default: "at least", read: Self.readGoal)
                    : .atLeast),
            let target = options.target
                ?? prompter.ask(
                    "\(goal == .atMost ? "Limit" : "Target") per \(every)",
                    default: HabitText.number(Self.defaultTarget),
                    read: { Self.readTarget($0, goal: goal) }),
            let days = options.days
                ?? prompter.ask(
                    "Days (daily, weekdays, weekends or mon,wed,fri)", default: Self.defaultDays,
                    read: Self.readDays),
            let start = options.start
                ?? prompter.ask("Start date", default: "today", read: { readStart($0) }),
            let group = options.group
                ?? prompter.ask("Group (Return for none)", read: Self.readGroup)
        else { throw cancelled }
        return (
            HabitFields(
                name: name, frequency: period.frequency, measurementType: unit, startDate: start,
                actionDays: days, targetValue: target, goal: goal, periodDays: period.days,
                group: group), []
        )
    }

    /// A frequency as answered at the prompt: `days` is N of every N days
    /// (`nil` until asked, when the answer was only "every").
    struct Period: Hashable, Sendable {
        var frequency: Frequency
        var days: Int?
    }

    /// Without a terminal: the name is required, the rest takes the
    /// prompt's defaults, each listed as the option that would have set it.
    private func defaultedFields() throws(CommandError) -> (HabitFields, defaults: [String]) {
        guard let name else {
            throw CommandError(UsageError(.missingFields(["<name>"]), command: "add"))
        }
        var defaults: [String] = []
        func taking<T>(_ given: T?, _ value: T, _ option: String) -> T {
            if let given { return given }
            defaults.append(option)
            return value
        }
        // In the order of the command line (and of the prompts).
        let frequency = taking(options.frequency, Self.defaultFrequency, "--daily")
        let unit = taking(options.unit, Self.defaultUnit, "--unit \(Self.defaultUnit)")
        let target = taking(
            options.target, Self.defaultTarget, "--target \(HabitText.number(Self.defaultTarget))")
        let days = taking(
            options.days, ActionDays(parsing: Self.defaultDays) ?? ActionDays(Weekday.allCases),
            "--days \(Self.defaultDays)")
        let start = taking(options.start, today, "--start \(today)")
        // The goal's default is the model's (at least), as a missing group
        // is no group: neither is listed.
        let fields = HabitFields(
            name: name, frequency: frequency, measurementType: unit, startDate: start,
            actionDays: days, targetValue: target, goal: options.goal ?? .atLeast,
            periodDays: options.periodDays)
        return (fields, defaults)
    }

    static func readName(_ text: String) -> Result<String, PromptProblem> {
        let problems = HabitFields.problems(name: text)
        return problems.isEmpty
            ? .success(text) : .failure(PromptProblem(problems.joined(separator: " ")))
    }

    /// "daily", "weekly", "monthly", "every" (N asked next) or "every 3
    /// days", each also by its first letter.
    static func readFrequency(_ text: String) -> Result<Period, PromptProblem> {
        let words = text.lowercased().split(separator: " ")
        switch words.first {
        case "daily", "d": if words.count == 1 { return .success(Period(frequency: .daily)) }
        case "weekly", "w": if words.count == 1 { return .success(Period(frequency: .weekly)) }
        case "monthly", "m": if words.count == 1 { return .success(Period(frequency: .monthly)) }
        case "every", "e":
            if words.count == 1 { return .success(Period(frequency: .everyNDays)) }
            if words.count <= 3, words.count == 2 || words[2] == "days",
                let days = Int(words[1]), HabitFields.periodDaysRange.contains(days)
            {
                return .success(Period(frequency: .everyNDays, days: days))
            }
        default: break
        }
        return .failure(PromptProblem("Answer daily, weekly, monthly or every N days (2–365)."))
    }

    static func readPeriodDays(_ text: String) -> Result<Int, PromptProblem> {
        guard let days = Int(text), HabitFields.periodDaysRange.contains(days) else {
            return .failure(PromptProblem("Enter a whole number of days from 2 to 365."))
        }
        return .success(days)
    }

    static func readGoal(_ text: String) -> Result<Goal, PromptProblem> {
        switch text.lowercased() {
        case "at least", "least", "l": return .success(.atLeast)
        case "at most", "most", "m": return .success(.atMost)
        default: return .failure(PromptProblem("Answer at least or at most."))
        }
    }

    /// A group, or none for an empty answer or "none" (as `--group none`).
    static func readGroup(_ text: String) -> Result<String?, PromptProblem> {
        if text.isEmpty || text.lowercased() == HabitFieldOptions.noneWord { return .success(nil) }
        let problems = HabitFields.problems(group: text)
        return problems.isEmpty
            ? .success(text) : .failure(PromptProblem(problems.joined(separator: " ")))
    }

    static func readUnit(_ text: String) -> Result<String, PromptProblem> {
        let problems = HabitFields.problems(measurementType: text)
        return problems.isEmpty
            ? .success(text) : .failure(PromptProblem(problems.joined(separator: " ")))
    }

    static func readTarget(_ text: String, goal: Goal) -> Result<Decimal, PromptProblem> {
        guard let value = ArgumentValue.strictDecimal(text) else {
            return .failure(PromptProblem("Enter a number such as 8 or 0.5."))
        }
        let problems = HabitFields.problems(targetValue: value, goal: goal)
        return problems.isEmpty
            ? .success(value) : .failure(PromptProblem(problems.joined(separator: " ")))
    }

    static func readDays(_ text: String) -> Result<ActionDays, PromptProblem> {
        guard let days = ActionDays(parsing: text) else {
            return .failure(
                PromptProblem("Enter daily, weekdays, weekends or days such as mon,wed,fri."))
        }
        return .success(days)
    }

    func readStart(_ text: String) -> Result<LocalDate, PromptProblem> {
        guard let date = DateWords.date(text, today: today) else {
            return .failure(PromptProblem("Enter \(DateWords.expected)."))
        }
        return .success(date)
    }
}
