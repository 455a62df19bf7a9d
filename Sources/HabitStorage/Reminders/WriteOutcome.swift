import HabitCore

/// What a write transaction answered, as `PendingEvent` reads it: whether it
/// wrote anything, and the id of a habit it created.
public protocol WriteOutcome {
    var wroteSomething: Bool { get }
    var createdHabitID: Int64? { get }
}

extension WriteOutcome {
    public var createdHabitID: Int64? { nil }
}

/// A habit answered by a write is a habit created.
extension Habit: WriteOutcome {
    public var wroteSomething: Bool { true }
    public var createdHabitID: Int64? { id }
}

extension ProgressEntry: WriteOutcome {
    public var wroteSomething: Bool { true }
}

extension Versioned: WriteOutcome where Value: WriteOutcome {
    public var wroteSomething: Bool { value.wroteSomething }
    public var createdHabitID: Int64? { value.createdHabitID }
}

/// An update or delete: written, and not answered with the row as it was
/// (a repeated PUT of the same entry, a delete of a day with none); it
/// creates no habit.
extension GuardedWrite: WriteOutcome {
    public var wroteSomething: Bool {
        guard case .written(let stored, let replaced) = self else { return false }
        return stored?.version != replaced?.version
    }
}

extension Optional: WriteOutcome where Wrapped: WriteOutcome {
    public var wroteSomething: Bool { self?.wroteSomething ?? false }
    public var createdHabitID: Int64? { self?.createdHabitID }
}

/// A replayed answer or a reused key ran nothing.
extension Idempotent: WriteOutcome where Value: WriteOutcome {
    public var wroteSomething: Bool {
        if case .performed(let value) = self { return value.wroteSomething }
        return false
    }

    public var createdHabitID: Int64? {
        if case .performed(let value) = self { return value.createdHabitID }
        return nil
    }
}

/// A failure whose answer is remembered was rolled back to its savepoint.
extension Result: WriteOutcome where Success: WriteOutcome {
    public var wroteSomething: Bool { (try? get())?.wroteSomething ?? false }
    public var createdHabitID: Int64? { (try? get())?.createdHabitID }
}

/// A count of rows written (a batch of entries).
extension Int: WriteOutcome {
    public var wroteSomething: Bool { self > 0 }
}
