import Foundation

/// When a person's day ends: the local time before which "today" is still
/// the previous date (rule 7 of the StatusRules article).
///
/// From 00:00 (the default: days end at midnight) to 12:00, whole minutes,
/// written `HH:MM`. It moves only what "today" means for a command or a
/// screen that defaults to it; a date given explicitly (`--date`, `today=`)
/// is never shifted.
public struct DayBoundary: Hashable, Sendable, Comparable {
    /// Minutes after local midnight, 0…720.
    public let minutes: Int

    /// The latest boundary: noon.
    public static let latestMinutes = 720
    /// Days that end at midnight, as a calendar's do.
    public static let midnight = DayBoundary(checkedMinutes: 0)

    /// A boundary `minutes` after midnight, or `nil` outside 0…720.
    public init?(minutes: Int) {
        guard (0...Self.latestMinutes).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    private init(checkedMinutes: Int) { minutes = checkedMinutes }

    /// Reads `HH:MM` (two digits each, 00:00 to 12:00); `nil` otherwise.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        let digit = { (byte: UInt8) -> Int? in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - 48) : nil
        }
        guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"),
            let h1 = digit(bytes[0]), let h2 = digit(bytes[1]),
            let m1 = digit(bytes[3]), let m2 = digit(bytes[4])
        else { return nil }
        let hour = h1 * 10 + h2
        let minute = m1 * 10 + m2
        guard minute < 60 else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    /// `HH:MM`, as read by `init(_:)`.
    public var text: String {
        let hour = minutes / 60
        let minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The person's date at `instant` on a wall clock `utcOffset` seconds
    /// ahead of UTC: the calendar date, or the one before while the local
    /// time is before the boundary. `nil` outside years 1 to 9999.
    public func date(at instant: Date, utcOffset: Int?) -> LocalDate? {
        guard let utcOffset else { return nil }
        return LocalDate.on(instant, utcOffset: utcOffset - minutes * 60)
    }

    /// The person's date at `instant` in `timeZone` (`date(at:utcOffset:)`,
    /// with the zone's offset at that instant, so a change of clocks in the
    /// night moves the boundary with the wall clock).
    public func date(at instant: Date, in timeZone: TimeZone) -> LocalDate {
        date(at: instant, utcOffset: timeZone.secondsFromGMT(for: instant))
            ?? LocalDate.on(instant, in: timeZone)
    }

    public static func < (lhs: DayBoundary, rhs: DayBoundary) -> Bool {
        lhs.minutes < rhs.minutes
    }
}

extension DayBoundary: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let boundary = DayBoundary(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a time from 00:00 to 12:00 as HH:MM.")
        }
        self = boundary
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
