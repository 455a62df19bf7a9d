import Foundation

/// A habit as a date-filtered list returns it: the habit's own fields plus
/// `completion_data` for the period containing the requested date.
///
/// Wire form: the Habit object with one more key, `"completion_data":
/// {"target", "current", "state"}`, absent when no date was asked for.
public struct HabitWithCompletion: Hashable, Sendable, Codable {
    public var habit: Habit
    public var completion: CompletionData?

    public init(habit: Habit, completion: CompletionData?) {
        self.habit = habit
        self.completion = completion
    }

    enum CodingKeys: String, CodingKey {
        case completion = "completion_data"
    }

    public init(from decoder: any Decoder) throws {
        habit = try Habit(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        completion = try container.decodeIfPresent(CompletionData.self, forKey: .completion)
    }

    public func encode(to encoder: any Encoder) throws {
        try habit.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(completion, forKey: .completion)
    }
}
