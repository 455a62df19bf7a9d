import HabitCore

/// The `--from`/`--to` options of `skip` and `undo`: a range of at most 366
/// days, both ends included.
struct DateRangeOption: Sendable {
    static let specs: [OptionSpec] = [
        .value("from", valueName: "date", help: "The first day of a range (with --to)."),
        .value("to", valueName: "date", help: "The last day of a range (with --from)."),
    ]

    /// The longest range, in days.
    static let maximumDays = 366

    var from: LocalDate
    var to: LocalDate

    /// The range given, `nil` when neither option is; a usage error when only
    /// one is, when they are reversed, or when the range is too long.
    static func read(_ arguments: BoundArguments, today: LocalDate, command: String)
        throws(UsageError) -> DateRangeOption?
    {
        let from = try arguments.value("from") { text, name throws(UsageError) in
            try ArgumentValue.date(text, argument: name, today: today)
        }
        let to = try arguments.value("to") { text, name throws(UsageError) in
            try ArgumentValue.date(text, argument: name, today: today)
        }
        switch (from, to) {
        case (nil, nil):
            return nil
        case (let from?, let to?):
            guard from <= to else {
                throw UsageError(
                    .invalidValue(
                        argument: "--to", value: to.description,
                        expected: "a day on or after --from (\(from))"),
                    command: command)
            }
            guard from.days(to: to) < maximumDays else {
                throw UsageError(
                    .invalidValue(
                        argument: "--to", value: to.description,
                        expected: "at most \(maximumDays) days after --from, both included"),
                    command: command)
            }
            return DateRangeOption(from: from, to: to)
        default:
            throw UsageError(
                .missingArgument(from == nil ? "--from (--to needs it)" : "--to (--from needs it)"),
                command: command)
        }
    }

    /// Every day of the range, in order.
    var days: [LocalDate] {
        (0...from.days(to: to)).map { from.adding(days: $0) }
    }
}
