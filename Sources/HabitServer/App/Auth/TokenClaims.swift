/// Which of the two tokens a JWT is.
public enum TokenType: String, Codable, Sendable {
    /// Short-lived, stateless: authorises /api/me/ requests.
    case access
    /// Long-lived, remembered by the server: buys a new pair, once.
    case refresh
}

/// The claims of the server's JWTs: `token_type`, `exp`, `iat` (integer
/// seconds since 1970), `jti` (a random id) and `user_id` (an integer).
public struct TokenClaims: Hashable, Sendable, Codable {
    public var tokenType: TokenType
    public var expiresAt: Int64
    public var issuedAt: Int64
    public var jti: String
    public var userID: Int64

    public init(tokenType: TokenType, expiresAt: Int64, issuedAt: Int64, jti: String, userID: Int64)
    {
        self.tokenType = tokenType
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.jti = jti
        self.userID = userID
    }

    enum CodingKeys: String, CodingKey {
        case tokenType = "token_type"
        case expiresAt = "exp"
        case issuedAt = "iat"
        case jti
        case userID = "user_id"
    }
}
