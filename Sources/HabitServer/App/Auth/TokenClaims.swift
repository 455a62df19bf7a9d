/// Which of the two tokens a JWT is.
package enum TokenType: String, Codable, Sendable {
    /// Short-lived, stateless: authorises /api/me/ requests.
    case access
    /// Long-lived, remembered by the server: buys a new pair, once.
    case refresh
}

/// The claims of the server's JWTs: `token_type`, `exp`, `iat` (integer
/// seconds since 1970), `jti` (a random id) and `user_id` (an integer).
package struct TokenClaims: Hashable, Sendable, Codable {
    package var tokenType: TokenType
    package var expiresAt: Int64
    package var issuedAt: Int64
    package var jti: String
    package var userID: Int64

    package init(
        tokenType: TokenType, expiresAt: Int64, issuedAt: Int64, jti: String, userID: Int64
    ) {
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
