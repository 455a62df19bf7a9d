import Foundation
import HabitAPI
import HabitCore

/// Turns the body of `PATCH /api/me/` into the account's changes.
enum AccountInput {
    /// The longest time zone name taken; IANA's longest is 32 characters
    /// (`America/Argentina/ComodRivadavia`).
    static let maximumTimeZoneLength = 64

    static let timeZoneMessage =
        "Enter an IANA time zone name such as Europe/Berlin, America/New_York or UTC."

    static let dayStartsAtMessage =
        "Enter the time the day starts as HH:MM, from 00:00 to 12:00."

    static let nothingMessage = "Send time_zone, day_starts_at or both."

    /// What a `PATCH /api/me/` changes; `nil` keeps a setting.
    struct Changes: Equatable {
        var timeZone: String?
        var dayStartsAt: DayBoundary?
    }

    /// `{"time_zone"?, "day_starts_at"?}`, at least one: the IANA name of
    /// the account's time zone, as Foundation's `TimeZone(identifier:)`
    /// knows it, and the local time its day starts at (`DayBoundary`,
    /// `HH:MM` from 00:00 to 12:00). A body with neither is refused naming
    /// `time_zone`, the setting every client sends.
    static func changes(from object: [String: JSONValue]) throws(ValidationError) -> Changes {
        var body = BodyFields(object)
        guard body.contains("time_zone") || body.contains("day_starts_at") else {
            throw ValidationError(fields: ["time_zone": [nothingMessage]])
        }
        let name = body.string("time_zone", required: false)
        let boundaryText = body.string("day_starts_at", required: false)
        if let name, zone(named: name) == nil {
            body.report([timeZoneMessage], for: "time_zone")
        }
        let boundary = boundaryText.flatMap(DayBoundary.init)
        if boundaryText != nil, boundary == nil {
            body.report([dayStartsAtMessage], for: "day_starts_at")
        }
        guard body.errors.isEmpty else { throw body.errors }
        return Changes(timeZone: name, dayStartsAt: boundary)
    }

    /// The zone called `name`, or `nil` when it is none Foundation knows.
    /// Names only: an offset such as `GMT+2` or `+02:00` is refused, as it
    /// knows no daylight-saving rules, and so is anything with white space,
    /// control characters or more than `maximumTimeZoneLength` characters.
    static func zone(named name: String) -> TimeZone? {
        guard !name.isEmpty, name.utf8.count <= maximumTimeZoneLength,
            name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), !isOffset(name)
        else { return nil }
        return TimeZone(identifier: name)
    }

    /// `+02:00`, `-5`, `GMT+2`, `UTC-03:30`: an offset, not a zone's name.
    private static func isOffset(_ name: String) -> Bool {
        var rest = Substring(name)
        for prefix in ["GMT", "UTC"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
        }
        return rest.first == "+" || rest.first == "-"
    }
}
