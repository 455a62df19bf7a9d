/// Everything a token store keeps: the address waiting for its sign-in code,
/// and the session once signed in.
///
/// The pending address is kept because requesting a code and entering it are
/// two runs of the command line.
package struct StoredCredentials: Hashable, Sendable {
    /// The address a code was last requested for, until sign-in succeeds.
    package var pendingEmail: String?
    package var session: StoredSession?

    package init(pendingEmail: String? = nil, session: StoredSession? = nil) {
        self.pendingEmail = pendingEmail
        self.session = session
    }

    /// Nothing saved.
    package static let empty = StoredCredentials()

    package var isEmpty: Bool { pendingEmail == nil && session == nil }
}

extension StoredCredentials: Codable {
    /// The format written; a file with another version is not read.
    static let formatVersion = 1

    enum CodingKeys: String, CodingKey {
        case version, session
        case pendingEmail = "pending_email"
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c, debugDescription: "unknown credentials format \(version)")
        }
        pendingEmail = try c.decodeIfPresent(String.self, forKey: .pendingEmail)
        session = try c.decodeIfPresent(StoredSession.self, forKey: .session)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.formatVersion, forKey: .version)
        try c.encodeIfPresent(pendingEmail, forKey: .pendingEmail)
        try c.encodeIfPresent(session, forKey: .session)
    }
}

extension StoredCredentials: CustomStringConvertible {
    package var description: String {
        let pending = pendingEmail.map { "code pending for \($0)" } ?? "no code pending"
        return "\(session?.description ?? "signed out"), \(pending)"
    }
}
