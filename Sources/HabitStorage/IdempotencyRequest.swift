import Foundation

/// One use of an `Idempotency-Key`: whose key it is, the key, and which
/// request it came with.
///
/// Keys of different scopes never meet, so two users (or two addresses) may
/// pick the same key. A repeat of the key must carry the same fingerprint to
/// get the remembered answer; any other request with it is refused.
package struct IdempotencyRequest: Hashable, Sendable {
    /// How long a key and its answer are remembered: 24 hours.
    package static let retention: TimeInterval = 86_400
    /// How many keys one scope keeps at most, so the storage one account can
    /// take is bounded: recording one more forgets that scope's oldest.
    package static let maximumPerScope = 1000

    /// Who the key belongs to, such as `user:42`.
    package var scope: String
    /// The key as the client sent it (unquoted).
    package var key: String
    /// What the request was (method, path and a digest of the body).
    package var fingerprint: String

    package init(scope: String, key: String, fingerprint: String) {
        self.scope = scope
        self.key = key
        self.fingerprint = fingerprint
    }
}
