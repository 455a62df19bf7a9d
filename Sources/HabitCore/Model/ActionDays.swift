import Foundation

/// The weekdays a habit is planned for: a set of ISO weekdays.
///
/// On the wire it is a sorted list of integers 1...7 (1 = Monday). Decoding
/// rejects numbers outside 1...7; an empty set decodes, and validation reports it.
public struct ActionDays: Hashable, Sendable, Sequence {
    /// One bit per weekday: bit 0 is Monday.
    public private(set) var bits: UInt8

    public init<S: Sequence>(_ days: S) where S.Element == Weekday {
        bits = 0
        for day in days { bits |= 1 << UInt8(day.rawValue - 1) }
    }

    /// The days whose bits are set in `bits` (bit 0 is Monday); bit 7 is ignored.
    public init(bits: UInt8) {
        self.bits = bits & 0x7F
    }

    // As bit masks: each of these is read by every habit list, and building
    // them from lists of weekdays would set up generic code at run time first.
    /// Every day of the week.
    public static let everyDay = ActionDays(bits: 0x7F)
    /// Monday to Friday.
    public static let weekdays = ActionDays(bits: 0x1F)
    /// Saturday and Sunday.
    public static let weekends = ActionDays(bits: 0x60)

    public func contains(_ day: Weekday) -> Bool {
        bits & (1 << UInt8(day.rawValue - 1)) != 0
    }

    public var isEmpty: Bool { bits == 0 }
    public var count: Int { bits.nonzeroBitCount }

    /// The days in order from Monday.
    public var sorted: [Weekday] { Weekday.allCases.filter(contains) }

    public func makeIterator() -> IndexingIterator<[Weekday]> {
        sorted.makeIterator()
    }

    /// Reads a person's list of days: `daily`, `weekdays`, `weekends`, or a
    /// comma-separated list of names or numbers (`mon,wed,fri`, `1,3,5`).
    /// Returns `nil` when any part is not a day.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "daily", "everyday", "all": self = .everyDay
        case "weekdays": self = .weekdays
        case "weekends": self = .weekends
        default:
            var days: [Weekday] = []
            for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
                let word = part.trimmingCharacters(in: .whitespaces)
                if let number = Int(word), let day = Weekday(rawValue: number) {
                    days.append(day)
                } else if let day = Weekday(name: word) {
                    days.append(day)
                } else {
                    return nil
                }
            }
            guard !days.isEmpty else { return nil }
            self.init(days)
        }
    }

    /// The three-letter names of the days, from Monday: "Mon, Wed, Fri".
    public var names: String {
        // A loop rather than `joined(separator:)`, whose generic entry point
        // makes the runtime resolve its types the first time it runs.
        var text = ""
        for day in sorted {
            if !text.isEmpty { text += ", " }
            text += day.threeLetterName
        }
        return text
    }

    /// A short human form: "daily", "weekdays", "weekends", or "Mon, Wed, Fri".
    public var summary: String {
        switch self {
        case .everyDay: return "daily"
        case .weekdays: return "weekdays"
        case .weekends: return "weekends"
        default: return names
        }
    }
}

extension ActionDays: Codable {
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var days: [Weekday] = []
        while !container.isAtEnd {
            let number = try container.decode(Int.self)
            guard let day = Weekday(rawValue: number) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription: "action days are numbers from 1 to 7, got \(number)")
            }
            days.append(day)
        }
        self.init(days)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for day in sorted { try container.encode(day.rawValue) }
    }
}
