import Foundation

/// Builds compact JWTs with chosen claims and a dummy signature: the client
/// reads payloads and never checks signatures.
enum UnsignedToken {
    /// A token whose payload is `claims` as JSON.
    static func make(_ claims: [String: Any]) -> String {
        let payload =
            (try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]))
            ?? Data()
        return make(payloadJSON: payload)
    }

    /// A token whose payload is exactly `payloadJSON`.
    static func make(payloadJSON: Data) -> String {
        let header = Data(#"{"alg":"HS256","typ":"JWT"}"#.utf8)
        return "\(base64URL(header)).\(base64URL(payloadJSON)).c2lnbmF0dXJl"
    }

    /// An access token expiring at `expiry`, issued `lifetime` seconds before.
    static func access(expiringAt expiry: Date, lifetime: TimeInterval = 300, user: Int = 7)
        -> String
    {
        make([
            "token_type": "access", "exp": Int(expiry.timeIntervalSince1970),
            "iat": Int(expiry.timeIntervalSince1970 - lifetime), "user_id": user,
            "jti": UUID().uuidString,
        ])
    }

    /// A refresh token expiring at `expiry`.
    static func refresh(expiringAt expiry: Date, user: Int = 7) -> String {
        make([
            "token_type": "refresh", "exp": Int(expiry.timeIntervalSince1970),
            "iat": Int(expiry.timeIntervalSince1970 - 604_800), "user_id": user,
            "jti": UUID().uuidString,
        ])
    }

    /// Base64url without padding.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
