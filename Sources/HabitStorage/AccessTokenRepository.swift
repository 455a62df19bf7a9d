import Foundation

/// What a personal access token may do.
///
/// `read`: every GET (and HEAD) of the account's routes, the calendar feed
/// among them. `checkIn`: progress writes only (a day's value, an
/// increment, a batch, removing a day), of one habit when the token names
/// one. `write`: every route of the account. None of them manages tokens.
package enum AccessScope: String, CaseIterable, Hashable, Sendable, Codable {
    case read
    case checkIn = "check-in"
    case write
}

/// A personal access token as the store keeps it: never the token itself,
/// only what it may do and when it was used.
package struct AccessTokenRecord: Hashable, Sendable {
    package var id: Int64
    package var owner: Int64
    package var name: String
    package var scope: AccessScope
    /// The only habit a check-in token may change; `nil`: any of the owner's.
    package var habitID: Int64?
    package var createdAt: Date
    /// `nil`: it never expires.
    package var expiresAt: Date?
    /// Kept to the minute (see `recordAccessTokenUse`).
    package var lastUsedAt: Date?
    package var revokedAt: Date?

    package init(
        id: Int64, owner: Int64, name: String, scope: AccessScope, habitID: Int64?,
        createdAt: Date, expiresAt: Date?, lastUsedAt: Date?, revokedAt: Date?
    ) {
        self.id = id
        self.owner = owner
        self.name = name
        self.scope = scope
        self.habitID = habitID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }

    /// Whether the token may be used at `now`: not revoked, not expired.
    package func isUsable(at now: Date) -> Bool {
        revokedAt == nil && expiresAt.map { now < $0 } ?? true
    }
}

/// A token to store: its hash (SHA-256 of the token text, lower-case hex),
/// never the token.
package struct NewAccessToken: Hashable, Sendable {
    package var name: String
    package var scope: AccessScope
    package var habitID: Int64?
    package var hash: String
    package var createdAt: Date
    package var expiresAt: Date?

    package init(
        name: String, scope: AccessScope, habitID: Int64?, hash: String, createdAt: Date,
        expiresAt: Date?
    ) {
        self.name = name
        self.scope = scope
        self.habitID = habitID
        self.hash = hash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// What creating a token came to, decided in one transaction.
package enum AccessTokenCreation: Hashable, Sendable {
    case created(AccessTokenRecord)
    /// Another token of the owner that is not revoked has the name.
    case nameTaken
    /// The owner already has `maximum` tokens that are not revoked.
    case limitReached(maximum: Int)
    /// The habit is not the owner's.
    case habitNotFound
}

/// Personal access tokens, always scoped to one owner except the lookup by
/// hash that authenticates a request.
package protocol AccessTokenRepository: Sendable {
    /// Stores `token` for `owner` unless another of the owner's tokens that
    /// is not revoked has its name, the owner already has `maximum` tokens
    /// that are not revoked (expired ones count until revoked), or its habit
    /// is not the owner's; all checked atomically with the insert. Also
    /// forgets the owner's tokens revoked more than
    /// `AccessTokenRecord.revokedRetention` before `token.createdAt`.
    func createAccessToken(_ token: NewAccessToken, owner: Int64, maximum: Int)
        throws(StoreError) -> AccessTokenCreation

    /// The owner's tokens that are not revoked, oldest first.
    func accessTokens(owner: Int64) throws(StoreError) -> [AccessTokenRecord]

    /// The token whose hash is `hash`, revoked or not; `nil` when none is.
    func accessToken(hash: String) throws(StoreError) -> AccessTokenRecord?

    /// Revokes the owner's token `id` at `now`; `false` when the owner has
    /// no such token that is not revoked already.
    func revokeAccessToken(id: Int64, owner: Int64, now: Date) throws(StoreError) -> Bool

    /// Sets the token's last use to `now`, unless it is already within
    /// `interval` seconds of it: a busy token costs one write a minute.
    func recordAccessTokenUse(id: Int64, now: Date, interval: TimeInterval) throws(StoreError)
}

extension AccessTokenRecord {
    /// How long a revoked token's row is kept (it then stops taking up
    /// room): 30 days.
    package static let revokedRetention: TimeInterval = 30 * 86_400
}
