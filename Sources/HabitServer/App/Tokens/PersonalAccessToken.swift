import Foundation

/// The text of a personal access token: `hpat_` and 43 base64url
/// characters (32 random bytes), and how the server finds it again: by the
/// SHA-256 of the whole text, the only form the database holds.
///
/// A plain hash is enough (no key, no slow hash): the token is 256 random
/// bits, so no dictionary or search can reach it from its hash.
enum PersonalAccessToken {
    static let prefix = "hpat_"
    static let randomByteCount = 32
    /// The most tokens an account holds that are not revoked (expired ones
    /// count until revoked).
    static let maximumPerUser = 20
    /// How often a token's last use is written at most.
    static let useRecordInterval: TimeInterval = 60

    /// A new token's text.
    static func generate(using random: RandomSource) -> String {
        prefix + Base64URL.encode(random.bytes(randomByteCount))
    }

    /// Whether `text` is a personal access token (rather than a JWT).
    static func isToken(_ text: String) -> Bool {
        text.utf8.starts(with: prefix.utf8)
    }

    /// What the store keeps of `text`: its SHA-256 in lower-case hex.
    static func hash(_ text: String) -> String {
        SHA256.hex(SHA256.digest(Array(text.utf8)))
    }
}
