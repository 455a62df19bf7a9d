/// A day of the week numbered as ISO 8601 does: Monday is 1, Sunday is 7.
public enum Weekday: Int, CaseIterable, Comparable, Codable, Sendable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Two letters, as a calendar header shows them: "Mo", "Tu", …
    public var twoLetterName: String {
        String(threeLetterName.prefix(2))
    }

    /// Three letters: "Mon", "Tue", …
    public var threeLetterName: String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1]
    }

    /// The full English name: "Monday", …
    public var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][
            rawValue - 1]
    }

    /// Reads an English weekday name, full or abbreviated to at least three
    /// letters, in any case: "mon", "Tues", "wednesday".
    public init?(name: String) {
        let lowered = name.lowercased()
        guard lowered.count >= 3,
            let match = Weekday.allCases.first(where: { $0.name.lowercased().hasPrefix(lowered) })
        else { return nil }
        self = match
    }
}
