/// Which habits a listing returns: the API's `status` query values.
public enum HabitListStatus: String, CaseIterable, Sendable {
    case active = "ACTIVE"
    case archived = "ARCHIVED"
    case all = "ALL"
}
