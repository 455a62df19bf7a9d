/// Which habits a listing returns, by status: the API's `status` query
/// values, and what the stores filter on.
public enum HabitStatusFilter: String, CaseIterable, Sendable {
    case active = "ACTIVE"
    case archived = "ARCHIVED"
    case all = "ALL"
}
