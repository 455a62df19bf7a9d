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

    /// `{"time_zone"}`: the IANA name of the account's time zone, as
    /// Foundation's `TimeZone(identifier:)` knows it.
    static func timeZone(from object: [String: JSONValue]) throws(ValidationError) -> String {
        var body = BodyFields(object)
        let name = body.string("time_zone", required: true)
        guard let name, body.errors.isEmpty else { throw body.errors }
        guard zone(named: name) != nil else {
            throw ValidationError(fields: ["time_zone": [timeZoneMessage]])
        }
        return name
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
