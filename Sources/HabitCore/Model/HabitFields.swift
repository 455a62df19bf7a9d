import Foundation

/// The properties a person sets on a habit: six required, a goal (at least
/// by default), a period length for EVERY_N_DAYS only, an optional group
/// (`problems(group:)`), an optional icon
/// and colour that only mark it (see `problems(icon:)`, `problems(color:)`),
/// and an optional place in the person's order of habits (`position`).
///
/// `validated()` checks them all at once and returns a normalised copy (the
/// name and unit trimmed), or a `ValidationError` naming every field that is
/// wrong, so a command line or a server can show every problem together.
///
/// Lengths count Unicode scalars of the text as given, as JSON Schema's
/// `maxLength` does (not grapheme clusters: one emoji flag is two scalars);
/// blankness is judged after trimming white space.
public struct HabitFields: Hashable, Sendable {
    public static let nameLength = 1...100
    public static let measurementTypeLength = 1...32
    /// A group's name follows the unit's text rules.
    public static let groupLength = 1...32
    /// Targets from a millionth (the smallest amount habits keeps apart from
    /// 0) to a million.
    public static let targetRange: ClosedRange<Decimal> =
        Decimal(sign: .plus, exponent: -6, significand: 1)...1_000_000
    /// The days of an EVERY_N_DAYS period.
    public static let periodDaysRange = 2...365
    /// A place in the order of habits (`HabitOrder`): a 32-bit integer not
    /// below 0, so every database and JavaScript keep it exactly.
    public static let positionRange = 0...Int(Int32.max)

    public var name: String
    public var frequency: Frequency
    public var measurementType: String
    public var startDate: LocalDate
    public var actionDays: ActionDays
    public var targetValue: Decimal
    /// Whether the target is a minimum or a limit.
    public var goal: Goal
    /// N of an EVERY_N_DAYS habit (`periodDaysRange`); `nil` for any other.
    public var periodDays: Int?
    /// The group the habit is shown under, or none.
    public var group: String?
    /// One emoji shown before the name, or none.
    public var icon: String?
    /// A colour as `#rrggbb` (lower-case hex), or none.
    public var color: String?
    /// The habit's place in the person's order (`HabitOrder`), or none:
    /// a habit never moved comes after those placed.
    public var position: Int?

    public init(
        name: String, frequency: Frequency, measurementType: String, startDate: LocalDate,
        actionDays: ActionDays, targetValue: Decimal, goal: Goal = .atLeast,
        periodDays: Int? = nil, group: String? = nil, icon: String? = nil,
        color: String? = nil, position: Int? = nil
    ) {
        self.name = name
        self.frequency = frequency
        self.measurementType = measurementType
        self.startDate = startDate
        self.actionDays = actionDays
        self.targetValue = targetValue
        self.goal = goal
        self.periodDays = periodDays
        self.group = group
        self.icon = icon
        self.color = color
        self.position = position
    }

    /// A copy with the name and unit trimmed, or every problem found.
    public func validated() throws(ValidationError) -> HabitFields {
        try validated(keepingName: false)
    }

    /// `validated()`; with `keepingName`, the name is the one already
    /// stored, so the rules of new names (`problems(newName:)`) do not apply
    /// to it: a habit named before them can still be edited.
    public func validated(keepingName: Bool) throws(ValidationError) -> HabitFields {
        var copy = self
        copy.name = Self.trimmed(name)
        copy.measurementType = Self.trimmed(measurementType)
        copy.group = group.map(Self.trimmed)
        var error = ValidationError()
        error.add(
            keepingName
                ? Self.textProblems(name, maximumLength: Self.nameLength.upperBound)
                : Self.problems(name: name), to: "name")
        error.add(Self.problems(measurementType: measurementType), to: "measurement_type")
        error.add(Self.problems(actionDays: actionDays), to: "action_days")
        error.add(Self.problems(targetValue: targetValue, goal: goal), to: "target_value")
        error.add(
            Self.problems(periodDays: periodDays, frequency: frequency), to: "period_days")
        if let group { error.add(Self.problems(group: group), to: "group") }
        if let icon { error.add(Self.problems(icon: icon), to: "icon") }
        if let color { error.add(Self.problems(color: color), to: "color") }
        if let position { error.add(Self.problems(position: position), to: "position") }
        if !error.isEmpty { throw error }
        return copy
    }

    /// `text` without the white space around it: the scalars with Unicode's
    /// White_Space property (U+0009-000D, U+0020, U+0085, U+00A0, U+1680,
    /// U+2000-200A, U+2028, U+2029, U+202F, U+205F, U+3000), the contract's
    /// trim set. Zero-width and other format characters (U+200B, U+FEFF) are
    /// not white space and stay, as the contract's `Name` pattern has them;
    /// Foundation's `whitespacesAndNewlines` on Linux also holds U+200B.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else {
            return ""
        }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }

    /// Problems with a new habit name as given (trimmed or not): the text
    /// rules, and not only digits once trimmed, since `3` names habit 3 on
    /// the command line and a habit named so could never be reached by name.
    public static func problems(name: String) -> [String] {
        let problems = textProblems(name, maximumLength: nameLength.upperBound)
        if !problems.isEmpty { return problems }
        let trimmed = trimmed(name)
        if trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            return ["A name may not be only digits: those name a habit by its id."]
        }
        return []
    }

    /// Whether two names name the same habit to a person: once trimmed,
    /// equal ignoring case. Names are looked up this way, so two active
    /// habits may not share one.
    public static func sameName(_ name: String, _ other: String) -> Bool {
        trimmed(name).compare(trimmed(other), options: [.caseInsensitive])
            == .orderedSame
    }

    /// Problems with a measurement unit as given (trimmed or not).
    public static func problems(measurementType: String) -> [String] {
        textProblems(measurementType, maximumLength: measurementTypeLength.upperBound)
    }

    /// Blank once trimmed, longer than `maximumLength` Unicode scalars as
    /// given, or holding a control character once trimmed (one problem at
    /// most, in that order). White space around the text is trimmed on
    /// saving, so a trailing newline is no control character of the name.
    static func textProblems(_ text: String, maximumLength: Int) -> [String] {
        let trimmed = trimmed(text)
        if trimmed.isEmpty { return ["This field may not be blank."] }
        if text.unicodeScalars.count > maximumLength {
            return ["Ensure this field has no more than \(maximumLength) characters."]
        }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return ["This field may not contain control characters."]
        }
        return []
    }

    /// Problems with a group's name as given (trimmed or not): the unit's
    /// text rules (1–32 characters, not blank, no control characters).
    public static func problems(group: String) -> [String] {
        textProblems(group, maximumLength: groupLength.upperBound)
    }

    /// Whether two group names name one group: once trimmed, equal ignoring
    /// case ("Morning" and "morning "); a group shows as first written.
    public static func sameGroup(_ group: String, _ other: String) -> Bool {
        sameName(group, other)
    }

    /// Problems with a set of action days.
    public static func problems(actionDays: ActionDays) -> [String] {
        actionDays.isEmpty ? ["Choose at least one day of the week (1 = Monday … 7 = Sunday)."] : []
    }

    /// The most Unicode scalars an icon has: room for the longest emoji
    /// sequences (a family of four with skin tones is 11, a subdivision flag 7).
    public static let iconMaximumScalars = 16

    /// Problems with an icon: it must be exactly one emoji, that is one
    /// extended grapheme cluster of at most `iconMaximumScalars` scalars,
    /// each an Emoji scalar (Unicode's Emoji property), a zero-width joiner
    /// (U+200D), the emoji variation selector (U+FE0F), the combining keycap
    /// (U+20E3) or a tag (U+E0020-E007F), the first an Emoji scalar, and
    /// shown as an emoji: one scalar
    /// has Emoji_Presentation, or the cluster holds U+FE0F or U+20E3. So
    /// "🏃", "❤️", "👍🏽", "🇫🇷" and "1️⃣" are icons; "a", "1", "©" (text
    /// presentation), "🏃🏃" (two), "" and control characters are not.
    public static func problems(icon: String) -> [String] {
        let scalars = icon.unicodeScalars
        let isIcon =
            icon.count == 1 && scalars.count <= iconMaximumScalars
            && scalars.first?.properties.isEmoji == true
            && scalars.allSatisfy { scalar in
                scalar.properties.isEmoji || [0x200D, 0xFE0F, 0x20E3].contains(scalar.value)
                    || (0xE0020...0xE007F).contains(scalar.value)
            }
            && scalars.contains { scalar in
                scalar.properties.isEmojiPresentation || [0xFE0F, 0x20E3].contains(scalar.value)
            }
        return isIcon ? [] : ["Enter exactly one emoji."]
    }

    /// Problems with a colour: it must be `#` and six lower-case hex digits
    /// (`#1e90ff`), a 24-bit sRGB colour as HTML's colour input gives it;
    /// terminals show it exactly or as the nearest of their 256 colours.
    public static func problems(color: String) -> [String] {
        let utf8 = Array(color.utf8)
        let isHex = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
        if utf8.count == 7, utf8[0] == UInt8(ascii: "#"), utf8.dropFirst().allSatisfy(isHex) {
            return []
        }
        return ["Enter a colour as # and six lower-case hex digits, such as #1e90ff."]
    }

    /// Problems with a position: a whole number in `positionRange`.
    public static func problems(position: Int) -> [String] {
        positionRange.contains(position)
            ? [] : ["Enter a whole number from 0 to \(positionRange.upperBound)."]
    }

    /// The red, green and blue components of a valid colour (`problems(color:)`).
    public static func components(color: String) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        guard problems(color: color).isEmpty, let value = UInt32(color.dropFirst(), radix: 16)
        else { return nil }
        return (UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// Problems with the target value of an at-least habit.
    public static func problems(targetValue: Decimal) -> [String] {
        problems(targetValue: targetValue, goal: .atLeast)
    }

    /// Problems with a target value for `goal`: an at-least target is above
    /// 0, an at-most one may be 0 ("none at all"); either is at most a
    /// million, and one above 0 at least a millionth.
    public static func problems(targetValue: Decimal, goal: Goal) -> [String] {
        if targetValue.isNaN { return ["Enter a number."] }
        // The sign and zero are read, not compared: a `Decimal` comparison
        // costs about a thousand instructions, and every habit read checks this.
        if targetValue.isZero && goal == .atMost { return [] }
        if targetValue.sign == .minus && goal == .atMost {
            return ["Ensure this value is greater than or equal to 0."]
        }
        if targetValue.isZero || targetValue.sign == .minus {
            return ["Ensure this value is greater than 0."]
        }
        if targetValue < targetRange.lowerBound {
            return ["Ensure this value is at least 0.000001, the smallest target kept."]
        }
        if targetValue > targetRange.upperBound {
            return ["Ensure this value is less than or equal to 1000000."]
        }
        return []
    }

    /// Problems with a period length for `frequency`: an EVERY_N_DAYS habit
    /// needs one in `periodDaysRange`, and no other frequency has one.
    public static func problems(periodDays: Int?, frequency: Frequency) -> [String] {
        guard frequency == .everyNDays else {
            return periodDays == nil ? [] : ["Only an EVERY_N_DAYS habit has period_days."]
        }
        guard let periodDays, periodDaysRange.contains(periodDays) else {
            return [
                "Enter the days of a period, from \(periodDaysRange.lowerBound) to "
                    + "\(periodDaysRange.upperBound), for an EVERY_N_DAYS habit."
            ]
        }
        return []
    }
}

/// A partial update of a habit: each property left `nil` stays as it was.
public struct HabitChanges: Hashable, Sendable {
    public var name: String?
    public var frequency: Frequency?
    public var measurementType: String?
    public var startDate: LocalDate?
    public var actionDays: ActionDays?
    public var targetValue: Decimal?
    public var goal: Goal?
    /// `nil` keeps the period length (dropped, though, when `frequency`
    /// changes to one without periods of N days); `.some(nil)` removes it.
    public var periodDays: Int??
    /// `nil` keeps the group; `.some(nil)` removes it.
    public var group: String??
    public var status: HabitStatus?
    /// `nil` keeps the icon; `.some(nil)` removes it.
    public var icon: String??
    /// `nil` keeps the colour; `.some(nil)` removes it.
    public var color: String??
    /// `nil` keeps the position; `.some(nil)` removes it (the habit goes
    /// back among those never moved).
    public var position: Int??

    public init(
        name: String? = nil, frequency: Frequency? = nil, measurementType: String? = nil,
        startDate: LocalDate? = nil, actionDays: ActionDays? = nil, targetValue: Decimal? = nil,
        goal: Goal? = nil, periodDays: Int?? = nil, group: String?? = nil,
        status: HabitStatus? = nil, icon: String?? = nil, color: String?? = nil,
        position: Int?? = nil
    ) {
        self.position = position
        self.group = group
        self.icon = icon
        self.color = color
        self.name = name
        self.frequency = frequency
        self.measurementType = measurementType
        self.startDate = startDate
        self.actionDays = actionDays
        self.targetValue = targetValue
        self.goal = goal
        self.periodDays = periodDays
        self.status = status
    }

    public var isEmpty: Bool { self == HabitChanges() }

    /// `fields` with these changes applied, validated together.
    public func applied(to fields: HabitFields) throws(ValidationError) -> HabitFields {
        var result = fields
        if let name { result.name = name }
        if let frequency { result.frequency = frequency }
        if let measurementType { result.measurementType = measurementType }
        if let startDate { result.startDate = startDate }
        if let actionDays { result.actionDays = actionDays }
        if let targetValue { result.targetValue = targetValue }
        if let goal { result.goal = goal }
        if let periodDays {
            result.periodDays = periodDays
        } else if let frequency, frequency != .everyNDays {
            // Leaving every N days leaves its N: a change to DAILY need not
            // also remove `period_days`.
            result.periodDays = nil
        }
        if let group { result.group = group }
        if let icon { result.icon = icon }
        if let color { result.color = color }
        if let position { result.position = position }
        return try result.validated(keepingName: name == nil)
    }
}
