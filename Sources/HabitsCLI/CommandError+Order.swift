import HabitCore

/// How `habits move` fails: the same rules as `CommandError+Failures.swift`.
extension CommandError {
    /// `move` of a habit before or after itself.
    static func moveNextToItself(_ habit: Habit) -> CommandError {
        CommandError(
            .usage, "#\(habit.id) \(HabitText.name(habit.name)) cannot move next to itself.",
            hint: "Name another habit, or use --first or --last.")
    }

    /// `move` next to a habit of the other list (active or archived).
    static func moveAcrossLists(_ habit: Habit, next other: Habit) -> CommandError {
        let status = { (habit: Habit) in habit.status == .archived ? "archived" : "active" }
        return CommandError(
            .failure,
            "#\(habit.id) \(HabitText.name(habit.name)) is \(status(habit)) and "
                + "#\(other.id) \(HabitText.name(other.name)) is \(status(other)): a habit "
                + "moves among the habits of its own list.",
            hint: habit.status == .archived
                ? "Unarchive it first with 'habits unarchive \(habit.id)'."
                : "Name an active habit, or use --first or --last.")
    }
}
