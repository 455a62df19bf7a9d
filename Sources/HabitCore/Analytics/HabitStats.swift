/// A habit's record up to a given day: streaks and counts of decided periods
/// (days for DAILY habits, ISO weeks for WEEKLY ones).
public struct HabitStats: Hashable, Sendable, Codable {
    /// Consecutive successful periods ending at the latest decided one.
    public var currentStreak: Int
    /// The longest such run in the whole history.
    public var longestStreak: Int
    public var successCount: Int
    public var failedCount: Int
    public var skippedCount: Int

    public init(
        currentStreak: Int, longestStreak: Int, successCount: Int, failedCount: Int,
        skippedCount: Int
    ) {
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.successCount = successCount
        self.failedCount = failedCount
        self.skippedCount = skippedCount
    }

    /// success / (success + failed), or `nil` before any period is decided that way.
    public var completionRate: Double? {
        let decided = successCount + failedCount
        return decided == 0 ? nil : Double(successCount) / Double(decided)
    }

    enum CodingKeys: String, CodingKey {
        case currentStreak = "current_streak"
        case longestStreak = "longest_streak"
        case successCount = "success_count"
        case failedCount = "failed_count"
        case skippedCount = "skipped_count"
    }
}
