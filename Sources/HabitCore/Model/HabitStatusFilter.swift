/// Which habits a listing returns, by status: the API's `status` query
/// values, and what the stores filter on.
public enum HabitStatusFilter: String, CaseIterable, Sendable {
    case active = "ACTIVE"
    case archived = "ARCHIVED"
    case all = "ALL"

    /// Whether a habit with `status` is among the habits this filter returns.
    public func includes(_ status: HabitStatus) -> Bool {
        switch self {
        case .all: true
        case .active: status == .active
        case .archived: status == .archived
        }
    }
}
