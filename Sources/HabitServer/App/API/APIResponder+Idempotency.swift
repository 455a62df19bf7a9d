import Foundation
import HabitHTTP
import HabitStorage

/// The `Idempotency-Key` header of every write of a user's habits and
/// progress (`POST`, `PUT`, `PATCH`, `DELETE`), and of `POST` auth/email/ and
/// the check-in URL.
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

    /// Runs `next` under the request's `Idempotency-Key`, if it has one: the
    /// idempotency middleware of every keyed route.
    ///
    /// An answer remembered for the key is given again (or 422 for another
    /// request) and nothing runs. Otherwise `next` runs with the key: a
    /// handler whose store operation takes the record stores its answer with
    /// its effect (`keyedWrite`); any other answer worth remembering (a
    /// refusal before the store; the batch PUT, whose store call takes no
    /// record) is remembered here after `next`, in a transaction of its own.
    /// A bad key is 400, never remembered.
    func idempotent(
        _ request: HTTPRequest, scope: String,
        _ next: (KeyedRequest?) throws(APIError) -> HTTPResponse
    ) throws(APIError) -> HTTPResponse {
        let keyText = try idempotencyKey(request)
        guard let key = idempotencyRequest(request, key: keyText, scope: scope) else {
            return try next(nil)
        }
        let now = now()
        let earlier = try stored { () throws(StoreError) in
            try store.earlierAnswer(for: key, now: now)
        }
        if let earlier { return try answer(earlier) { () throws(APIError) in JSONBody.noContent } }
        let keyed = KeyedRequest(request: key)
        let response: HTTPResponse
        do {
            response = try next(keyed)
        } catch {
            guard !keyed.answerStored, Self.isRemembered(error.status) else { throw error }
            return try refusal(error, for: key)
        }
        guard !keyed.answerStored, Self.isRemembered(response.status),
            response.headers[Self.replayedHeader] == nil
        else { return response }
        let outcome = try stored { () throws(StoreError) in
            try store.recordAnswer(
                IdempotentAnswer(status: response.status, body: response.body), for: key,
                now: self.now())
        }
        // Another request with the key may have stored its answer meanwhile.
        return try answer(outcome) { () throws(APIError) in response }
    }

    /// Runs a store write under the request's key, when it has one, and
    /// answers it with `respond`: the answer is stored with the write's
    /// effect, in its transaction.
    func keyedWrite<Value>(
        _ key: KeyedRequest?, now: Date,
        respond: @escaping (Value) throws(APIError) -> HTTPResponse,
        _ write: (IdempotencyRecord<Value>?) throws(StoreError) -> Idempotent<Value>
    ) throws(APIError) -> HTTPResponse {
        key?.answerStored = true
        return try keyedWrite(key?.request, now: now, respond: respond, write)
    }

    /// `keyedWrite` with the key as the store keeps it (the check-in URL's,
    /// which no middleware reads).
    func keyedWrite<Value>(
        _ key: IdempotencyRequest?, now: Date,
        respond: @escaping (Value) throws(APIError) -> HTTPResponse,
        _ write: (IdempotencyRecord<Value>?) throws(StoreError) -> Idempotent<Value>
    ) throws(APIError) -> HTTPResponse {
        let record = record(key, now: now) { (outcome: Result<Value, StoreError>) in
            Self.response(outcome, respond)
        }
        let outcome = try stored { () throws(StoreError) in try write(record) }
        return try answer(outcome, respond)
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

/// A keyed route's idempotency key, as the handler is given it.
///
/// Lives for one request on one thread: the handler marks that its store
/// operation took the record, so the middleware does not store the answer
/// a second time.
final class KeyedRequest {
    let request: IdempotencyRequest
    /// Whether a store operation was given the record (and so stored the
    /// answer with its effect, when the answer is remembered).
    var answerStored = false

    init(request: IdempotencyRequest) {
        self.request = request
    }
}
