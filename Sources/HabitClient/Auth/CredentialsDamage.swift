import Foundation

/// How a credentials file that does not read as saved credentials is
/// damaged: what a person can check, told apart.
package enum CredentialsDamage: Hashable, Sendable {
    /// The file holds no byte (cut short, or emptied).
    case empty
    /// The bytes are not JSON.
    case notJSON
    /// JSON, but not credentials this version reads (no format version, a
    /// later format's, a session missing fields).
    case notCredentials
    /// Larger than any credentials file is.
    case tooLarge

    /// How `data`, which did not decode as credentials, is damaged.
    static func of(_ data: Data) -> CredentialsDamage {
        if data.isEmpty { return .empty }
        if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
            return .notJSON
        }
        return .notCredentials
    }
}
