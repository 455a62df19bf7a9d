import HabitCore

/// `habits move`: puts a habit before or after another, or first or last,
/// in the order every list shows (`HabitOrder`).
///
/// The order is among the habits of the moved one's list (the active ones,
/// or the archived ones for an archived habit), so archived habits are
/// never written for a move of an active one. Each write is an edit of one
/// habit's `position` through the backend, as `habits edit` writes: a row
/// of this device's copy in local mode, a PATCH in server mode, an outbox
/// row offline. Usually one; the first move, or one with no room left
/// between two neighbours, numbers the whole list and writes each habit
/// whose position changes.
struct MoveCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "move",
        summary: "Move a habit before or after another, or to the top or bottom of the list.",
        discussion: """
            Lists show habits in this order: 'habits list', log, prompt, remind and the \
            web app's Today. Give exactly one of --before, --after, --first and --last. \
            The order syncs like any other change of a habit.
            """,
        positionals: [HabitReference.positional.spec],
        options: [before.spec, after.spec, first.spec, last.spec],
        examples: [
            "habits move Read --before Run", "habits move 3 --after 1",
            "habits move \"Drink water\" --first", "habits move Stretch --last",
        ])

    static let before = Option(
        "before", valueName: "habit", help: "Put it just before this habit (id or name).")
    static let after = Option(
        "after", valueName: "habit", help: "Put it just after this habit (id or name).")
    static let first = Flag("first", help: "Put it at the top of the list.")
    static let last = Flag("last", help: "Put it at the bottom of the list.")

    /// Where to, with the other habit as given.
    enum Place: Hashable, Sendable {
        case before(String)
        case after(String)
        case first
        case last
    }

    let reference: String
    let place: Place

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        reference = arguments.value(of: HabitReference.positional) ?? ""
        let keys: [any OptionKey] = [Self.before, Self.after, Self.first, Self.last]
        try arguments.requireAtMostOne(of: keys)
        if let other = arguments.value(of: Self.before) {
            place = .before(other)
        } else if let other = arguments.value(of: Self.after) {
            place = .after(other)
        } else if arguments.isGiven(Self.first) {
            place = .first
        } else if arguments.isGiven(Self.last) {
            place = .last
        } else {
            throw UsageError(
                .nothingToChange(options: ["--before", "--after", "--first", "--last"]),
                command: "move")
        }
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let backend = try context.backend()
        let all = try await backend.habits(status: .all)
        let habit = try HabitReference(reference).resolve(among: all)
        let list = all.filter { $0.status == habit.status }
        var other: Habit?
        let destination: HabitOrder.Destination
        switch place {
        case .before(let text), .after(let text):
            let found = try HabitReference(text).resolve(among: all)
            guard found.id != habit.id else { throw CommandError.moveNextToItself(habit) }
            guard found.status == habit.status else {
                throw CommandError.moveAcrossLists(habit, next: found)
            }
            other = found
            destination = place == .before(text) ? .before(found.id) : .after(found.id)
        case .first: destination = .first
        case .last: destination = .last
        }
        let changes = HabitOrder(list).changes(moving: habit.id, to: destination) ?? []
        var moved = habit
        for change in changes {
            let updated = try await backend.updateHabit(
                id: change.id, changes: HabitChanges(position: .some(change.position)))
            if updated.id == habit.id { moved = updated }
        }
        if context.style.json {
            try context.writeJSON(moved)
            return
        }
        let name = "#\(habit.id) \(HabitText.name(habit.name))"
        let whereTo =
            switch destination {
            case .before: other.map { "before #\($0.id) \(HabitText.name($0.name))" } ?? ""
            case .after: other.map { "after #\($0.id) \(HabitText.name($0.name))" } ?? ""
            case .first: "first"
            case .last: "last"
            }
        context.output.line(
            changes.isEmpty ? "\(name) is already \(whereTo)." : "Moved \(name) \(whereTo).")
    }
}
