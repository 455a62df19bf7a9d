import Foundation
import HabitAPI
import HabitCore
import HabitHTTP
import HabitStorage

/// The habits API: turns each HTTP request into its answer.
///
/// Routing and body decoding happen here; each route's handler (in
/// extensions by resource) runs inside the middleware its `RouteTable`
/// declaration asks for (`AuthenticationMiddleware`, `IdempotencyMiddleware`, …). Handlers throw `APIError`,
/// which becomes the `{"code", "message", "fields"}` answer, so no request,
/// however malformed, ends in a crash; only a failing store answers 500.
///
/// Time comes from the injected `now`, randomness from `random`, so tests
/// can move the server's clock.
package final class APIResponder: HTTPResponder {
    let store:
        any HabitRepository & AuthRepository & IdempotencyRepository
            & OperationsRepository & ChangeFeedRepository & AccessTokenRepository
            & ReminderRepository & DigestRepository
    let signer: TokenSigner
    let codes: SignInCodes
    let pseudonyms: EmailPseudonyms
    let mailer: any Mailer
    let settings: APISettings
    let now: @Sendable () -> Date
    let random: RandomSource
    let log: ServerLog
    /// The per-address and per-client limits on code requests.
    var codeRequestLimit: CodeRequestLimit {
        CodeRequestLimit(perClientHour: settings.codeRequestsPerClientHour)
    }
    /// Reuses each habit's JSON across list requests.
    let listEncoder = HabitListEncoder()
    /// Reuses whole list bodies until the user writes; see `dispatch`.
    let listAnswers = HabitListAnswers()
    /// Access tokens already verified, until their expiry.
    let verifiedTokens = VerifiedAccessTokens()
    /// What `/metrics` shows (`OperationsResponder` counts the requests).
    let metrics = ServerMetrics()
    /// When each personal access token's use was last written.
    let tokenUses = AccessTokenUses()
    /// Which webhook and ntfy URLs may be registered (`--allow-private-targets`).
    package let targets: TargetPolicy
    let resolver: any HostResolver

    /// - Parameters:
    ///   - store: where accounts, habits and idempotency records live.
    ///   - secret: the key of the JWT signatures and of the code hashes.
    ///   - mailer: how sign-in codes are sent.
    ///   - settings: the limits and lifetimes the server runs with.
    ///   - now: the server's clock.
    ///   - random: where codes, tokens and ids come from.
    ///   - log: where request and event lines go.
    ///   - targets: which webhook and ntfy URLs may be registered.
    ///   - resolver: how a target's host name becomes addresses, for that check.
    package init(
        store: any HabitRepository & AuthRepository & IdempotencyRepository
            & OperationsRepository & ChangeFeedRepository & AccessTokenRepository
            & ReminderRepository & DigestRepository,
        secret: [UInt8],
        mailer: any Mailer,
        settings: APISettings = APISettings(), now: @escaping @Sendable () -> Date = { Date() },
        random: RandomSource = .system, log: ServerLog = .disabled,
        targets: TargetPolicy = TargetPolicy(allowPrivate: false),
        resolver: any HostResolver = SystemResolver()
    ) {
        self.targets = targets
        self.resolver = resolver
        self.store = store
        self.signer = TokenSigner(secret: secret)
        self.codes = SignInCodes(secret: secret)
        self.pseudonyms = EmailPseudonyms(secret: secret)
        self.mailer = mailer
        self.settings = settings
        self.now = now
        self.random = random
        self.log = log
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let route = RouteTable.matcher.match(request.path)
        var response: HTTPResponse
        do {
            response = try dispatch(request, route: route)
        } catch {
            response = JSONBody.response(for: error)
        }
        response.logRoute = route?.template
        return response
    }

    /// An answer known without waiting for anything, given on the event
    /// loop's thread; `nil` for every other request. Runs the route's
    /// at-once chain (`RouteDeclaration.atOnce`: today the habit list's),
    /// behind the same middleware as `respond`; any step that would wait (the
    /// store, a token not yet verified, a lock another thread holds) gives
    /// up, and `respond` then answers as usual.
    package func answerAtOnce(to request: HTTPRequest) -> HTTPResponse? {
        // HEAD arrives as GET; the HTTP layer leaves the body out.
        guard request.method == "GET", let route = RouteTable.matcher.match(request.path),
            let chain = RouteTable.declaration(of: route, method: request.method)?.atOnce,
            var response = try? chain(request, RouteContext(api: self, route: route, atOnce: true))
        else { return nil }
        response.logRoute = route.template
        return response
    }

    /// `GET /api/me/habits/` on the event loop's thread: the list's body
    /// already worked out (`listAnswers`) while the user's habits are as
    /// they were; else `APIError.notAtOnce`, as when the stamp would mean
    /// waiting for the store, or when a query with `date` has no `today`
    /// (the account's date is read from the store: `accountToday`).
    func knownHabitList(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        guard let query = try? ListQuery(request), query.date == nil || query.today != nil,
            let stamp = try? store.externalWriteStamp(waiting: false),
            let body = listAnswers.lookUp(
                listKey(owner: owner, query, today: query.date == nil ? nil : query.today),
                stamp: stamp
            ).body
        else { throw .notAtOnce }
        return JSONBody.response(status: 200, body: body)
    }

    /// Finds the route's declaration in `RouteTable` and runs its chain:
    /// the handler inside the middleware it declares (`RouteChain`).
    private func dispatch(_ request: HTTPRequest, route: Route?) throws(APIError) -> HTTPResponse {
        guard let route else { throw .notFound }
        guard let declaration = RouteTable.declaration(of: route, method: request.method) else {
            throw .methodNotAllowed(request.method, allowed: route.allowedMethods)
        }
        return try declaration.responder(request, RouteContext(api: self, route: route))
    }

    // MARK: - Shared steps

    /// `text` without the white space around it. A token starts and ends
    /// with a printable ASCII character as a rule, and then is taken as it
    /// is: Foundation's trimming costs more than the rest of a cached list.
    static func trimmed(_ text: Substring) -> String {
        func printable(_ byte: UInt8?) -> Bool { byte.map { $0 > 0x20 && $0 < 0x7F } ?? false }
        if printable(text.utf8.first) && printable(text.utf8.last) { return String(text) }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The request body as a JSON object (an empty body is `{}`).
    ///
    /// A body labelled with another media type is still read when it is a JSON
    /// object (`curl -d` labels everything as a form); one that is not JSON is
    /// answered 415 when so labelled, else 400 naming the body.
    func bodyObject(_ request: HTTPRequest) throws(APIError) -> [String: JSONValue] {
        do {
            return try RequestBody.object(from: request.body)
        } catch {
            if let contentType = request.headers["Content-Type"], !Self.isJSON(contentType) {
                throw .unsupportedMediaType
            }
            throw .invalid("body", error.description)
        }
    }

    /// Runs a step that validates input, answering 400 with every problem.
    func validated<T>(_ step: () throws(ValidationError) -> T) throws(APIError) -> T {
        do {
            return try step()
        } catch {
            throw .invalid(error)
        }
    }

    /// Runs a store call: the habit limits answer 409, the value limit 400
    /// naming `amount`, an unreachable database 503 with Retry-After,
    /// anything else 500 (logged).
    func stored<T>(_ call: () throws(StoreError) -> T) throws(APIError) -> T {
        do {
            return try call()
        } catch {
            if let apiError = Self.apiError(for: error) { throw apiError }
            if case .unavailable = error {
                log.warning("store: \(error)")
                throw .storeUnavailable
            }
            log.error("store: \(error)")
            throw .internalFailure
        }
    }

    /// The answer of a store failure that is the request's doing; `nil` for
    /// the server's own failures.
    static func apiError(for error: StoreError) -> APIError? {
        switch error {
        case .habitLimit(let maximum): return .habitLimit(maximum: maximum)
        case .nameTaken: return .habitNameTaken
        case .totalHabitLimit(let maximum): return .totalHabitLimit(maximum: maximum)
        case .valueLimit(let maximum):
            return .invalid(
                "amount",
                "Adding this amount would take the day past \(maximum), "
                    + "the most a day may hold; nothing was added.")
        case .cannotOpen, .newerSchema, .damaged, .diskFull, .sqlite, .unavailable, .postgres,
            .ownerMissing:
            return nil
        }
    }

    /// Whether a Content-Type names JSON: application/json or any `+json` type.
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard let mediaType else { return false }
        return mediaType == "application/json"
            || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }
}

/// `{"data": [...]}`: the envelope of every list.
struct DataList<Element: Encodable>: Encodable {
    var data: [Element]
}
