/// Whether a habit is in use. Archived habits keep their history but leave the
/// daily list and do not count towards the active-habit limit.
public enum HabitStatus: String, Codable, CaseIterable, Sendable {
    case active = "ACTIVE"
    case archived = "ARCHIVED"
}
