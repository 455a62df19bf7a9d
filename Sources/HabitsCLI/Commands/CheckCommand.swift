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
            weekly one, one unit of a monthly or every-N-days one), a number adds that \
            amount, 's' marks the day skipped, 'n' (or Return) leaves it, 'q' stops. An \
            --at-most habit within its limit is asked how many instead: a number adds \
            that amount, 'n' (or Return) adds none; it is not asked once over. Each \
            answer is saved at \
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

        /// The answer `text` stands for, or `nil` when it is none. An
        /// at-most habit is asked "how many?": yes is no answer to that.
        init?(_ text: String, goal: Goal = .atLeast) {
            switch text.lowercased() {
            case "y", "yes":
                guard goal == .atLeast else { return nil }
                self = .done
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
        summary(states.map { ($0, Goal.atLeast) }, day: day)
    }

    /// `summary(_:day:)` with each habit's goal: an at-most habit within its
    /// limit is not "still to do" (nothing is to be done), only over it.
    static func summary(_ items: [(state: PeriodState, goal: Goal)], day: String) -> String {
        let states = items.map(\.state)
        func count(_ matching: (PeriodState) -> Bool) -> Int { states.filter(matching).count }
        let toDo = items.filter { $0.state.isToDo && !($0.goal == .atMost && $0.state == .pending) }
        var text = "\(count { $0 == .success }) of \(states.count) done \(day)"
        let others: [(String, Int)] = [
            ("skipped", count { $0 == .skipped }),
            ("not planned that day", count { $0 == .rest }),
            ("not started yet", count { $0 == .beforeStart }),
            ("not due yet", count { $0 == .future }),
        ]
        for (words, number) in others where number > 0 { text += ", \(number) \(words)" }
        return text + ", \(toDo.count) still to do."
    }

    /// The question for one habit: "Read -- 10/30 pages today. Done?
    /// [y]es/[n]o/[s]kip/<amount>/[q]uit"; an at-most habit is asked how
    /// many, with what is left of its limit: "Coffee -- 1/2 cups today, 1
    /// left. How many? <amount>/[n]one/[s]kip/[q]uit".
    static func question(
        _ completion: CompletionData, of habit: Habit, on date: LocalDate, today: LocalDate,
        unicode: Bool
    ) -> String {
        let start =
            "\(HabitText.name(habit.name)) \(unicode ? "\u{2014}" : "--") "
            + "\(HabitText.progress(completion, unit: habit.measurementType)) "
            + HabitText.period(of: habit, on: date, today: today)
        guard habit.goal == .atMost else {
            return start + ". Done? [y]es/[n]o/[s]kip/<amount>/[q]uit"
        }
        return start + ", \(HabitText.number(completion.remaining)) left. "
            + "How many? <amount>/[n]one/[s]kip/[q]uit"
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
        // An at-most habit is asked while within its limit ("how many?"),
        // not once it is over.
        let open = before.items.filter {
            $0.habit.status == .active && $0.completion.state.isToDo
                && !($0.habit.goal == .atMost && $0.completion.state == .failed)
        }
        if open.isEmpty {
            context.output.line(
                "Nothing left to do \(HabitText.onDay(date, today: context.today)).")
            return
        }
        var answered = 0
        for item in open {
            let habit = item.habit
            let question = Self.question(
                item.completion, of: habit, on: date, today: context.today,
                unicode: context.style.unicode)
            let problem =
                habit.goal == .atMost
                ? "Answer an amount such as 2, n, s or q."
                : "Answer y, n, s, q or an amount such as 2.5."
            guard
                let answer = prompter.ask(
                    question,
                    read: { text in
                        Answer(text, goal: habit.goal).map { .success($0) }
                            ?? .failure(PromptProblem(problem))
                    })
            else { break }
            switch answer {
            case .quit: break
            case .leave: continue
            case .done:
                // One session, as a bare 'done' records it.
                _ = try await backend.addToEntry(
                    habitID: habit.id, date: date,
                    amount: habit.bareDoneAmount(toward: item.completion))
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
            let streak = item.currentStreak.map { HabitText.periods($0, of: item.habit) }
            reached.append(
                "\(HabitText.name(item.habit.name))\(streak.map { " (streak: \($0))" } ?? "")")
        }
        context.output.line(
            Self.summary(
                after.items.map { ($0.completion.state, $0.habit.goal) },
                day: HabitText.onDay(date, today: context.today)))
        if !reached.isEmpty {
            context.output.line("Target reached: \(reached.joined(separator: ", ")).")
        }
    }
}
