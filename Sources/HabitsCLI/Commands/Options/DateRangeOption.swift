import HabitCore

/// The `--from`/`--to` options of `skip` and `undo`: a range of at most 366
/// days, both ends included.
struct DateRangeOption: Sendable {
    static let from = Option(
        "from", valueName: "date", help: "The first day of a range (with --to).")
    static let to = Option("to", valueName: "date", help: "The last day of a range (with --from).")

    static let specs: [OptionSpec] = [from.spec, to.spec]

    /// The longest range, in days.
    static let maximumDays = 366

    var from: LocalDate
    var to: LocalDate

    /// The range given, `nil` when neither option is; a usage error when only
    /// one is, when they are reversed, or when the range is too long.
    static func read(_ arguments: BoundArguments, today: LocalDate, command: String)
        throws(UsageError) -> DateRangeOption?
    {
        let from = try arguments.value(of: Self.from) { text, name throws(UsageError) in
            try ArgumentValue.date(text, argument: name, today: today)
        }
        let to = try arguments.value(of: Self.to) { text, name throws(UsageError) in
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
