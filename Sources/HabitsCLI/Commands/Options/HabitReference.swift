import Foundation
import HabitCore

/// How a person names a habit on the command line: its id (`3` or `#3`) or its
/// name, matched exactly but ignoring case and surrounding spaces.
///
/// An id wins over a name that happens to be the same digits. A name shared by
/// several habits (an archived and an active "Run") is ambiguous: the error
/// lists the candidates with their ids.
struct HabitReference: Hashable, Sendable {
    enum Match: Hashable, Sendable {
        case found(Habit)
        case none
        case ambiguous([Habit])
    }

    /// `<habit>`, the first argument of the commands that act on one habit.
    static let positional = Positional("habit", help: "The habit's id or name.")
    /// `[<habit>]`, of `skip` and `undo`, which may act on `--all` instead.
    static let optionalPositional = Positional(
        "habit", optional: true, help: "The habit's id or name.")

    let text: String

    init(_ text: String) {
        self.text = text
    }

    /// The id the text spells, if it is one.
    var id: Int64? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        return Int64(digits)
    }

    /// The habit among `habits` that the text names.
    func match(among habits: [Habit]) -> Match {
        if let id, let habit = habits.first(where: { $0.id == id }) { return .found(habit) }
        let named = habits.filter { HabitFields.sameName($0.name, text) }
        switch named.count {
        case 0: return .none
        case 1: return .found(named[0])
        default: return .ambiguous(named)
        }
    }

    /// The habit the text names, as the backend finds it
    /// (`HabitBackend.habit(for:)`).
    func resolve(in backend: any HabitBackend) async throws(CommandError) -> Habit {
        try await backend.habit(for: self)
    }

    /// The habit the text names among `habits` (all of a backend's), or the
    /// error saying none or several do.
    func resolve(among habits: [Habit]) throws(CommandError) -> Habit {
        switch match(among: habits) {
        case .found(let habit):
            return habit
        case .none:
            throw CommandError.habitNotFound(text)
        case .ambiguous(let candidates):
            throw CommandError.ambiguousHabitName(text, candidates: candidates)
        }
    }
}
