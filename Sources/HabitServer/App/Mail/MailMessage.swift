import Foundation
import HabitAPI

/// The message that carries a sign-in code: a plain-text RFC 5322 message.
///
/// Form (lines end with LF, as a local MTA reading `sendmail -t` expects):
///
///     From: habits-server <noreply@localhost>
///     To: you@example.com
///     Subject: Your habits sign-in code
///     Date: Mon, 30 Nov 2026 19:00:00 +0000
///     MIME-Version: 1.0
///     Content-Type: text/plain; charset=utf-8
///
///     Your habits sign-in code: 123456
///
///     It is valid for 10 minutes and can be used once. If you did not ask
///     for it, ignore this message.
///
/// Scripts read the code from the line starting `Your habits sign-in code: `.
package struct MailMessage: Hashable, Sendable {
    /// What the line holding the code starts with.
    package static let codeLinePrefix = "Your habits sign-in code: "

    package var from: String
    /// The recipient, already validated and normalised.
    package var to: String
    package var subject: String
    package var date: Date
    package var body: String

    /// The sign-in message for `code`, valid for `lifetime`.
    static func signInCode(
        _ code: String, to address: EmailAddress, from sender: String, date: Date,
        lifetime: TimeInterval
    ) -> MailMessage {
        let minutes = Int((lifetime / 60).rounded())
        let validity = minutes == 1 ? "1 minute" : "\(minutes) minutes"
        return MailMessage(
            from: sender, to: address.value, subject: "Your habits sign-in code", date: date,
            body: """
                \(codeLinePrefix)\(code)

                It is valid for \(validity) and can be used once. If you did not ask
                for it, ignore this message.

                """)
    }

    /// The message as RFC 5322 text.
    package var rendered: String {
        """
        From: \(from)
        To: \(to)
        Subject: \(subject)
        Date: \(Self.dateFormatter.string(from: date))
        MIME-Version: 1.0
        Content-Type: text/plain; charset=utf-8
        Content-Transfer-Encoding: 8bit

        \(body)
        """
    }

    /// A new formatter per message: messages are rare, and a shared one
    /// would need a lock.
    private static var dateFormatter: DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter
    }
}
