import Foundation

/// What was recorded for one habit on one date: an amount in the habit's unit,
/// whether the day was marked skipped, and an optional note ("sick").
/// Wire form: `{"date", "value", "skipped", "note"?}`, `note` absent (or
/// null, from another server) when there is none.
public struct ProgressEntry: Hashable, Sendable, Codable {
    /// The largest value one day may hold.
    public static let maximumValue: Decimal = 1_000_000_000

    /// The longest range of days one progress request may ask for (the API's
    /// `from`/`to` rule): the client splits longer reads.
    public static let maximumRangeDays = 3_700

    /// The most entries one batch request (`PUT …/progress/` with
    /// `{"entries": […]}`) may carry: the server refuses more, and the
    /// client splits a longer list.
    public static let maximumBatchEntries = 1_000
    /// The smallest value above 0 that a day may hold: a millionth. Smaller
    /// amounts are refused rather than rounded, so what is stored is what
    /// was sent.
    public static let smallestNonzeroValue = Decimal(sign: .plus, exponent: -6, significand: 1)

    public var date: LocalDate
    /// The amount done that day: ≥ 0, a decimal as a person writes it (0.7 + 0.1 is 0.8).
    public var value: Decimal
    public var skipped: Bool
    /// One line of text about the day, normalised by `note(_:)`: trimmed,
    /// never empty, at most `maximumNoteLength` Unicode scalars, no line
    /// breaks or other control characters. `nil` when there is none.
    public var note: String?

    /// The longest note, in Unicode scalars as given (the way the API's
    /// `maxLength` counts, and the way habit names are counted).
    public static let maximumNoteLength = 500

    public init(date: LocalDate, value: Decimal, skipped: Bool = false, note: String? = nil) {
        self.date = date
        self.value = value
        self.skipped = skipped
        self.note = note
    }

    enum CodingKeys: String, CodingKey { case date, value, skipped, note }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(LocalDate.self, forKey: .date)
        value = try container.decodeDecimal(forKey: .value)
        skipped = try container.decode(Bool.self, forKey: .skipped)
        // Absent or null from a server that keeps no notes; kept as sent
        // otherwise (a display sanitises text from a server).
        note = try container.decodeIfPresent(String.self, forKey: .note)
    }

    /// The problems with a note as given, worded for a person; empty when
    /// it is valid. The rules: at most `maximumNoteLength` Unicode scalars
    /// as given; once white space around it is trimmed, no control
    /// character (a line break, a tab, …) and no line or paragraph
    /// separator (U+2028, U+2029): a note is one line. Blank is valid: it
    /// means "no note" (see `note(_:)`).
    public static func problems(note text: String) -> [String] {
        let length = text.unicodeScalars.count
        if length > maximumNoteLength {
            return [
                "A note may have at most \(maximumNoteLength) characters (this one has \(length))."
            ]
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.unicodeScalars.contains(where: isLineBreaking) {
            return [
                "A note is one line: it may not contain line breaks or other control characters."
            ]
        }
        return []
    }

    /// A valid note (see `problems(note:)`) as stored: trimmed, and `nil`
    /// when nothing is left, so `--note ""` or `"note": ""` removes a note.
    public static func note(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The valid note nearest to any text (a comment read from another
    /// app): line breaks and other control characters become spaces, white
    /// space around it is trimmed and it is cut to `maximumNoteLength`
    /// Unicode scalars; `nil` when nothing is left.
    public static func note(fitting text: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isLineBreaking(scalar) ? " " : scalar)
        }
        var line = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.unicodeScalars.count > maximumNoteLength {
            line = String(String.UnicodeScalarView(line.unicodeScalars.prefix(maximumNoteLength)))
        }
        return note(line)
    }

    private static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The problems with recording an entry on `date` when it is `today`,
    /// worded for a person: progress is recorded up to today; only a skip (a
    /// holiday ahead) may be planned. Commands and imports share the rule.
    public static func problems(date: LocalDate, skipped: Bool, today: LocalDate) -> [String] {
        guard date > today, !skipped else { return [] }
        return ["\(date) is in the future; progress can be recorded up to today (\(today))."]
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
