import Foundation

/// Reads the HTTP `Date` header's preferred form, IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7).
package enum HTTPDate {
    /// The instant an IMF-fixdate names, or `nil` for any other text.
    package static func date(from text: String) -> Date? {
        // DateFormatter is not Sendable; a fresh one per call keeps this free of
        // shared state, and it runs once per token response.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE',' dd MMM yyyy HH':'mm':'ss 'GMT'"
        formatter.isLenient = false
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }
}
