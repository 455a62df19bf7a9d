import HabitCore

/// What a write transaction answered, as `PendingEvent` reads it: whether it
/// wrote anything, and the id of a habit it created.
package protocol WriteOutcome {
    var wroteSomething: Bool { get }
    var createdHabitID: Int64? { get }
}

extension WriteOutcome {
    package var createdHabitID: Int64? { nil }
}

/// A habit answered by a write is a habit created.
extension Habit: WriteOutcome {
    package var wroteSomething: Bool { true }
    package var createdHabitID: Int64? { id }
}

extension ProgressEntry: WriteOutcome {
    package var wroteSomething: Bool { true }
}

extension Versioned: WriteOutcome where Value: WriteOutcome {
    package var wroteSomething: Bool { value.wroteSomething }
    package var createdHabitID: Int64? { value.createdHabitID }
}

/// An update or delete: written, and not answered with the row as it was
/// (a repeated PUT of the same entry, a delete of a day with none); it
/// creates no habit.
extension GuardedWrite: WriteOutcome {
    package var wroteSomething: Bool {
        guard case .written(let stored, let replaced) = self else { return false }
        return stored?.version != replaced?.version
    }
}

extension Optional: WriteOutcome where Wrapped: WriteOutcome {
    package var wroteSomething: Bool { self?.wroteSomething ?? false }
    package var createdHabitID: Int64? { self?.createdHabitID }
}

/// A replayed answer or a reused key ran nothing.
extension Idempotent: WriteOutcome where Value: WriteOutcome {
    package var wroteSomething: Bool {
        if case .performed(let value) = self { return value.wroteSomething }
        return false
    }

    package var createdHabitID: Int64? {
        if case .performed(let value) = self { return value.createdHabitID }
        return nil
    }
}

/// A failure whose answer is remembered was rolled back to its savepoint.
extension Result: WriteOutcome where Success: WriteOutcome {
    package var wroteSomething: Bool { (try? get())?.wroteSomething ?? false }
    package var createdHabitID: Int64? { (try? get())?.createdHabitID }
}

/// A count of rows written (a batch of entries).
extension Int: WriteOutcome {
    package var wroteSomething: Bool { self > 0 }
}
