import Foundation
import HabitCore
import HabitHTTP
import HabitStore

/// The `Idempotency-Key` header of the routes that are not idempotent by
/// nature (`POST` auth/email/, me/habits/, …/increment/).
///
/// A request with a key has its answer remembered for 24 hours under the key
/// and its scope (the user, or for auth/email/ the address). A repeat with
/// the same key, method, path and body gets that answer again, status and
/// body, with `Idempotent-Replayed: true`, and nothing runs again; the same
/// key with another request is 422 `idempotency_key_reused`. Every answer is
/// remembered except 401 (no scope to keep it in), 429 and 5xx (refusals to
/// run, worth trying again) and 400 about the key itself. The effect and its
/// key are stored in one transaction.
extension APIResponder {
    static let replayedHeader = "Idempotent-Replayed"

    /// The request's key, `nil` without one; 400 naming the header when it
    /// is not a valid key or is sent more than once.
    func idempotencyKey(_ request: HTTPRequest) throws(APIError) -> String? {
        let values = request.headers.fields.filter {
            $0.name.caseInsensitiveCompare(IdempotencyKey.headerName) == .orderedSame
        }
        guard let field = values.first else { return nil }
        guard values.count == 1, let key = IdempotencyKey(fieldValue: field.value) else {
            throw .invalid(IdempotencyKey.headerName, IdempotencyKey.problem)
        }
        return key.value
    }

    /// What the store keeps about `key` in `scope`: it and the request's
    /// fingerprint (method, path with its trailing slash, SHA-256 of the body).
    func idempotencyRequest(_ request: HTTPRequest, key: String?, scope: String)
        -> IdempotencyRequest?
    {
        guard let key else { return nil }
        let path = request.path.hasSuffix("/") ? request.path : request.path + "/"
        let fingerprint = "\(request.method) \(path) \(SHA256.hex(SHA256.digest(request.body)))"
        return IdempotencyRequest(scope: scope, key: key, fingerprint: fingerprint)
    }

    /// The scope of a signed-in user's keys.
    static func scope(user: Int64) -> String {
        "user:\(user)"
    }

    /// Tells the store to remember the answer `respond` makes of an outcome.
    /// `respond` gives `nil` for an answer that is not remembered.
    func record<Value>(
        _ request: IdempotencyRequest?, now: Date,
        _ respond: @escaping (Result<Value, StoreError>) -> HTTPResponse?
    ) -> IdempotencyRecord<Value>? {
        guard let request else { return nil }
        return IdempotencyRecord(request: request, now: now) { outcome in
            guard let response = respond(outcome), Self.isRemembered(response.status) else {
                return nil
            }
            return IdempotentAnswer(status: response.status, body: response.body)
        }
    }

    /// The answer for a store outcome as the handler would give it: `respond`
    /// for a value, the answer of `stored` for a failure; `nil` for a
    /// failure of the server itself.
    static func response<Value>(
        _ outcome: Result<Value, StoreError>,
        _ respond: (Value) throws(APIError) -> HTTPResponse
    ) -> HTTPResponse? {
        switch outcome {
        case .success(let value):
            do {
                return try respond(value)
            } catch {
                return JSONBody.response(for: error)
            }
        case .failure(let error):
            return apiError(for: error).map { JSONBody.response(for: $0) }
        }
    }

    /// The answer to a request refused before it reached the store (a bad
    /// body, an unknown date), remembered under its key, or the answer
    /// remembered earlier for that key.
    func refusal(_ error: APIError, for request: IdempotencyRequest?) throws(APIError)
        -> HTTPResponse
    {
        let response = JSONBody.response(for: error)
        guard let request, Self.isRemembered(error.status) else { throw error }
        let outcome = try stored { () throws(StoreError) in
            try store.recordAnswer(
                IdempotentAnswer(status: response.status, body: response.body), for: request,
                now: now())
        }
        return try answer(outcome) { () throws(APIError) in throw error }
    }

    /// The HTTP answer of an operation run with a key (or without: then it
    /// was performed); `respond` answers a performed one.
    func answer<Value>(
        _ outcome: Idempotent<Value>, _ respond: (Value) throws(APIError) -> HTTPResponse
    ) throws(APIError) -> HTTPResponse {
        switch outcome {
        case .performed(let value):
            return try respond(value)
        case .replayed(let answer):
            var response = JSONBody.response(status: answer.status, body: answer.body)
            response.headers.add(name: Self.replayedHeader, value: "true")
            return response
        case .keyReused:
            throw .idempotencyKeyReused
        }
    }

    /// Whether an answer with `status` is remembered under its key.
    static func isRemembered(_ status: Int) -> Bool {
        status < 500 && status != 401 && status != 429
    }
}
