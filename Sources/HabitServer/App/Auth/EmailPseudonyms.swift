import HabitAPI

/// Stand-ins for email addresses where the address itself must not appear.
///
/// Each is an HMAC-SHA256 of the normalised address under a key derived from
/// the server secret, so nobody without the secret can test a guessed
/// address against a log line, while one address always gives the same
/// stand-in (log lines about one address can be correlated).
struct EmailPseudonyms: Sendable {
    private let key: [UInt8]

    init(secret: [UInt8]) {
        key = SHA256.hmac(key: secret, message: Array("habits-email-pseudonym".utf8))
    }

    /// A short tag for log lines: `addr:` and the first 8 hex digits.
    func logTag(_ email: EmailAddress) -> String {
        "addr:" + String(digest(email).prefix(8))
    }

    /// The idempotency-key scope of requests about `email`.
    func scope(_ email: EmailAddress) -> String {
        "email:" + digest(email)
    }

    private func digest(_ email: EmailAddress) -> String {
        SHA256.hex(SHA256.hmac(key: key, message: Array(email.value.utf8)))
    }
}
