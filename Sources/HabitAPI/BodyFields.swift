import Foundation
import HabitCore

/// Reads typed fields out of a request body object, collecting every problem.
///
/// Each accessor returns the field's value, or `nil` when it is absent or
/// wrong; problems go into `errors` under the field's wire name, so a handler
/// reads all its fields first and then reports them together. A value of the
/// wrong JSON type is a problem even when it could be converted (the number
/// 10 sent as "10" is not a number). Unknown fields are ignored.
package struct BodyFields {
    package static let requiredMessage = "This field is required."
    package static let nullMessage = "This field may not be null."
    package static let stringMessage = "Not a valid string."
    package static let numberMessage = "A valid number is required."
    package static let unreadableNumberMessage =
        "A valid number is required; numbers beyond ±1e308 cannot be read."
    package static let booleanMessage = "Must be a valid boolean."
    package static let integerMessage = "A valid integer is required."
    package static let dateMessage = "Enter a valid date as YYYY-MM-DD."
    package static let actionDaysMessage =
        "Each day must be a whole number from 1 (Monday) to 7 (Sunday)."

    package let object: [String: JSONValue]
    package private(set) var errors = ValidationError()

    package init(_ object: [String: JSONValue]) {
        self.object = object
    }

    /// Adds `problems` to `name`'s list.
    package mutating func report(_ problems: [String], for name: String) {
        errors.add(problems, to: name)
    }

    /// Whether the body has a key `name` (even with a null value).
    package func contains(_ name: String) -> Bool {
        object[name] != nil
    }

    package mutating func string(_ name: String, required: Bool) -> String? {
        guard let value = present(name, required: required) else { return nil }
        guard case .string(let text) = value else {
            report([Self.stringMessage], for: name)
            return nil
        }
        return text
    }

    /// A string that may be null: `.some(nil)` for null, `nil` when absent
    /// or not a string (reported).
    package mutating func nullableString(_ name: String) -> String?? {
        switch object[name] {
        case nil: return nil
        case .null?: return .some(nil)
        case .string(let text)?: return .some(text)
        default:
            report([Self.stringMessage], for: name)
            return nil
        }
    }

    /// A whole number that may be null: `.some(nil)` for null, `nil` when
    /// absent or not a whole number (reported). One beyond ±1e10 reads as
    /// ±1e10, past every bound (a position's 2^31 - 1 the highest) the API sets, so the field's rule refuses it
    /// rather than the conversion overflowing.
    package mutating func nullableInteger(_ name: String) -> Int?? {
        switch object[name] {
        case nil: return nil
        case .null?: return .some(nil)
        case .number(let number)? where Self.isWhole(number):
            let bound = Decimal(Self.integerBound)
            if number > bound { return .some(Self.integerBound) }
            if number < -bound { return .some(-Self.integerBound) }
            return .some(NSDecimalNumber(decimal: number).intValue)
        case .unrepresentable(let number)? where number.magnitude >= 1:
            return .some(number < 0 ? -Self.integerBound : Self.integerBound)
        default:
            report([Self.integerMessage], for: name)
            return nil
        }
    }

    /// Past every whole-number bound of the API; see `nullableInteger`.
    private static let integerBound = 10_000_000_000

    /// Whether `number` has no fractional part.
    private static func isWhole(_ number: Decimal) -> Bool {
        var value = number
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        return rounded == number
    }

    /// A number. One too small or too large for `Decimal` reads as the
    /// nearest `Decimal` on the same side of every bound the API sets
    /// (±1e-128 for a tiny one, the largest `Decimal` for a huge one), so the
    /// field's rules refuse it with the message of the bound it passes.
    package mutating func decimal(_ name: String, required: Bool) -> Decimal? {
        guard let value = present(name, required: required) else { return nil }
        switch value {
        case .number(let number):
            return number
        case .unrepresentable(let number):
            let sign: FloatingPointSign = number < 0 ? .minus : .plus
            if number.magnitude < 1 {
                return Decimal(sign: sign, exponent: -128, significand: 1)
            }
            return sign == .minus ? -Decimal.greatestFiniteMagnitude : .greatestFiniteMagnitude
        case .unreadable:
            report([Self.unreadableNumberMessage], for: name)
            return nil
        default:
            report([Self.numberMessage], for: name)
            return nil
        }
    }

    package mutating func bool(_ name: String, required: Bool) -> Bool? {
        guard let value = present(name, required: required) else { return nil }
        guard case .bool(let flag) = value else {
            report([Self.booleanMessage], for: name)
            return nil
        }
        return flag
    }

    package mutating func date(_ name: String, required: Bool) -> LocalDate? {
        guard let value = present(name, required: required) else { return nil }
        guard case .string(let text) = value, let date = LocalDate(text) else {
            report([Self.dateMessage], for: name)
            return nil
        }
        return date
    }

    /// A string that must be one of `T`'s raw values: "DAILY", "ACTIVE", …;
    /// with `accepted`, one of those only (the values a layer carries yet).
    package mutating func choice<T: RawRepresentable & CaseIterable & Equatable>(
        _ name: String, as type: T.Type, required: Bool, among accepted: [T]? = nil
    ) -> T? where T.RawValue == String {
        guard let value = present(name, required: required) else { return nil }
        let accepted = accepted ?? Array(T.allCases)
        guard case .string(let text) = value, let choice = T(rawValue: text),
            accepted.contains(choice)
        else {
            let allowed = accepted.map(\.rawValue).joined(separator: ", ")
            report(["Choose one of \(allowed)."], for: name)
            return nil
        }
        return choice
    }

    /// A day's `note` (see `ProgressEntry.problems(note:)`): `.keep` when
    /// absent, `.replace(nil)` when null or blank, the trimmed text else;
    /// `nil` after reporting a problem.
    package mutating func note(_ name: String) -> NoteChange? {
        guard let value = object[name] else { return .keep }
        switch value {
        case .null:
            return .replace(nil)
        case .string(let text):
            let problems = ProgressEntry.problems(note: text)
            if !problems.isEmpty {
                report(problems, for: name)
                return nil
            }
            return .replace(ProgressEntry.note(text))
        default:
            report([Self.stringMessage], for: name)
            return nil
        }
    }

    /// A list of ISO weekday numbers, 1 (Monday) to 7 (Sunday).
    package mutating func actionDays(_ name: String, required: Bool) -> ActionDays? {
        guard let value = present(name, required: required) else { return nil }
        guard case .array(let items) = value else {
            report(["Expected a list of days but got \(value.typeName)."], for: name)
            return nil
        }
        var days: [Weekday] = []
        for item in items {
            guard case .number(let number) = item, let day = Self.weekday(number) else {
                report([Self.actionDaysMessage], for: name)
                return nil
            }
            days.append(day)
        }
        return ActionDays(days)
    }

    /// The value of `name`, or `nil` after reporting it missing (when
    /// required) or null.
    private mutating func present(_ name: String, required: Bool) -> JSONValue? {
        guard let value = object[name] else {
            if required { report([Self.requiredMessage], for: name) }
            return nil
        }
        if value == .null {
            report([Self.nullMessage], for: name)
            return nil
        }
        return value
    }

    private static func weekday(_ number: Decimal) -> Weekday? {
        for day in Weekday.allCases where Decimal(day.rawValue) == number {
            return day
        }
        return nil
    }
}
