import HabitCore

/// An error answer of the API: `{"code", "message", "fields"}` with a status.
///
/// `fields` is present only on validation errors (400 "invalid").
struct APIError: Error, Sendable, CustomStringConvertible {
    var status: Int
    var code: String
    var message: String
    var fields: [String: [String]]?
    var headers: [(name: String, value: String)] = []

    var description: String { "\(status) \(code): \(message)" }

    /// 400 "invalid" naming every field's problems.
    static func invalid(_ error: ValidationError) -> APIError {
        APIError(
            status: 400, code: APIErrorCode.invalid, message: "Some fields are not valid.",
            fields: error.fields)
    }

    /// 400 "invalid" for one field (or query parameter) with one problem.
    static func invalid(_ field: String, _ problem: String) -> APIError {
        invalid(ValidationError(fields: [field: [problem]]))
    }

    static let notFound = APIError(
        status: 404, code: APIErrorCode.notFound, message: "There is nothing at this address.")

    static let habitNotFound = APIError(
        status: 404, code: APIErrorCode.notFound, message: "No such habit.")

    static func methodNotAllowed(_ method: String, allowed: [String]) -> APIError {
        APIError(
            status: 405, code: APIErrorCode.methodNotAllowed,
            message: "This address does not accept \(method); it accepts "
                + "\(allowed.joined(separator: ", ")).",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }

    static let notAuthenticated = APIError(
        status: 401, code: APIErrorCode.notAuthenticated,
        message: "Sign in first: send an access token as Authorization: Bearer <token>.",
        headers: [("WWW-Authenticate", #"Bearer realm="habits""#)])

    static let tokenNotValid = APIError(
        status: 401, code: APIErrorCode.tokenNotValid,
        message: "The token is not valid or has expired.",
        headers: [("WWW-Authenticate", #"Bearer realm="habits", error="invalid_token""#)])

    static let invalidCode = APIError(
        status: 401, code: APIErrorCode.invalidCode,
        message: "The code is wrong or has expired; request a new one if needed.")

    /// 429 for too many code requests: for the address, or from the client
    /// (its address or network) when `byClient`.
    static func rateLimited(retryAfter seconds: Int, byClient: Bool = false) -> APIError {
        APIError(
            status: 429, code: APIErrorCode.rateLimited,
            message: "Too many codes were requested "
                + (byClient ? "from your network" : "for this address")
                + "; try again in \(seconds) seconds.",
            headers: [("Retry-After", String(seconds))])
    }

    static func habitLimit(maximum: Int) -> APIError {
        APIError(
            status: 409, code: APIErrorCode.habitLimit,
            message: "You already have \(maximum) active habits; archive one first.")
    }

    static func totalHabitLimit(maximum: Int) -> APIError {
        APIError(
            status: 409, code: APIErrorCode.habitTotalLimit,
            message: "You already have \(maximum) habits, archived ones included; "
                + "delete one you no longer need first.")
    }

    static let habitNameTaken = APIError(
        status: 409, code: APIErrorCode.habitNameTaken,
        message: "Another active habit already has this name (names are compared ignoring "
            + "case); choose another name, or archive or rename that habit first.")

    static let idempotencyKeyReused = APIError(
        status: 422, code: APIErrorCode.idempotencyKeyReused,
        message: "This Idempotency-Key came with a different request; "
            + "send a new key with each new request.")

    /// 410: the feed cannot answer from this cursor; the client starts over.
    static let cursorExpired = APIError(
        status: 410, code: APIErrorCode.cursorExpired,
        message: "This sync position is unknown or too old; sync again from the start "
            + "(leave out since) and replace what this device holds.")

    static let unsupportedMediaType = APIError(
        status: 415, code: APIErrorCode.unsupportedMediaType,
        message: "Send the request body as JSON (Content-Type: application/json).")

    static let mailFailed = APIError(
        status: 503, code: APIErrorCode.mailFailed,
        message: "The sign-in code could not be sent; try again later.")

    static let internalFailure = APIError(
        status: 500, code: APIErrorCode.serverError,
        message: "The server could not complete the request; try again later.")

    /// The answer cannot be given on the event loop's thread
    /// (`RouteContext.atOnce`): never sent, the request is answered by
    /// `respond` as usual.
    static let notAtOnce = APIError(
        status: 503, code: "not_at_once", message: "Not answered on the event loop's thread.")
}
