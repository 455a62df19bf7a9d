/// Delivers sign-in messages. Called on a request's thread; may block.
package protocol Mailer: Sendable {
    /// Delivers `message`, returning a short description of where it went
    /// for the log ("outbox /var/…/x.eml", "command sendmail -t").
    func send(_ message: MailMessage) throws(MailError) -> String

    /// Does the work of sending `message` but delivers it nowhere: a code
    /// request for an address that may not sign in costs what a real one
    /// does, so the time of the answer does not tell the two apart.
    /// Failures are ignored, as nobody is waiting for this message.
    func rehearse(_ message: MailMessage)
}

extension Mailer {
    /// Renders the message, the work every mailer does.
    package func rehearse(_ message: MailMessage) {
        _ = message.rendered
    }
}

/// Why a message could not be delivered.
package struct MailError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
