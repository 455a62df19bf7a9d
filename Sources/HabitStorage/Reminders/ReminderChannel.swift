import Foundation

/// A way a user's reminders reach them: mail to the account's address, or
/// an ntfy-compatible POST to a topic URL. The last failed attempt is kept,
/// so the user can see why nothing arrived; a later success clears it.
public struct ReminderChannel: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case mail
        case ntfy
    }

    public var id: Int64
    public var kind: Kind
    /// The topic URL of an ntfy channel; `nil` for mail.
    public var url: String?
    public var lastError: String?
    public var lastErrorAt: Date?
    public var createdAt: Date

    public init(
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
