import Foundation
import HabitCore

/// The habits API over HTTP: email-code sign-in, the account, habits and progress.
///
/// Sessions are kept in a `TokenStore` and renewed unseen (see
/// `AuthMiddleware`). Every method throws `APIError`, whose case and fields
/// say what happened (the program words it). Dates that depend on "today" use the injected
/// clock's date in the user's time zone, so a server elsewhere judges
/// pending and failed as the user would.
package final class HabitAPIClient: Sendable {
    package let configuration: APIConfiguration
    private let tokenStore: any TokenStore
    let clock: WallClock
    let chain: MiddlewareChain
    let auth: AuthMiddleware

    /// - Parameters:
    ///   - configuration: the server.
    ///   - transport: how requests travel; a `DefaultTransport` by default.
    ///   - tokenStore: where the pending address and the session are kept.
    ///   - clock: the device's clock and the user's time zone.
    ///   - middlewares: steps every request passes through (refreshes too),
    ///     after authentication and before the transport.
    package init(
        configuration: APIConfiguration, transport: any HTTPTransport = DefaultTransport(),
        tokenStore: any TokenStore, clock: WallClock, middlewares: [any ClientMiddleware] = []
    ) {
        self.configuration = configuration
        self.tokenStore = tokenStore
        self.clock = clock
        chain = MiddlewareChain(middlewares: middlewares, transport: transport)
        auth = AuthMiddleware(
            configuration: configuration, tokenStore: tokenStore, clock: clock, transport: chain)
    }

    // MARK: - Signing in and out

    /// Asks the server to email a sign-in code to `email`, and remembers the
    /// address for `signIn` (the process usually exits in between).
    package func requestCode(email: String) async throws(APIError) {
        let address = email.trimmingCharacters(in: .whitespacesAndNewlines)
        // Unreadable credentials are reported before a code is mailed, not after.
        _ = try loadCredentials()
        let response = try await send(
            .post, "auth/email/", body: try JSONBody.encode(["email": address]),
            idempotencyKey: Self.newIdempotencyKey(), context: .requestCode)
        try expectSuccess(
            response, path: TransportRequest.pathDescription(of: configuration.url("auth/email/")),
            context: .requestCode)
        try await updateCredentials { $0.pendingEmail = address }
    }

    /// The address a code was requested for and not yet used, if any.
    package func pendingEmail() throws(APIError) -> String? {
        try loadCredentials().pendingEmail
    }

    /// Exchanges `code` (spaces ignored) for a session of `email`, saves it and
    /// forgets the pending address.
    ///
    /// - Throws: `.invalidCode` when the server refuses the code.
    @discardableResult
    package func signIn(email: String, code: String) async throws(APIError) -> SessionSummary {
        let address = email.trimmingCharacters(in: .whitespacesAndNewlines)
        let digits = code.filter { !$0.isWhitespace }
        // A code is single use: make sure the session can be saved before spending it.
        _ = try loadCredentials()
        let sentAt = clock.now()
        let response = try await send(
            .post, "auth/token/", body: try JSONBody.encode(["email": address, "code": digits]),
            context: .signIn)
        let receivedAt = clock.now()
        try expectSuccess(
            response, path: TransportRequest.pathDescription(of: configuration.url("auth/token/")),
            context: .signIn)
        let grant = try TokenGrant(
            response: response,
            path: TransportRequest.pathDescription(of: configuration.url("auth/token/")),
            sentAt: sentAt,
            receivedAt: receivedAt)
        guard let refreshToken = grant.refreshToken else {
            throw .unexpectedResponse(
                status: response.status,
                path: TransportRequest.pathDescription(of: configuration.url("auth/token/")))
        }
        let session = StoredSession(
            server: configuration.baseURLString, email: address, accessToken: grant.accessToken,
            refreshToken: refreshToken, serverClock: grant.serverClock)
        try await updateCredentials {
            $0.session = session
            $0.pendingEmail = nil
        }
        return SessionSummary(session, configuredServer: configuration.baseURLString)
    }

    /// Signs out: removes the local credentials first (always), then asks the
    /// server that issued the session to revoke it (best effort).
    ///
    /// A credentials file that is refused for use (too open, damaged) is
    /// still removed, since that is what signing out asks for; before that,
    /// whatever refresh token can be read from it is revoked, so the session
    /// does not stay valid on the server. The caller should also delete any
    /// cached account data.
    /// - Throws: only `.storage` when the credentials file cannot be removed.
    @discardableResult
    package func signOut() async throws(APIError) -> SignOutOutcome {
        let removed = try await tokenStore.withExclusiveLock {
            () async throws(APIError) -> SalvagedSession? in
            let salvaged = self.tokenStore.salvageSession()
            do throws(TokenStoreError) {
                try self.tokenStore.clear()
            } catch {
                throw .storage(error)
            }
            return salvaged
        }
        guard let removed else { return .wasSignedOut }
        do throws(APIError) {
            // The tokens go only to the server that issued them; a salvaged
            // token that names no server goes to the configured one.
            let issuer = try APIConfiguration(
                baseURL: removed.server ?? configuration.baseURLString,
                allowInsecure: configuration.allowInsecure)
            var request = TransportRequest(
                method: .post, url: issuer.url("auth/logout/"),
                headers: ["Accept": "application/json", "Content-Type": "application/json"])
            request.body = try JSONBody.encode(["refresh": removed.refreshToken])
            let response: TransportResponse
            do {
                response = try await chain.send(request)
            } catch {
                throw APIError(transportError: error, host: issuer.hostDescription)
            }
            // 401: the token was already invalid, so there is nothing left to revoke.
            guard (200..<300).contains(response.status) || response.status == 401 else {
                throw APIError(
                    response: response, context: .refresh, path: request.pathDescription,
                    deviceNow: clock.now())
            }
            return .revoked
        } catch {
            return .removedLocally(error)
        }
    }

    /// What is saved about signing in, read without the network.
    package func signInStatus() throws(APIError) -> SignInStatus {
        let credentials = try loadCredentials()
        return SignInStatus(
            pendingEmail: credentials.pendingEmail,
            session: credentials.session.map {
                SessionSummary($0, configuredServer: configuration.baseURLString)
            },
            storage: tokenStore.locationDescription)
    }

    // MARK: - Account

    /// The signed-in account.
    package func me() async throws(APIError) -> Account {
        let response = try await sendAuthenticated(.get, "me/", context: .account)
        return try response.decode(Account.self)
    }

    // MARK: - Habits

    /// The habits with `status`, ordered by id. With `date`, each carries its
    /// completion for the day or ISO week containing `date`, judged with
    /// today = the clock's date in the user's time zone.
    package func habits(status: HabitStatusFilter = .active, on date: LocalDate? = nil)
        async throws(APIError) -> [HabitWithCompletion]
    {
        var query = [(name: "status", value: status.rawValue)]
        if let date {
            query.append((name: "date", value: date.description))
            query.append((name: "today", value: clock.today.description))
        }
        let response = try await sendAuthenticated(
            .get, "me/habits/", query: query, context: .account)
        return try response.decode(DataEnvelope<HabitWithCompletion>.self).data
    }

    /// Creates a habit. The server validates the fields and reports every problem together.
    ///
    /// Sent with a fresh `Idempotency-Key`, so the retry after a broken
    /// connection cannot create a second habit.
    package func createHabit(_ fields: HabitFields) async throws(APIError) -> Habit {
        let response = try await sendAuthenticated(
            .post, "me/habits/", body: try JSONBody.encode(HabitBody(fields)),
            idempotencyKey: Self.newIdempotencyKey(), context: .account)
        return try response.decode(Habit.self)
    }

    /// One habit.
    package func habit(id: Int64) async throws(APIError) -> Habit {
        let response = try await sendAuthenticated(.get, "me/habits/\(id)/", context: .habit)
        return try response.decode(Habit.self)
    }

    /// A habit with its stats as of `today`, when the server sends them
    /// (`HabitWithStats.stats(asOf:)` tells whether it did).
    package func habitWithStats(id: Int64, today: LocalDate) async throws(APIError)
        -> HabitWithStats
    {
        let response = try await sendAuthenticated(
            .get, "me/habits/\(id)/", query: [(name: "today", value: today.description)],
            context: .habit)
        return try response.decode(HabitWithStats.self)
    }

    /// Changes the given properties of a habit (archiving or re-activating it
    /// through `status`), leaving the rest as they are.
    package func updateHabit(id: Int64, changes: HabitChanges) async throws(APIError) -> Habit {
        let response = try await sendAuthenticated(
            .patch, "me/habits/\(id)/", body: try JSONBody.encode(HabitBody(changes)),
            context: .habit)
        return try response.decode(Habit.self)
    }

    /// Deletes a habit and all its progress.
    package func deleteHabit(id: Int64) async throws(APIError) {
        _ = try await sendAuthenticated(.delete, "me/habits/\(id)/", context: .habit)
    }

    // MARK: - Progress

    /// The entries of a habit from `from` through `to`, sorted by date.
    package func progress(habitID: Int64, from: LocalDate, to: LocalDate) async throws(APIError)
        -> [ProgressEntry]
    {
        let response = try await sendAuthenticated(
            .get, "me/habits/\(habitID)/progress/",
            query: [(name: "from", value: from.description), (name: "to", value: to.description)],
            context: .habit)
        return try response.decode(DataEnvelope<ProgressEntry>.self).data
    }

    /// Replaces the value and skip of the entry on `entry.date`, and its
    /// note as `note` says (`.keep` sends no `note`; `entry.note` is not
    /// read); repeating it changes nothing. The answer's `note` is what the
    /// server kept: a server without notes leaves it out.
    package func setProgress(habitID: Int64, entry: ProgressEntry, note: NoteChange = .keep)
        async throws(APIError) -> ProgressEntry
    {
        let response = try await sendAuthenticated(
            .put, "me/habits/\(habitID)/progress/\(entry.date)/",
            body: try JSONBody.encode(
                ProgressBody(value: entry.value, skipped: entry.skipped, note: note)),
            context: .habit)
        return try response.decode(ProgressEntry.self)
    }

    /// Adds `amount` to the entry on `date` in one step on the server
    /// (`POST …/progress/{date}/increment/`), so concurrent additions all
    /// count; the entry is created when absent and is no longer skipped.
    ///
    /// Sent with a fresh `Idempotency-Key`: the retry after a broken
    /// connection cannot add twice.
    /// - Throws: `.notSupported` when the server has no such route (the habit
    ///   exists but the route answers 404 or 405); `.notFound` when the habit
    ///   does not exist.
    package func incrementProgress(
        habitID: Int64, date: LocalDate, amount: Decimal, note: NoteChange = .keep
    ) async throws(APIError) -> ProgressEntry {
        let path = "me/habits/\(habitID)/progress/\(date)/increment/"
        let response: Answer
        do throws(APIError) {
            response = try await sendAuthenticated(
                .post, path, body: try JSONBody.encode(IncrementBody(amount: amount, note: note)),
                idempotencyKey: Self.newIdempotencyKey(), context: .habit)
        } catch .notFound, .rejected(status: 405, _), .unexpectedResponse(status: 405, _),
            .unexpectedResponse(status: 404, _)
        {
            // A server without the route answers as for any unknown address;
            // whether the habit exists tells the two apart.
            _ = try await habit(id: habitID)
            throw .notSupported(path: TransportRequest.pathDescription(of: configuration.url(path)))
        }
        return try response.decode(ProgressEntry.self)
    }

    /// Removes the entry on `date`.
    package func deleteProgress(habitID: Int64, date: LocalDate) async throws(APIError) {
        _ = try await sendAuthenticated(
            .delete, "me/habits/\(habitID)/progress/\(date)/", context: .habit)
    }

    // MARK: - Sending

    func request(
        _ method: TransportRequest.Method, _ path: String,
        query: [(name: String, value: String)], body: Data?
    ) -> TransportRequest {
        var request = TransportRequest(
            method: method, url: configuration.url(path, query: query),
            headers: ["Accept": "application/json"], body: body)
        if body != nil { request.setHeader("Content-Type", "application/json") }
        return request
    }

    /// Sends a request that needs no session.
    private func send(
        _ method: TransportRequest.Method, _ path: String,
        query: [(name: String, value: String)] = [], body: Data? = nil,
        idempotencyKey: String? = nil, context: ResponseContext
    ) async throws(APIError) -> TransportResponse {
        var request = request(method, path, query: query, body: body)
        if let idempotencyKey { request.setHeader("Idempotency-Key", idempotencyKey) }
        // Signing in changes no habit: a broken connection is reported as
        // such (the code may be spent; requesting a new one is the way on).
        return try await deliver(request, reportsUnknownOutcome: false) { request in
            try await self.chain.send(request)
        }
    }

    /// Sends a request with the session's access token and returns its
    /// successful response; any other response becomes its error.
    func sendAuthenticated(
        _ method: TransportRequest.Method, _ path: String,
        query: [(name: String, value: String)] = [], body: Data? = nil,
        idempotencyKey: String? = nil, context: ResponseContext
    ) async throws(APIError) -> Answer {
        var request = request(method, path, query: query, body: body)
        if let idempotencyKey { request.setHeader("Idempotency-Key", idempotencyKey) }
        let response = try await deliver(request, reportsUnknownOutcome: true) { request in
            try await self.auth.intercept(request, next: self.chain.send)
        }
        try expectSuccess(response, path: request.pathDescription, context: context)
        return Answer(response: response, path: request.pathDescription)
    }

    /// Sends `request` through `attempt`, once more when the connection breaks
    /// and sending it again cannot apply it twice (`isRetryable`).
    ///
    /// A change whose connection broke after it may have been sent, and that
    /// the retry did not settle, is `.outcomeUnknown`: the person must be told
    /// that it may have been applied, never that the server was unreachable.
    func deliver(
        _ request: TransportRequest, reportsUnknownOutcome: Bool,
        _ attempt: @Sendable (TransportRequest) async throws -> TransportResponse
    ) async throws(APIError) -> TransportResponse {
        var mayHaveArrived = false
        var attempts = 0
        while true {
            attempts += 1
            let failure: APIError
            do {
                return try await attempt(request)
            } catch {
                failure = APIError(transportError: error, host: configuration.hostDescription)
            }
            switch failure {
            case .connectionLost, .timeout: mayHaveArrived = true
            case .unreachable: break
            default: throw failure
            }
            if attempts == 1 && request.isRetryable { continue }
            if reportsUnknownOutcome && mayHaveArrived && request.method != .get {
                throw .outcomeUnknown(host: configuration.hostDescription)
            }
            throw failure
        }
    }

    private func expectSuccess(
        _ response: TransportResponse, path: String, context: ResponseContext
    ) throws(APIError) {
        guard (200..<300).contains(response.status) else {
            throw APIError(response: response, context: context, path: path, deviceNow: clock.now())
        }
    }

    /// A new key for one operation, as a Structured Field string (the IETF
    /// httpapi draft's form): the same key goes with every retry of it.
    static func newIdempotencyKey() -> String {
        "\"\(UUID().uuidString.lowercased())\""
    }

    // MARK: - Credentials

    private func loadCredentials() throws(APIError) -> StoredCredentials {
        do {
            return try tokenStore.load()
        } catch {
            throw .storage(error)
        }
    }

    /// Changes the saved credentials under the store's exclusive lock.
    private func updateCredentials(
        _ change: @escaping @Sendable (inout StoredCredentials) -> Void
    ) async throws(APIError) {
        try await tokenStore.withExclusiveLock { () async throws(APIError) in
            var credentials = try self.loadCredentials()
            change(&credentials)
            do throws(TokenStoreError) {
                try self.tokenStore.save(credentials)
            } catch {
                throw .storage(error)
            }
        }
    }
}

/// A successful response with the path it answers, to name in errors.
struct Answer {
    var response: TransportResponse
    var path: String

    /// The body as `T`; a body that does not fit (truncated, wrong types) is
    /// an unexpected response, named by its status and path, never quoted.
    func decode<T: Decodable>(_ type: T.Type) throws(APIError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: response.body)
        } catch {
            throw .unexpectedResponse(status: response.status, path: path)
        }
    }
}

/// `{"data": [...]}`, the API's list form.
private struct DataEnvelope<Element: Decodable>: Decodable {
    var data: [Element]
}

/// `{"amount"}`, the body of an increment.
struct IncrementBody: Encodable {
    var amount: Decimal
    var note: NoteChange

    enum CodingKeys: String, CodingKey { case amount, note }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(amount, forKey: .amount)
        try note.encode(in: &container, forKey: .note)
    }
}

/// `{"value", "skipped", "note"?}`, the body of a progress PUT.
struct ProgressBody: Encodable {
    var value: Decimal
    var skipped: Bool
    var note: NoteChange

    enum CodingKeys: String, CodingKey { case value, skipped, note }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(skipped, forKey: .skipped)
        try note.encode(in: &container, forKey: .note)
    }
}

extension NoteChange {
    /// `note` as the API reads it: absent keeps the note, null removes it.
    func encode<Key: CodingKey>(
        in container: inout KeyedEncodingContainer<Key>, forKey key: Key
    ) throws {
        switch self {
        case .keep: break
        case .replace(let text?): try container.encode(text, forKey: key)
        case .replace(nil): try container.encodeNil(forKey: key)
        }
    }
}

/// A habit's properties as a POST (all of them) or PATCH (those given) body.
struct HabitBody: Encodable {
    var name: String?
    var frequency: Frequency?
    var measurementType: String?
    var startDate: LocalDate?
    var actionDays: ActionDays?
    var targetValue: Decimal?
    var goal: Goal?
    /// `nil`: not sent; `.some(nil)`: sent as null, which removes it.
    var periodDays: Int??
    var group: String??
    var status: HabitStatus?
    /// `nil`: not sent; `.some(nil)`: sent as null, which removes the mark.
    var icon: String??
    var color: String??
    /// `nil`: not sent; `.some(nil)`: sent as null, which removes it.
    var position: Int??

    enum CodingKeys: String, CodingKey {
        case name, frequency, goal, group, status, icon, color, position
        case measurementType = "measurement_type"
        case startDate = "start_date"
        case actionDays = "action_days"
        case targetValue = "target_value"
        case periodDays = "period_days"
    }

    init(_ fields: HabitFields) {
        name = fields.name
        frequency = fields.frequency
        measurementType = fields.measurementType
        startDate = fields.startDate
        actionDays = fields.actionDays
        targetValue = fields.targetValue
        // Always sent: a server that knows goals then stores the one meant,
        // whatever its default.
        goal = fields.goal
        // A new habit without a period length, group, mark or position leaves the key
        // out, as servers before them expect.
        periodDays = fields.periodDays.map { .some($0) }
        group = fields.group.map { .some($0) }
        icon = fields.icon.map { .some($0) }
        color = fields.color.map { .some($0) }
        position = fields.position.map { .some($0) }
    }

    init(_ changes: HabitChanges) {
        name = changes.name
        frequency = changes.frequency
        measurementType = changes.measurementType
        startDate = changes.startDate
        actionDays = changes.actionDays
        targetValue = changes.targetValue
        goal = changes.goal
        periodDays = changes.periodDays
        group = changes.group
        status = changes.status
        icon = changes.icon
        color = changes.color
        position = changes.position
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(name, forKey: .name)
        try c.encodeIfPresent(frequency, forKey: .frequency)
        try c.encodeIfPresent(measurementType, forKey: .measurementType)
        try c.encodeIfPresent(startDate, forKey: .startDate)
        try c.encodeIfPresent(actionDays, forKey: .actionDays)
        try c.encodeIfPresent(targetValue, forKey: .targetValue)
        try c.encodeIfPresent(goal, forKey: .goal)
        if let periodDays { try c.encode(periodDays, forKey: .periodDays) }
        if let group { try c.encode(group, forKey: .group) }
        try c.encodeIfPresent(status, forKey: .status)
        if let icon { try c.encode(icon, forKey: .icon) }
        if let color { try c.encode(color, forKey: .color) }
        if let position { try c.encode(position, forKey: .position) }
    }
}
