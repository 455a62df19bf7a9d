import Foundation

/// A calendar date with no time of day and no time zone, such as 2026-11-30.
///
/// Dates are stored as a day number (days since 1970-01-01 in the proleptic
/// Gregorian calendar), so arithmetic and comparison are integer operations.
/// The text form is strictly `YYYY-MM-DD`: four-digit year, two-digit month and
/// day, nothing around it, and the day must exist in that month.
public struct LocalDate: Hashable, Comparable, Sendable {
    /// Days since 1970-01-01 (negative before it).
    public let dayNumber: Int

    /// The first date there is: 0001-01-01. Dates are written with four-digit
    /// years (the API's contract, the stores' columns), so years 1 to 9999.
    public static let earliest = LocalDate(dayNumber: -719_162)
    /// The last date there is: 9999-12-31.
    public static let latest = LocalDate(dayNumber: 2_932_896)

    /// The dates from `from` through `to` that exist (`earliest...latest`),
    /// or `nil` when none does: arithmetic near the ends (the Sunday of
    /// 9999-12-31's week) can step past them, and no request may name such
    /// a day.
    public static func existing(from: LocalDate, through to: LocalDate) -> ClosedRange<LocalDate>? {
        let from = max(from, earliest)
        let to = min(to, latest)
        return from <= to ? from...to : nil
    }

    /// Creates the date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        self.dayNumber = dayNumber
    }

    /// Creates a date from its parts, or `nil` when the day does not exist
    /// (2026-02-30) or the year is outside 1...9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...LocalDate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.dayNumber = LocalDate.dayNumber(year: year, month: month, day: day)
    }

    /// The (year, month, day) of this date.
    public var components: (year: Int, month: Int, day: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// The ISO weekday: Monday is 1, Sunday is 7. 1970-01-01 was a Thursday.
    public var weekday: Weekday {
        let index = ((dayNumber % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday(rawValue: index + 1)!
    }

    /// The Monday that starts this date's ISO week.
    public var startOfISOWeek: LocalDate {
        adding(days: -(weekday.rawValue - 1))
    }

    /// The ISO 8601 week containing this date: weeks start on Monday, and week 1
    /// is the week holding the year's first Thursday, so 2026-12-31 is in 2026-W53
    /// and 2027-01-01 (a Friday) is in 2026-W53 too.
    public var isoWeek: ISOWeek {
        let thursday = adding(days: 4 - weekday.rawValue)
        let weekYear = thursday.year
        let firstOfYear = LocalDate.dayNumber(year: weekYear, month: 1, day: 1)
        let week = (thursday.dayNumber - firstOfYear) / 7 + 1
        return ISOWeek(year: weekYear, week: week)
    }

    /// This date moved by `days` (negative moves back).
    public func adding(days: Int) -> LocalDate {
        LocalDate(dayNumber: dayNumber + days)
    }

    /// Whole days from this date to `other`: positive when `other` is later.
    public func days(to other: LocalDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The first day of this date's month.
    public var startOfMonth: LocalDate {
        let c = components
        return LocalDate(dayNumber: LocalDate.dayNumber(year: c.year, month: c.month, day: 1))
    }

    /// The calendar date at `instant` as seen on a wall clock in `timeZone`.
    ///
    /// This is the only way HabitCore turns a moment into a date: callers inject
    /// both the instant and the zone, so "today" is never read from the machine
    /// deep inside logic.
    ///
    /// The zone's offset at that instant moves it to wall-clock seconds, and
    /// those are whole days of 86,400 seconds (Unix time counts no leap
    /// seconds) since 1970-01-01: the proleptic Gregorian date, without the
    /// `Calendar` Foundation would set up on first use.
    public static func on(_ instant: Date, in timeZone: TimeZone) -> LocalDate {
        // Years 1 to 9999; other instants (and NaN) take Foundation's reading.
        on(instant, utcOffset: timeZone.secondsFromGMT(for: instant))
            ?? calendarDate(instant, in: timeZone)
    }

    /// The calendar date at `instant` on a wall clock `utcOffset` seconds
    /// ahead of UTC, as `on(_:in:)` reads it; `nil` outside years 1 to 9999.
    public static func on(_ instant: Date, utcOffset: Int?) -> LocalDate? {
        guard let utcOffset else { return nil }
        let days = ((instant.timeIntervalSince1970 + Double(utcOffset)) / 86_400).rounded(.down)
        guard days >= Double(earliest.dayNumber), days <= Double(latest.dayNumber) else {
            return nil
        }
        return LocalDate(dayNumber: Int(days))
    }

    private static func calendarDate(_ instant: Date, in timeZone: TimeZone) -> LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: instant)
        return LocalDate(
            dayNumber: dayNumber(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1))
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    /// Whether `year` is a Gregorian leap year.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` of `year`.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

extension LocalDate: LosslessStringConvertible {
    /// Parses exactly `YYYY-MM-DD`; anything else (2026-2-3, " 2026-02-03",
    /// 2026-02-30) gives `nil`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The `YYYY-MM-DD` form.
    ///
    /// Years 0 to 9999 are written digit by digit: the padded pieces joined
    /// cost about 2,700 instructions (callgrind), and a day's PUT writes
    /// its date twice (the store's binding and the answer).
    public var description: String {
        let c = components
        if (0...9999).contains(c.year) {
            return String(unsafeUninitializedCapacity: 10) { bytes in
                func put(_ value: Int, at start: Int, width: Int) {
                    var rest = value
                    for index in (start..<start + width).reversed() {
                        bytes[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                        rest /= 10
                    }
                }
                put(c.year, at: 0, width: 4)
                bytes[4] = UInt8(ascii: "-")
                put(c.month, at: 5, width: 2)
                bytes[7] = UInt8(ascii: "-")
                put(c.day, at: 8, width: 2)
                return 10
            }
        }
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
    }
}

extension LocalDate: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a date as YYYY-MM-DD, got \"\(text)\"")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// An ISO 8601 week: the week-numbering year and the week number (1...53).
public struct ISOWeek: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let week: Int

    public init(year: Int, week: Int) {
        self.year = year
        self.week = week
    }

    public static func < (lhs: ISOWeek, rhs: ISOWeek) -> Bool {
        (lhs.year, lhs.week) < (rhs.year, rhs.week)
    }

    /// The `2026-W05` form.
    public var description: String {
        "\(year)-W\(week < 10 ? "0" : "")\(week)"
    }
}
