import Foundation

/// The claims the client reads from a JSON Web Token's payload.
///
/// The client never checks signatures (only the server can); it reads the
/// payload to know when a token expires. The payload is base64url without
/// padding (padding is tolerated). `exp` and `iat` are numbers of seconds since
/// 1970 (whole or fractional); `user_id` may be a string or a number. Anything
/// malformed is a `TokenProblem`, never a crash.
package struct JWTPayload: Hashable, Sendable {
    /// `exp`: when the token stops being accepted, in the server's time.
    package var expiresAt: Date?
    /// `iat`: when the server issued the token, in the server's time.
    package var issuedAt: Date?
    /// `token_type`: "access" or "refresh" on servers of this family.
    package var tokenType: String?
    /// `user_id`, as text whether the token holds a string or a number.
    package var userID: String?
    /// `jti`: the token's unique id.
    package var tokenID: String?

    package init(
        expiresAt: Date? = nil, issuedAt: Date? = nil, tokenType: String? = nil,
        userID: String? = nil, tokenID: String? = nil
    ) {
        self.expiresAt = expiresAt
        self.issuedAt = issuedAt
        self.tokenType = tokenType
        self.userID = userID
        self.tokenID = tokenID
    }

    /// Reads the payload of a compact JWT (`header.payload.signature`).
    package init(token: String) throws(TokenProblem) {
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, !segments[1].isEmpty else { throw .notThreeSegments }
        guard let data = Self.decodeBase64URL(segments[1]) else { throw .notBase64URL }
        try self.init(payloadJSON: data)
    }

    /// Reads a payload already decoded from base64url.
    package init(payloadJSON data: Data) throws(TokenProblem) {
        let claims: Claims
        do {
            claims = try JSONDecoder().decode(Claims.self, from: data)
        } catch let problem as TokenProblem {
            throw problem
        } catch {
            throw .notJSONObject
        }
        self.init(
            expiresAt: claims.exp.map(Date.init(timeIntervalSince1970:)),
            issuedAt: claims.iat.map(Date.init(timeIntervalSince1970:)),
            tokenType: claims.tokenType, userID: claims.userID, tokenID: claims.jti)
    }

    // MARK: - Decoding

    /// Base64url (`-` and `_`, no padding) to bytes; `nil` for any other character.
    static func decodeBase64URL(_ text: Substring) -> Data? {
        var body = text
        while body.hasSuffix("=") { body = body.dropLast() }
        var standard = ""
        standard.reserveCapacity(body.utf8.count + 3)
        for scalar in body.unicodeScalars {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9": standard.unicodeScalars.append(scalar)
            case "-": standard += "+"
            case "_": standard += "/"
            default: return nil
            }
        }
        switch standard.utf8.count % 4 {
        case 0: break
        case 2: standard += "=="
        case 3: standard += "="
        default: return nil
        }
        return Data(base64Encoded: standard)
    }

    /// The registered and private claims the client reads, each checked for type.
    private struct Claims: Decodable {
        var exp: Double?
        var iat: Double?
        var tokenType: String?
        var userID: String?
        var jti: String?

        enum CodingKeys: String, CodingKey {
            case exp, iat, jti
            case tokenType = "token_type"
            case userID = "user_id"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            exp = try Self.seconds(c, .exp)
            iat = try Self.seconds(c, .iat)
            tokenType = try Self.text(c, .tokenType)
            jti = try Self.text(c, .jti)
            if try !c.contains(.userID) || c.decodeNil(forKey: .userID) {
                userID = nil
            } else if let text = try? c.decode(String.self, forKey: .userID) {
                userID = text
            } else if let number = try? c.decode(Int64.self, forKey: .userID) {
                userID = String(number)
            } else {
                throw TokenProblem.wrongClaimType(CodingKeys.userID.rawValue)
            }
        }

        private static func seconds(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys)
            throws -> Double?
        {
            guard try c.contains(key) && !c.decodeNil(forKey: key) else { return nil }
            guard let value = try? c.decode(Double.self, forKey: key), value.isFinite else {
                throw TokenProblem.wrongClaimType(key.rawValue)
            }
            return value
        }

        private static func text(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys)
            throws -> String?
        {
            guard try c.contains(key) && !c.decodeNil(forKey: key) else { return nil }
            guard let value = try? c.decode(String.self, forKey: key) else {
                throw TokenProblem.wrongClaimType(key.rawValue)
            }
            return value
        }
    }
}
