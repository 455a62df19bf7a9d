import Foundation
import HabitCore

/// Readers for argument values. Each takes the text and the argument's
/// display name (`--target`, `<amount>`) and throws a `UsageError` naming it.
enum ArgumentValue {
    /// A decimal number as a person writes it: `8`, `0.5`, `.5`, `-1`
    /// (the sign is read so validation can say what is wrong with it).
    /// Exponents, thousands separators and trailing text are refused.
    static func decimal(_ text: String, argument: String) throws(UsageError) -> Decimal {
        guard let value = strictDecimal(text) else {
            throw UsageError(
                .invalidValue(
                    argument: argument, value: text, expected: "a number such as 8 or 0.5"))
        }
        return value
    }

    /// A day's value (`set`) or an amount to add to it (`done`): a number
    /// that `ProgressEntry.problems(value:)` accepts, else a usage error
    /// saying the one rule, in either mode (the server is never asked).
    static func dayValue(_ text: String, argument: String) throws(UsageError) -> Decimal {
        let value = try decimal(text, argument: argument)
        guard ProgressEntry.problems(value: value).isEmpty else {
            throw UsageError(
                .invalidValue(argument: argument, value: text, expected: dayValueRule))
        }
        return value
    }

    /// What a day may hold, from HabitCore's limits.
    static let dayValueRule =
        "0 or a number from \(DecimalNotation.plain(ProgressEntry.smallestNonzeroValue)) to "
        + "\(DecimalNotation.plain(ProgressEntry.maximumValue))"

    /// A whole number in `range`.
    static func integer(
        _ text: String, argument: String, in range: ClosedRange<Int>
    ) throws(UsageError) -> Int {
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                .invalidValue(
                    argument: argument, value: text,
                    expected: "a whole number from \(range.lowerBound) to \(range.upperBound)"))
        }
        return value
    }

    /// A date word (see `DateWords`) relative to `today`.
    static func date(
        _ text: String, argument: String, today: LocalDate
    ) throws(UsageError) -> LocalDate {
        guard let date = DateWords.date(text, today: today) else {
            throw UsageError(
                .invalidValue(argument: argument, value: text, expected: DateWords.expected))
        }
        return date
    }

    /// A month as `YYYY-MM`: its first day.
    static func month(_ text: String, argument: String) throws(UsageError) -> LocalDate {
        guard text.utf8.count == 7, let first = LocalDate(text + "-01") else {
            throw UsageError(
                .invalidValue(argument: argument, value: text, expected: "a month as YYYY-MM"))
        }
        return first
    }

    /// A year from 1 to 9999.
    static func year(_ text: String, argument: String) throws(UsageError) -> Int {
        guard text.utf8.count == 4, let year = Int(text), year >= 1 else {
            throw UsageError(
                .invalidValue(argument: argument, value: text, expected: "a year such as 2026"))
        }
        return year
    }

    /// Action days: `daily`, `weekdays`, `weekends`, or `mon,wed,fri`.
    static func actionDays(
        _ text: String, argument: String
    ) throws(UsageError) -> ActionDays {
        guard let days = ActionDays(parsing: text) else {
            throw UsageError(
                .invalidValue(
                    argument: argument, value: text,
                    expected: "daily, weekdays, weekends or days such as mon,wed,fri"))
        }
        return days
    }

    /// `text` as an exact decimal when it is only an optional minus sign,
    /// digits and at most one dot with a digit on some side of it.
    static func strictDecimal(_ text: String) -> Decimal? {
        var digits = 0
        var dots = 0
        for (offset, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "-") where offset == 0: break
            default: return nil
            }
        }
        guard digits > 0, dots <= 1, digits <= 30 else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
