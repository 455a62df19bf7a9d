/// How a habit's days are cut into periods, each with its own target: a day,
/// an ISO week (Monday to Sunday), a calendar month, or consecutive blocks of
/// `Habit.periodDays` days from the start date (`HabitPeriods` says where
/// each begins and ends).
public enum Frequency: String, Codable, CaseIterable, Sendable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
    /// Blocks of N days (2 ≤ N ≤ 365, `Habit.periodDays`), the first on the start date.
    case everyNDays = "EVERY_N_DAYS"

    /// The frequencies of the first model: what the server's and the command
    /// line's input still accept until those layers carry the others.
    public static let firstModel: [Frequency] = [.daily, .weekly]
}
