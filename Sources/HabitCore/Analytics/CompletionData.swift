import Foundation

/// A habit's progress for the period (day, ISO week, month or block of N
/// days) containing a date: the target (a minimum, or a limit for an
/// AT_MOST habit), what has been done so far, and the period's state.
///
/// Wire form: `{"target", "current", "state"}`.
public struct CompletionData: Hashable, Sendable, Codable {
    public var target: Decimal
    public var current: Decimal
    public var state: PeriodState

    public init(target: Decimal, current: Decimal, state: PeriodState) {
        self.target = target
        self.current = current
        self.state = state
    }

    enum CodingKeys: String, CodingKey { case target, current, state }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        target = try container.decodeDecimal(forKey: .target)
        current = try container.decodeDecimal(forKey: .current)
        state = try container.decode(PeriodState.self, forKey: .state)
    }

    /// What is left to reach the target, never negative: for an AT_MOST
    /// habit, what is left of the limit.
    public var remaining: Decimal {
        current >= target ? 0 : target - current
    }
}
