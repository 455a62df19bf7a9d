/// What became of a write made under a `VersionCondition`.
package enum GuardedWrite<Value> {
    /// The write was made: the row as stored now (`nil` after a delete) and
    /// the row it replaced (`nil` when there was none).
    case written(stored: Versioned<Value>?, replaced: Versioned<Value>?)
    /// The condition was not met and nothing was written: the row as it is
    /// (`nil` when there is none).
    case mismatch(current: Versioned<Value>?)
}

extension GuardedWrite: Sendable where Value: Sendable {}
extension GuardedWrite: Equatable where Value: Equatable {}

extension GuardedWrite {
    /// The stored value of a write made; `nil` after a delete or a mismatch.
    package var storedValue: Value? {
        if case .written(let stored, _) = self { return stored?.value }
        return nil
    }

    /// Whether the write was made.
    package var isWritten: Bool {
        if case .written = self { return true }
        return false
    }
}
