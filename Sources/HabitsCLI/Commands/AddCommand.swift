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
            A habit has six properties: its name, --daily or --weekly, --unit, --target, \
            --days and --start. On a terminal, the ones missing from the command line are \
            asked for, with defaults shown; otherwise the same defaults are taken (daily, \
            times, 1, every day, today) and printed. Only the name is required. A name may \
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
        let fields = try CommandInput.validated(complete)
        let backend = try context.backend()
        let habit = try await backend.createHabit(fields)
        if context.style.json {
            try context.writeJSON(habit)
            return
        }
        context.output.line(
            "Added #\(habit.id) \(habit.name): \(HabitText.target(habit)), "
                + "\(HabitText.frequency(habit)), from \(habit.startDate).")
        if !defaults.isEmpty {
            context.output.line(
                "Not given, so the defaults: \(defaults.joined(separator: ", ")) "
                    + "(change them with 'habits edit \(habit.id)').")
        }
    }

    /// The six properties: from the command line, else asked on the terminal,
    /// else (no terminal) the prompt's defaults, listed as options to print.
    func completeFields(_ context: CommandContext) throws(CommandError) -> (
        HabitFields, defaults: [String]
    ) {
        if let name, let frequency = options.frequency, let unit = options.unit,
            let target = options.target, let days = options.days, let start = options.start
        {
            return (
                HabitFields(
                    name: name, frequency: frequency, measurementType: unit, startDate: start,
                    actionDays: days, targetValue: target), []
            )
        }
        guard let prompter = context.prompter else { return try defaultedFields() }
        let cancelled = CommandError.addCancelled
        guard
            let name = name ?? prompter.ask("Name", read: Self.readName),
            let frequency = options.frequency
                ?? prompter.ask(
                    "Frequency (daily or weekly)", default: "daily", read: Self.readFrequency),
            let unit = options.unit
                ?? prompter.ask("Unit", default: Self.defaultUnit, read: Self.readUnit),
            let target = options.target
                ?? prompter.ask(
                    "Target \(frequency == .daily ? "per day" : "per week")",
                    default: HabitText.number(Self.defaultTarget),
                    read: Self.readTarget),
            let days = options.days
                ?? prompter.ask(
                    "Days (daily, weekdays, weekends or mon,wed,fri)", default: Self.defaultDays,
                    read: Self.readDays),
            let start = options.start
                ?? prompter.ask("Start date", default: "today", read: { readStart($0) })
        else { throw cancelled }
        return (
            HabitFields(
                name: name, frequency: frequency, measurementType: unit, startDate: start,
                actionDays: days, targetValue: target), []
        )
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
        let fields = HabitFields(
            name: name, frequency: frequency, measurementType: unit, startDate: start,
            actionDays: days, targetValue: target)
        return (fields, defaults)
    }

    static func readName(_ text: String) -> Result<String, PromptProblem> {
        let problems = HabitFields.problems(name: text)
        return problems.isEmpty
            ? .success(text) : .failure(PromptProblem(problems.joined(separator: " ")))
    }

    static func readFrequency(_ text: String) -> Result<Frequency, PromptProblem> {
        switch text.lowercased() {
        case "daily", "d": return .success(.daily)
        case "weekly", "w": return .success(.weekly)
        default: return .failure(PromptProblem("Answer daily or weekly."))
        }
    }

    static func readUnit(_ text: String) -> Result<String, PromptProblem> {
        let problems = HabitFields.problems(measurementType: text)
        return problems.isEmpty
            ? .success(text) : .failure(PromptProblem(problems.joined(separator: " ")))
    }

    static func readTarget(_ text: String) -> Result<Decimal, PromptProblem> {
        guard let value = ArgumentValue.strictDecimal(text) else {
            return .failure(PromptProblem("Enter a number such as 8 or 0.5."))
        }
        let problems = HabitFields.problems(targetValue: value)
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
