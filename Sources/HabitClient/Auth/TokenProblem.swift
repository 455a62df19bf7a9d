/// What is wrong with a token the server sent, as `JWTPayload` finds it and
/// `APIError.unreadableToken` reports it. The token itself is never part of
/// it; the words are the program's.
package enum TokenProblem: Error, Hashable, Sendable {
    /// Not three dot-separated parts with a payload in the middle.
    case notThreeSegments
    /// The payload is not base64url.
    case notBase64URL
    /// The payload is not a JSON object.
    case notJSONObject
    /// A claim has the wrong type, such as `exp` as text (its name).
    case wrongClaimType(String)
    /// The access token has no `exp` claim, so the client cannot tell when
    /// to renew it.
    case noExpiry
}
