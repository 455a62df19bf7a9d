/// The machine codes of the API's error answers (`{"code", "message"}`), one
/// definition for the server that sends them and the clients that decide on
/// them (the `code` of openapi.yaml's error answers).
///
/// Codes, not an enumeration: a client meets codes of newer servers and
/// other implementations, and treats one it does not know by its status.
public enum APIErrorCode {
    /// 400: some fields are not valid; `fields` names each problem.
    public static let invalid = "invalid"
    /// 401: no credentials were sent.
    public static let notAuthenticated = "not_authenticated"
    /// 401: the token is not valid or has expired; the client refreshes it.
    public static let tokenNotValid = "token_not_valid"
    /// 401: the sign-in code is wrong, expired, used or burned.
    public static let invalidCode = "invalid_code"
    /// 403: an access token whose scope does not cover the request.
    public static let insufficientScope = "insufficient_scope"
    /// 404: no such resource (or another account's).
    public static let notFound = "not_found"
    /// 405: the path does not accept the method (`Allow` lists those it does).
    public static let methodNotAllowed = "method_not_allowed"
    /// 409: the account already has the most active habits.
    public static let habitLimit = "habit_limit"
    /// 409: the account already has the most habits, archived ones included.
    public static let habitTotalLimit = "habit_total_limit"
    /// 409: another active habit of the account has the name.
    public static let habitNameTaken = "habit_name_taken"
    /// 409: an access token of the account has the name.
    public static let tokenNameTaken = "token_name_taken"
    /// 409: the account already has the most access tokens.
    public static let tokenLimit = "token_limit"
    /// 409: the account already has the most of a kind of integration.
    public static let limitReached = "limit_reached"
    /// 410: the change feed cannot answer from this cursor; sync from the start.
    public static let cursorExpired = "cursor_expired"
    /// 415: the body is not JSON.
    public static let unsupportedMediaType = "unsupported_media_type"
    /// 422: the Idempotency-Key came with a different request.
    public static let idempotencyKeyReused = "idempotency_key_reused"
    /// 429: too many sign-in codes were requested; `Retry-After` says when.
    public static let rateLimited = "rate_limited"
    /// 500: the server could not complete the request.
    public static let serverError = "server_error"
    /// 503: the sign-in code could not be mailed.
    public static let mailFailed = "mail_failed"
    /// 503: the database cannot be reached now.
    public static let databaseUnavailable = "database_unavailable"
}
