import Foundation

/// What was recorded for one habit on one date: an amount in the habit's unit,
/// and whether the day was marked skipped. Wire form: `{"date", "value", "skipped"}`.
public struct ProgressEntry: Hashable, Sendable, Codable {
    /// The largest value one day may hold.
    public static let maximumValue: Decimal = 1_000_000_000

    /// The longest range of days one progress request may ask for (the API's
    /// `from`/`to` rule): the client splits longer reads.
    public static let maximumRangeDays = 3_700
    /// The smallest value above 0 that a day may hold: a millionth. Smaller
    /// amounts are refused rather than rounded, so what is stored is what
    /// was sent.
    public static let smallestNonzeroValue = Decimal(sign: .plus, exponent: -6, significand: 1)

    public var date: LocalDate
    /// The amount done that day: ≥ 0, a decimal as a person writes it (0.7 + 0.1 is 0.8).
    public var value: Decimal
    public var skipped: Bool

    public init(date: LocalDate, value: Decimal, skipped: Bool = false) {
        self.date = date
        self.value = value
        self.skipped = skipped
    }

    enum CodingKeys: String, CodingKey { case date, value, skipped }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(LocalDate.self, forKey: .date)
        value = try container.decodeDecimal(forKey: .value)
        skipped = try container.decode(Bool.self, forKey: .skipped)
    }

    /// The problems with `value`, worded for a person; empty when it is valid.
    public static func problems(value: Decimal) -> [String] {
        if value.isNaN { return ["Enter a number."] }
        if value < 0 { return ["Ensure this value is greater than or equal to 0."] }
        if value > 0 && value < smallestNonzeroValue {
            return ["Ensure this value is 0 or at least 0.000001, the smallest amount kept."]
        }
        if value > maximumValue {
            return ["Ensure this value is less than or equal to 1000000000."]
        }
        return []
    }
}
