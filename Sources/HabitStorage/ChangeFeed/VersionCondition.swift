/// What a write expects of the version it replaces (HTTP `If-Match`).
///
/// The store checks it under the write's lock, so nothing can change the
/// row between the check and the write.
package enum VersionCondition: Sendable, Hashable {
    /// `*`: the habit or entry must exist, whatever its version.
    case exists
    /// One of these versions must be stored; an empty set matches nothing
    /// (a weak or unreadable entity tag never matches).
    case oneOf(Set<Int64>)

    /// Whether a row with `current` version (`nil`: none) satisfies it.
    package func isMet(by current: Int64?) -> Bool {
        guard let current else { return false }
        switch self {
        case .exists: return true
        case .oneOf(let versions): return versions.contains(current)
        }
    }
}

extension Optional where Wrapped == VersionCondition {
    /// No condition is always met.
    package func isMet(by current: Int64?) -> Bool {
        switch self {
        case .none: return true
        case .some(let condition): return condition.isMet(by: current)
        }
    }
}
