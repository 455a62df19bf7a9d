import HabitCore

/// The `--date` option of the progress commands.
enum DateOption {
    static let spec = OptionSpec.value(
        "date", short: "d", valueName: "date", values: DateWords.words,
        help: "The day: YYYY-MM-DD, today, yesterday or a weekday name (default: today).")

    /// The date given, else today.
    static func read(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) -> LocalDate
    {
        try arguments.value("date") { text, name throws(UsageError) in
            try ArgumentValue.date(text, argument: name, today: today)
        } ?? today
    }
}
