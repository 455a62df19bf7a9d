/// How often a habit's target is due: every scheduled day, or once per ISO week.
public enum Frequency: String, Codable, CaseIterable, Sendable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
}
