import Foundation

/// Reads and writes timestamps in RFC 3339 form, always UTC on output
/// (`2026-11-30T19:00:00Z`), with or without fractional seconds on input.
public enum RFC3339 {
    private static let plain = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
    private static let fractional = Date.ISO8601FormatStyle(
        includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!)

    /// `2026-11-30T19:00:00Z`: whole seconds, UTC.
    public static func string(from date: Date) -> String {
        plain.format(date)
    }

    /// Parses a timestamp such as `2026-11-30T19:00:00Z`,
    /// `2026-11-30T19:00:00.123Z` or `2026-11-30T20:00:00+01:00`; `nil` otherwise.
    public static func date(from text: String) -> Date? {
        if let date = try? plain.parse(text) { return date }
        if let date = try? fractional.parse(text) { return date }
        return nil
    }
}
