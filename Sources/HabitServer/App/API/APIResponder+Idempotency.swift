import Foundation
import HabitConcurrency
import HabitCore
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
    /// request) and nothing runs. Otherwise `next` runs with the key bound
    /// (`KeyedRequest.current`): a store write that takes the record
    /// (`keyedWrite`, `keyForWrite`) stores its answer with its effect; any
    /// other answer worth remembering (a refusal before the store; the batch
    /// PUT, whose store call takes no record) is remembered here after
    /// `next`, in a transaction of its own. A bad key is 400, never
    /// remembered.
    func idempotent(
        _ request: HTTPRequest, scope: String, _ next: () throws(APIError) -> HTTPResponse
    ) throws(APIError) -> HTTPResponse {
        let keyText = try idempotencyKey(request)
        guard let key = idempotencyRequest(request, key: keyText, scope: scope) else {
            return try next()
        }
        let now = now()
        let earlier = try stored { () throws(StoreError) in
            try store.earlierAnswer(for: key, now: now)
        }
        if let earlier { return try answer(earlier) { () throws(APIError) in JSONBody.noContent } }
        let keyed = KeyedRequest(request: key)
        let outcome = KeyedRequest.$current.withValue(keyed) {
            () -> Result<HTTPResponse, APIError> in
            do throws(APIError) {
                return .success(try next())
            } catch {
                return .failure(error)
            }
        }
        let response: HTTPResponse
        switch outcome {
        case .success(let answered):
            response = answered
        case .failure(let error):
            guard !keyed.answerStored, Self.isRemembered(error.status) else { throw error }
            return try refusal(error, for: key)
        }
        guard !keyed.answerStored, Self.isRemembered(response.status),
            response.headers[Self.replayedHeader] == nil
        else { return response }
        let recorded = try stored { () throws(StoreError) in
            try store.recordAnswer(
                IdempotentAnswer(status: response.status, body: response.body), for: key,
                now: self.now())
        }
        // Another request with the key may have stored its answer meanwhile.
        return try answer(recorded) { () throws(APIError) in response }
    }

    /// The key of the request being answered (`KeyedRequest.current`), for
    /// a store write that stores the answer with its effect, in its
    /// transaction: the middleware then stores none. `nil` without a key.
    func keyForWrite() -> IdempotencyRequest? {
        guard let key = KeyedRequest.current else { return nil }
        key.markAnswerStored()
        return key.request
    }

    /// Runs a store write under the request's key, when it has one
    /// (`keyForWrite`), and answers it with `respond`: the answer is stored
    /// with the write's effect, in its transaction.
    func keyedWrite<Value>(
        now: Date, respond: @escaping (Value) throws(APIError) -> HTTPResponse,
        _ write: (IdempotencyRecord<Value>?) throws(StoreError) -> Idempotent<Value>
    ) throws(APIError) -> HTTPResponse {
        try keyedWrite(keyForWrite(), now: now, respond: respond, write)
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

/// A keyed route's idempotency key, bound by the idempotency middleware
/// while the rest of the chain runs (`current`); handlers never see it.
///
/// Lives for one request on one thread: the store write that takes the
/// record marks it (`APIResponder.keyForWrite`), so the middleware does not
/// store the answer a second time.
final class KeyedRequest: Sendable {
    /// The key of the request being answered, on a keyed route sent one.
    @TaskLocal static var current: KeyedRequest?

    let request: IdempotencyRequest
    /// Raised when a store operation was given the record.
    private let stored = AtomicFlag()

    /// Whether a store operation was given the record (and so stored the
    /// answer with its effect, when the answer is remembered).
    var answerStored: Bool { stored.isRaised }

    /// Notes that a store operation takes the record.
    func markAnswerStored() {
        _ = stored.raise()
    }

    init(request: IdempotencyRequest) {
        self.request = request
    }
}
