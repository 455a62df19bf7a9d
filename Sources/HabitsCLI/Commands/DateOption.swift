import HabitCore

/// The `--date` option of the progress commands.
enum DateOption {
    /// `--date` of a command that records what was done, up to today:
    /// completion offers no later day.
    static let spec = OptionSpec.value(
        "date", short: "d", valueName: "date", values: DateWords.wordsUpToToday,
        help: "The day: YYYY-MM-DD, today, yesterday or a weekday name (default: today).")

    /// `--date` of a command that may plan ahead (`skip`, `undo`, `remind`).
    static let plannedSpec = OptionSpec.value(
        "date", short: "d", valueName: "date", values: DateWords.words,
        help: "The day: YYYY-MM-DD, today, yesterday, tomorrow or a weekday name "
            + "(default: today).")

    /// The date given, else today.
    static func read(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) -> LocalDate
    {
        try arguments.value("date") { text, name throws(UsageError) in
            try ArgumentValue.date(text, argument: name, today: today)
        } ?? today
    }
}
