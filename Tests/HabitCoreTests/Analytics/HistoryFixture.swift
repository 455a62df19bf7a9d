import Foundation
import HabitCore
import Testing

/// Builders that keep rule tests short: dates and amounts from text, habits
/// with sensible defaults, entries by date.
enum HistoryFixture {
    /// A date from `YYYY-MM-DD` text; records an issue (and gives 1970-01-01) if it is not one.
    static func day(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> LocalDate
    {
        guard let date = LocalDate(text) else {
            Issue.record("not a date: \(text)", sourceLocation: sourceLocation)
            return LocalDate(dayNumber: 0)
        }
        return date
    }

    /// An exact decimal from its text ("0.7"), never through a binary float.
    static func amount(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> Decimal
    {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            Issue.record("not a number: \(text)", sourceLocation: sourceLocation)
            return .nan
        }
        return value
    }

    static func habit(
        _ frequency: Frequency, start: String, days: ActionDays = .everyDay, target: String = "1"
    ) -> Habit {
        Habit(
            id: 1, name: "Test habit", frequency: frequency, measurementType: "times",
            startDate: day(start), actionDays: days, targetValue: amount(target))
    }

    static func done(_ date: String, _ value: String) -> ProgressEntry {
        ProgressEntry(date: day(date), value: amount(value))
    }

    static func skipped(_ date: String) -> ProgressEntry {
        ProgressEntry(date: day(date), value: 0, skipped: true)
    }

    static func history(_ habit: Habit, _ entries: [ProgressEntry]) -> HabitHistory {
        HabitHistory(habit: habit, entries: entries)
    }

    /// The periods up to `today` as `[("2026-11-02", .success), …]`, for readable expectations.
    static func periods(_ history: HabitHistory, through today: String) -> [String] {
        history.periods(through: day(today)).map { "\($0.start) \($0.state.rawValue)" }
    }
}
