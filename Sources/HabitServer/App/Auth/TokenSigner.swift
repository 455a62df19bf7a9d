import Foundation
import HabitAPI

/// Why a presented JWT is refused. Every case answers 401 "token_not_valid";
/// the cases exist for tests and debug logs (which never show the token).
enum TokenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not three base64url parts holding JSON claims of the right shape.
    case malformed
    /// The header names an algorithm other than HS256.
    case unsupportedAlgorithm
    /// The signature does not match this server's secret.
    case badSignature
    /// An access token where a refresh token belongs, or the other way round.
    case wrongType
    /// `exp` has passed.
    case expired

    var description: String {
        switch self {
        case .malformed: return "The token is not a well-formed JWT."
        case .unsupportedAlgorithm: return "The token is not signed with HS256."
        case .badSignature: return "The token's signature does not match."
        case .wrongType: return "The token is of the wrong type for this request."
        case .expired: return "The token has expired."
        }
    }
}

/// Signs and verifies the server's JWTs with HMAC-SHA256 (HS256).
///
/// Signing is deterministic: the same claims give the same token, which the
/// refresh grace window relies on. The claims are encoded with sorted keys.
struct TokenSigner: Sendable {
    /// `{"alg":"HS256","typ":"JWT"}` in base64url: the only header this server writes.
    static let encodedHeader = Base64URL.encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))

    private let key: [UInt8]

    init(secret: [UInt8]) {
        self.key = secret
    }

    func sign(_ claims: TokenClaims) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding a struct of strings and integers cannot fail.
        let payload = (try? encoder.encode(claims)) ?? Data()
        let signingInput = Self.encodedHeader + "." + Base64URL.encode(payload)
        let signature = SHA256.hmac(key: key, message: Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// The claims of `token` when it is well formed, signed by this server
    /// with HS256, of `type`, and (when `checkingExpiry`) not expired at `now`.
    func verify(_ token: String, as type: TokenType, now: Date, checkingExpiry: Bool = true)
        throws(TokenError) -> TokenClaims
    {
        let parts = token.utf8.split(
            separator: UInt8(ascii: "."), maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, let encodedHeader = String(parts[0]),
            let encodedPayload = String(parts[1]), let encodedSignature = String(parts[2])
        else { throw .malformed }
        if encodedHeader != Self.encodedHeader {
            try Self.checkHeader(encodedHeader)
        }
        guard let signature = Base64URL.decode(encodedSignature) else { throw .malformed }
        let signingInput = token.utf8.prefix(parts[0].count + 1 + parts[1].count)
        let expected = SHA256.hmac(key: key, message: Array(signingInput))
        guard SHA256.constantTimeEqual(expected, signature) else { throw .badSignature }
        guard let payload = Base64URL.decode(encodedPayload),
            let claims = try? JSONDecoder().decode(TokenClaims.self, from: payload)
        else { throw .malformed }
        guard claims.tokenType == type else { throw .wrongType }
        if checkingExpiry && Double(claims.expiresAt) <= now.timeIntervalSince1970 {
            throw .expired
        }
        return claims
    }

    /// Accepts a header written by another JWT library only when it says HS256.
    private static func checkHeader(_ encoded: String) throws(TokenError) {
        guard let data = Base64URL.decode(encoded),
            let header = try? JSONDecoder().decode([String: JSONValue].self, from: data)
        else { throw .malformed }
        guard header["alg"] == .string("HS256") else { throw .unsupportedAlgorithm }
        if let type = header["typ"], type != .string("JWT") { throw .malformed }
    }
}
