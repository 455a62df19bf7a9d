import HabitCore

/// Reads the dates a person types: `2026-03-01`, `today`, `yesterday`,
/// `tomorrow`, or a weekday name (`mon`, `Tuesday`) meaning its most recent
/// occurrence, today included: on a Wednesday, `wed` is today and `tue` is
/// yesterday.
enum DateWords {
    /// The date `text` names relative to `today`, or `nil` when it names none.
    static func date(_ text: String, today: LocalDate) -> LocalDate? {
        if let date = LocalDate(text) { return date }
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default:
            guard let weekday = Weekday(name: text) else { return nil }
            let daysBack = (today.weekday.rawValue - weekday.rawValue + 7) % 7
            return today.adding(days: -daysBack)
        }
    }

    /// The words `date(_:today:)` accepts besides `YYYY-MM-DD`, for completion.
    static let words =
        ["today", "yesterday", "tomorrow"] + Weekday.allCases.map { $0.name.lowercased() }

    /// The words naming today or a day before it, for completing an option
    /// that refuses later days (`done --date`): a weekday is its most recent
    /// occurrence, so only `tomorrow` is left out.
    static let wordsUpToToday = words.filter { $0 != "tomorrow" }

    /// What `date(_:today:)` accepts, for error messages.
    static let expected = "a date as YYYY-MM-DD, 'today', 'yesterday' or a weekday name"
}
