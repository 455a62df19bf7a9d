import Foundation

/// Delivers sign-in messages. Called on a request's thread; may block.
public protocol Mailer: Sendable {
    /// Delivers `message`, returning a short description of where it went
    /// for the log ("outbox /var/…/x.eml", "command sendmail -t").
    func send(_ message: MailMessage) throws(MailError) -> String
}

/// Why a message could not be delivered.
public struct MailError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
