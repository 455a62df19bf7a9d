/// A habit's record up to a given day: streaks, counts and strength of decided
/// periods (days, ISO weeks, calendar months or blocks of N days, by frequency).
public struct HabitStats: Hashable, Sendable, Codable {
    /// Consecutive successful periods ending at the latest decided one.
    public var currentStreak: Int
    /// The longest such run in the whole history.
    public var longestStreak: Int
    public var successCount: Int
    public var failedCount: Int
    public var skippedCount: Int
    /// The habit's strength, 0 to 1 (shown as 0–100 %): Loop Habit Tracker's
    /// score, which rises with each done period and decays with each failed one.
    ///
    /// From 0 at the start date, once per counted period up to the one
    /// containing today (the still pending current period left out):
    /// `score = previous × m + p × (1 − m)` with `m = 0.5^(√L / 13)`, `L` the
    /// period's length in days (1 daily, 7 weekly, the month's 28 to 31, or
    /// N), `p` = 1 for a done period; for a failed at-least one value ÷
    /// target (at most 1; 0 when nothing was logged), for a failed at-most
    /// one max(0, 1 − (value − target) ÷ target) (0 for a target of 0); a
    /// skipped period leaves it unchanged. A score, not an amount, so a
    /// `Double`.
    public var strength: Double

    public init(
        currentStreak: Int, longestStreak: Int, successCount: Int, failedCount: Int,
        skippedCount: Int, strength: Double = 0
    ) {
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.successCount = successCount
        self.failedCount = failedCount
        self.skippedCount = skippedCount
        self.strength = strength
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
        case strength
    }
}
