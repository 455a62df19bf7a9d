import Foundation

/// The Date header's text (IMF-fixdate, "Sun, 06 Nov 1994 08:49:37 GMT"),
/// formatted at most once per second.
///
/// Each connection keeps its own cache, so threads share nothing to read it.
struct HTTPDateCache {
    /// RFC 9110 §5.6.7: fixed English names, GMT, 24-hour clock.
    static let style = Date.VerbatimFormatStyle(
        format: """
            \(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \
            \(year: .padded(4)) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\
            \(minute: .twoDigits):\(second: .twoDigits) GMT
            """,
        locale: Locale(identifier: "en_US_POSIX"),
        timeZone: TimeZone(secondsFromGMT: 0) ?? .gmt,
        calendar: Calendar(identifier: .gregorian))

    private var second = Int64.min
    private var text = ""

    /// The header text for `date`.
    mutating func text(for date: Date) -> String {
        let second = Int64(date.timeIntervalSince1970.rounded(.down))
        if second != self.second {
            self.second = second
            text = Self.style.format(Date(timeIntervalSince1970: TimeInterval(second)))
        }
        return text
    }
}
