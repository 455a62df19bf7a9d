import Foundation
import HabitCore

extension APIError {
    /// The error an unsuccessful response stands for.
    ///
    /// The body is read in any of the three error forms (see `ServerErrorBody`);
    /// a body that is not JSON (an HTML page from a proxy) only shows in the
    /// snippet of an unexpected response. `deviceNow` turns a Retry-After date
    /// into seconds.
    init(response: TransportResponse, context: ResponseContext, path: String, deviceNow: Date) {
        let body = ServerErrorBody(response: response)
        let status = response.status
        switch (status, context) {
        case (429, _):
            self = .rateLimited(
                retryAfter: Self.retryAfterSeconds(response.header("Retry-After"), now: deviceNow))
        case (500...599, _):
            self = .server(status: status)
        case (400, .signIn), (401, .signIn), (403, .signIn):
            if let body, !body.fields.isEmpty, !Self.isAboutTheCode(body) {
                self = .validation(ValidationError(fields: body.fields))
            } else {
                self = .invalidCode
            }
        case (401, .account), (401, .habit):
            self = body?.code == APIErrorCode.notAuthenticated ? .signedOut : .sessionExpired
        case (401, .refresh):
            self = .sessionExpired
        case (404, .habit):
            self = .notFound
        case (409, _) where body?.code == APIErrorCode.habitLimit:
            self = .habitLimit(message: body?.message ?? "")
        case (409, _) where body?.code == APIErrorCode.habitNameTaken:
            self = .habitNameTaken
        case (409, _) where body?.code == APIErrorCode.habitTotalLimit:
            self = .habitTotalLimit(message: body?.message ?? "")
        case (400, _), (403, _), (405, _), (409, _), (411, _), (413, _), (415, _), (422, _),
            (431, _):
            if let body, !body.fields.isEmpty {
                self = .validation(ValidationError(fields: body.fields))
            } else if let message = body?.message {
                self = .rejected(status: status, message: message)
            } else {
                self = .unexpectedResponse(status: status, path: path)
            }
        default:
            // The body is never quoted: it is raw server text (a proxy's page,
            // perhaps a token), and the status and path say what went wrong.
            self = .unexpectedResponse(status: status, path: path)
        }
    }

    /// Retry-After as seconds: a number of seconds or an HTTP date.
    static func retryAfterSeconds(_ value: String?, now: Date) -> Int? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        if let seconds = Int(value), seconds >= 0 { return seconds }
        if let date = HTTPDate.date(from: value) {
            return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
        }
        return nil
    }

    /// Whether a sign-in rejection names the code (or nothing) rather than the address.
    private static func isAboutTheCode(_ body: ServerErrorBody) -> Bool {
        body.code == APIErrorCode.invalidCode || (body.fields.keys.allSatisfy { $0 == "code" })
    }
}

extension APIError {
    /// The error a failed transport call stands for: an `APIError` as thrown,
    /// cancellation as `.cancelled`, anything else as `.connectionLost(host)`
    /// (nothing says the request did not arrive).
    init(transportError error: any Error, host: String) {
        switch error {
        case let error as APIError: self = error
        case is CancellationError: self = .cancelled
        default: self = .connectionLost(host: host)
        }
    }
}
