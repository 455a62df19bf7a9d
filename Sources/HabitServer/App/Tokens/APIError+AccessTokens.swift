import HabitCore

/// The answers of personal access tokens.
extension APIError {
    /// 403: a personal access token whose scope does not cover the route
    /// (RFC 6750 §3.1's `insufficient_scope`).
    static let insufficientScope = APIError(
        status: 403, code: APIErrorCode.insufficientScope,
        message: "This access token's scope does not cover this request; "
            + "use a token with a wider scope, or sign in.",
        headers: [("WWW-Authenticate", #"Bearer realm="habits", error="insufficient_scope""#)])

    static let tokenNameTaken = APIError(
        status: 409, code: APIErrorCode.tokenNameTaken,
        message: "Another access token already has this name; choose another name, "
            + "or revoke that token first.")

    static func tokenLimit(maximum: Int) -> APIError {
        APIError(
            status: 409, code: APIErrorCode.tokenLimit,
            message: "You already have \(maximum) access tokens; revoke one first.")
    }

    static let tokenNotFound = APIError(
        status: 404, code: APIErrorCode.notFound, message: "No such access token.")
}
