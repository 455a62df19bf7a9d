import Foundation

/// A habit as `GET me/habits/{id}/` answers it: its fields, and its stats
/// as of a date when the server sends them.
///
/// The stats are optional in the contract: a server that sends none, or
/// something else in their place, still gives a usable habit, and the
/// client works the stats out from the progress routes instead.
public struct HabitWithStats: Hashable, Sendable, Codable {
    public var habit: Habit
    /// The stats over every period from the start up to the one containing
    /// `statsDate`, when the server sends them.
    public var stats: HabitStats?
    /// The date `stats` are as of (`stats.as_of`).
    public var statsDate: LocalDate?

    public init(habit: Habit, stats: HabitStats?, asOf date: LocalDate?) {
        self.habit = habit
        self.stats = stats
        self.statsDate = stats == nil ? nil : date
    }

    /// The stats when they are as of `date`; `nil` when the server sent
    /// none or worked them out for another day (it ignored `today`).
    public func stats(asOf date: LocalDate) -> HabitStats? {
        statsDate == date ? stats : nil
    }

    enum CodingKeys: String, CodingKey {
        case stats
    }

    enum StatsKeys: String, CodingKey {
        case asOf = "as_of"
    }

    public init(from decoder: any Decoder) throws {
        habit = try Habit(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stats = try? container.decodeIfPresent(HabitStats.self, forKey: .stats)
        let date = try? container.nestedContainer(keyedBy: StatsKeys.self, forKey: .stats)
            .decode(LocalDate.self, forKey: .asOf)
        if let stats, let date, Self.isPossible(stats) {
            self.stats = stats
            statsDate = date
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try habit.encode(to: encoder)
        guard let stats, let statsDate else { return }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(DatedStats(stats: stats, date: statsDate), forKey: .stats)
    }

    /// `stats` with `as_of` among its members.
    private struct DatedStats: Encodable {
        var stats: HabitStats
        var date: LocalDate

        func encode(to encoder: any Encoder) throws {
            try stats.encode(to: encoder)
            var container = encoder.container(keyedBy: StatsKeys.self)
            try container.encode(date, forKey: .asOf)
        }
    }

    /// Whether `stats` could be true of some history: counts not negative,
    /// the current streak within the longest, that within the done periods,
    /// the strength from 0 to 1. Anything else is not used.
    static func isPossible(_ stats: HabitStats) -> Bool {
        stats.currentStreak >= 0 && stats.currentStreak <= stats.longestStreak
            && stats.longestStreak <= stats.successCount && stats.failedCount >= 0
            && stats.skippedCount >= 0 && (0...1).contains(stats.strength)
    }
}
