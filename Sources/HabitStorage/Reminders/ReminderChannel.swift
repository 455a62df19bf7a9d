import Foundation

/// A way a user's reminders reach them: mail to the account's address, or
/// an ntfy-compatible POST to a topic URL. The last failed attempt is kept,
/// so the user can see why nothing arrived; a later success clears it.
package struct ReminderChannel: Hashable, Sendable {
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        case mail
        case ntfy
    }

    package var id: Int64
    package var kind: Kind
    /// The topic URL of an ntfy channel; `nil` for mail.
    package var url: String?
    package var lastError: String?
    package var lastErrorAt: Date?
    package var createdAt: Date

    package init(
        id: Int64, kind: Kind, url: String?, lastError: String?, lastErrorAt: Date?,
        createdAt: Date
    ) {
        self.id = id
        self.kind = kind
        self.url = url
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
        self.createdAt = createdAt
    }
}
