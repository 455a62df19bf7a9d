import HabitCore

/// The `--date` option of the progress commands.
enum DateOption {
    /// `--date` of a command that records what was done, up to today:
    /// completion offers no later day.
    static let upToToday = Option(
        "date", short: "d", valueName: "date", values: DateWords.wordsUpToToday,
        help: "The day: YYYY-MM-DD, today, yesterday or a weekday name (default: today).")

    /// `--date` of a command that may plan ahead (`skip`, `undo`, `remind`).
    static let planned = Option(
        "date", short: "d", valueName: "date", values: DateWords.words,
        help: "The day: YYYY-MM-DD, today, yesterday, tomorrow or a weekday name "
            + "(default: today).")

    /// The spec of `upToToday`, for a command's list of options.
    static var spec: OptionSpec { upToToday.spec }

    /// The spec of `planned`, for a command's list of options.
    static var plannedSpec: OptionSpec { planned.spec }

    /// The date given, else today. Either key reads it: both are `--date`.
    static func read(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) -> LocalDate
    {
        try arguments.value(of: upToToday) { text, name throws(UsageError) in
            try ArgumentValue.date(text, argument: name, today: today)
        } ?? today
    }
}
