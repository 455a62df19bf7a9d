/// What a habit's target means for each period: a minimum to reach, or a
/// limit not to go over.
///
/// An at-least period is done as soon as its value reaches the target; an
/// at-most period is done once it has ended with its value at or under the
/// target, and failed as soon as its value goes over it (`HabitHistory`).
public enum Goal: String, Codable, CaseIterable, Sendable {
    /// The target is a minimum (> 0): the first model's only meaning, and the default.
    case atLeast = "AT_LEAST"
    /// The target is a limit (≥ 0; 0 means none at all).
    case atMost = "AT_MOST"
}
