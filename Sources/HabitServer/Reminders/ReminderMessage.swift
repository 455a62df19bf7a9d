import Foundation

/// The words of a reminder as mail and ntfy carry them, made from the
/// `reminder.due` event kept in the outbox.
struct ReminderMessage: Hashable {
    var title: String
    var body: String

    init(_ data: ReminderDueData) {
        let name = Self.oneLine(data.habitName)
        title = "Reminder: \(name)"
        body = "\(name) is not done yet today (\(data.date), \(data.time) \(data.timeZone))."
    }

    /// The habit's name without control characters (it came from a user).
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    !$0.properties.generalCategory.isControl
                }))
    }

    /// A header value: ASCII as it is, anything else as an RFC 2047 encoded
    /// word (ntfy decodes them).
    static func headerValue(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        return "=?UTF-8?B?" + Data(text.utf8).base64EncodedString() + "?="
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
