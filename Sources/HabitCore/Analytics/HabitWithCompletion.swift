import Foundation

/// A habit as a date-filtered list returns it: the habit's own fields plus
/// `completion_data` for the period containing the requested date.
///
/// Wire form: the Habit object with one more key, `"completion_data":
/// {"target", "current", "state"}`, absent when no date was asked for.
public struct HabitWithCompletion: Hashable, Sendable, Codable {
    public var habit: Habit
    public var completion: CompletionData?
    /// The current streak as of the listed date (or today, when later), when
    /// the server sends it (habits-server does, with `completion_data`).
    public var currentStreak: Int?
    /// The strength (0 to 1) as of the same date, when the server sends it.
    public var strength: Double?

    public init(
        habit: Habit, completion: CompletionData?, currentStreak: Int? = nil,
        strength: Double? = nil
    ) {
        self.habit = habit
        self.completion = completion
        self.currentStreak = currentStreak
        self.strength = strength
    }

    enum CodingKeys: String, CodingKey {
        case completion = "completion_data"
        case currentStreak = "current_streak"
        case strength
    }

    public init(from decoder: any Decoder) throws {
        habit = try Habit(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        completion = try container.decodeIfPresent(CompletionData.self, forKey: .completion)
        // Optional extras: a server that sends something else for them (or
        // nothing) still gives a usable list.
        currentStreak = (try? container.decodeIfPresent(Int.self, forKey: .currentStreak))
            .flatMap { $0 }.flatMap { $0 >= 0 ? $0 : nil }
        strength = (try? container.decodeIfPresent(Double.self, forKey: .strength))
            .flatMap { $0 }.flatMap { (0...1).contains($0) ? $0 : nil }
    }

    public func encode(to encoder: any Encoder) throws {
        try habit.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(completion, forKey: .completion)
        try container.encodeIfPresent(currentStreak, forKey: .currentStreak)
        try container.encodeIfPresent(strength, forKey: .strength)
    }
}
