import Foundation
import HabitCore

/// `habits check`: a walk through the day's habits still to do, on a terminal.
struct CheckCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "check",
        summary: "Check in: go through the day's habits still to do, one question each.",
        discussion: """
            For each habit still to do on the day, asks whether it is done: 'y' records \
            what 'habits done' would (what is left of a daily target, one session of a \
            weekly one), a number adds that amount, 's' marks the \
            day skipped, 'n' (or Return) leaves it, 'q' stops. Each answer is saved at \
            once, so stopping (or Ctrl-C) keeps the answers already given. Ends with the \
            day's summary and the streaks reached. Needs a terminal; in scripts use \
            'habits done' and 'habits skip'.
            """,
        options: [DateOption.spec],
        examples: ["habits check", "habits check --date yesterday"])

    let date: LocalDate

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        date = try DateOption.read(arguments, today: today)
    }

    /// One answer to a habit's question.
    enum Answer: Equatable {
        case done
        case amount(Decimal)
        case skip
        case leave
        case quit

        /// The answer `text` stands for, or `nil` when it is none.
        init?(_ text: String) {
            switch text.lowercased() {
            case "y", "yes": self = .done
            case "n", "no", "": self = .leave
            case "s", "skip": self = .skip
            case "q", "quit": self = .quit
            default:
                guard let amount = ArgumentValue.strictDecimal(text), amount >= 0 else {
                    return nil
                }
                self = .amount(amount)
            }
        }
    }

    /// The closing line, accounting for every habit of the day: "3 of 5 done
    /// yesterday, 1 skipped, 1 not started yet, 0 still to do."; skipped,
    /// not planned that day, not started yet and future only when there are some.
    static func summary(_ states: [PeriodState], day: String) -> String {
        func count(_ matching: (PeriodState) -> Bool) -> Int { states.filter(matching).count }
        var text = "\(count { $0 == .success }) of \(states.count) done \(day)"
        let others: [(String, Int)] = [
            ("skipped", count { $0 == .skipped }),
            ("not planned that day", count { $0 == .rest }),
            ("not started yet", count { $0 == .beforeStart }),
            ("not due yet", count { $0 == .future }),
        ]
        for (words, number) in others where number > 0 { text += ", \(number) \(words)" }
        return text + ", \(count { $0.isToDo }) still to do."
    }

    func run(in context: CommandContext) async throws(CommandError) {
        if context.style.json {
            throw CommandError(
                UsageError(.textOnly(what: "check, which asks questions"), command: "check"))
        }
        guard let prompter = context.prompter else {
            throw CommandError.checkNeedsTerminal
        }
        if let problem = ProgressEntry.problems(date: date, skipped: false, today: context.today)
            .first
        {
            throw CommandError.progressNotAllowed(problem)
        }
        let backend = try context.backend()
        let before = try await backend.overview(status: .active, on: date)
        let open = before.items.filter { $0.habit.status == .active && $0.completion.state.isToDo }
        if open.isEmpty {
            context.output.line(
                "Nothing left to do \(HabitText.onDay(date, today: context.today)).")
            return
        }
        var answered = 0
        for item in open {
            let habit = item.habit
            let question =
                "\(HabitText.name(habit.name)) \(context.style.unicode ? "\u{2014}" : "--") "
                + "\(HabitText.progress(item.completion, unit: habit.measurementType)) "
                + "\(HabitText.period(of: habit, on: date, today: context.today)). "
                + "Done? [y]es/[n]o/[s]kip/<amount>/[q]uit"
            guard
                let answer = prompter.ask(
                    question,
                    read: { text in
                        Answer(text).map { .success($0) }
                            ?? .failure(
                                PromptProblem("Answer y, n, s, q or an amount such as 2.5."))
                    })
            else { break }
            switch answer {
            case .quit: break
            case .leave: continue
            case .done:
                // One session, as a bare 'done' records it.
                _ = try await backend.addToEntry(
                    habitID: habit.id, date: date,
                    amount: min(item.completion.remaining, habit.sessionShare))
            case .amount(let amount):
                _ = try await backend.addToEntry(habitID: habit.id, date: date, amount: amount)
            case .skip:
                let current = try await backend.entries(habitID: habit.id, from: date, to: date)
                    .first
                _ = try await backend.setEntry(
                    ProgressEntry(date: date, value: current?.value ?? 0, skipped: true),
                    habitID: habit.id)
            }
            if answer == .quit { break }
            answered += 1
        }
        let after = try await backend.overview(status: .active, on: date)
        let byID = Dictionary(uniqueKeysWithValues: before.items.map { ($0.habit.id, $0) })
        var reached: [String] = []
        for item in after.items where item.completion.state == .success {
            guard byID[item.habit.id]?.completion.state != .success else { continue }
            let streak = item.currentStreak.map { HabitText.periods($0, of: item.habit.frequency) }
            reached.append(
                "\(HabitText.name(item.habit.name))\(streak.map { " (streak: \($0))" } ?? "")")
        }
        context.output.line(
            Self.summary(
                after.items.map(\.completion.state),
                day: HabitText.onDay(date, today: context.today)))
        if !reached.isEmpty {
            context.output.line("Target reached: \(reached.joined(separator: ", ")).")
        }
    }
}
