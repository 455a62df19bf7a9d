import HabitAPI
import HabitHTTP

/// Who may call a route, as its declaration in `RouteTable` says.
enum RouteAccess: Equatable, Sendable {
    /// Anyone: the sign-in routes, and the calendar feed and check-in URL,
    /// which check a token of their own.
    case `public`
    /// A signed-in user: an access token (JWT), or a personal access token
    /// whose scope reaches `personalToken`.
    case signedIn(personalToken: TokenReach)
}

/// The least a personal access token must be allowed to call a route.
///
/// `read` tokens reach `.read`; `check-in` tokens reach `.checkIn` (of their
/// habit only, when they name one); `write` tokens reach everything but
/// `.never`, which only a signed-in session reaches (managing tokens).
enum TokenReach: Equatable, Sendable {
    case read
    case checkIn
    case write
    case never
}

/// One method of one route: the contract's template, who may call it,
/// whether it honours `Idempotency-Key`, and what answers it.
///
/// Made only by `anyone` and `user`, so a route's access is declared by the
/// form its handler takes: none can be added without saying who may call it.
struct RouteDeclaration: Sendable {
    /// What answers the route: a signed-in route's handler is given the
    /// user (and key), a public one only the request.
    enum Handler: Sendable {
        case anyone(@Sendable (APIResponder, Route, HTTPRequest) throws(APIError) -> HTTPResponse)
        case user(
            TokenReach,
            @Sendable (APIResponder, Route, HTTPRequest, SignedInRequest) throws(APIError)
                -> HTTPResponse)
    }

    let method: String
    /// The path as the contract writes it (`Route.template`).
    let template: String
    /// Whether the idempotency wrapper runs around the handler.
    let keyed: Bool
    let handler: Handler
    /// The handler inside the middleware the declaration asks for
    /// (`RouteChain.middleware`), composed once.
    let responder: RouteResponder

    private init(method: String, template: String, keyed: Bool, handler: Handler) {
        self.method = method
        self.template = template
        self.keyed = keyed
        self.handler = handler
        let endpoint: RouteResponder
        switch handler {
        case .anyone(let answer):
            endpoint = { request, context throws(APIError) in
                try answer(context.api, context.route, request)
            }
        case .user(_, let answer):
            endpoint = { request, context throws(APIError) in
                // `AuthenticationMiddleware` runs first on every such route.
                guard let owner = context.owner else { throw .notAuthenticated }
                let user = SignedInRequest(owner: owner, key: context.key)
                return try answer(context.api, context.route, request, user)
            }
        }
        let middleware = RouteChain.middleware(
            access: Self.access(of: handler), method: method, keyed: keyed)
        self.responder = RouteChain.compose(middleware, around: endpoint)
    }

    /// Who may call it.
    var access: RouteAccess {
        Self.access(of: handler)
    }

    private static func access(of handler: Handler) -> RouteAccess {
        switch handler {
        case .anyone: return .public
        case .user(let reach, _): return .signedIn(personalToken: reach)
        }
    }

    /// A public route.
    static func anyone(
        _ method: String, _ template: String,
        _ answer:
            @escaping @Sendable (APIResponder, Route, HTTPRequest) throws(APIError)
            -> HTTPResponse
    ) -> RouteDeclaration {
        RouteDeclaration(method: method, template: template, keyed: false, handler: .anyone(answer))
    }

    /// A route of a signed-in user that a personal access token reaching
    /// `token` may call too; `keyed` when it takes an `Idempotency-Key`.
    static func user(
        _ method: String, _ template: String, token: TokenReach, keyed: Bool = false,
        _ answer:
            @escaping @Sendable (APIResponder, Route, HTTPRequest, SignedInRequest)
            throws(APIError) -> HTTPResponse
    ) -> RouteDeclaration {
        RouteDeclaration(
            method: method, template: template, keyed: keyed, handler: .user(token, answer))
    }
}

/// What a signed-in route's handler is given besides the request.
struct SignedInRequest {
    /// The user id of the request's token.
    let owner: Int64
    /// The request's `Idempotency-Key`, on a keyed route that was sent one.
    let key: KeyedRequest?
}

/// Every method of every route, declared once: matching's 405 and `Allow`,
/// the middleware chain (authentication, idempotency replay, list-cache
/// invalidation, webhook events), the log's route label and the access
/// tests are all read from here.
enum RouteTable {
    static let declarations: [RouteDeclaration] = [
        // Sign-in.
        .anyone("POST", "/api/auth/email/") { api, _, request throws(APIError) in
            try api.requestCode(request)
        },
        .anyone("POST", "/api/auth/token/") { api, _, request throws(APIError) in
            try api.issueTokens(request)
        },
        .anyone("POST", "/api/auth/token/refresh/") { api, _, request throws(APIError) in
            try api.refreshTokens(request)
        },
        .anyone("POST", "/api/auth/logout/") { api, _, request throws(APIError) in
            try api.logout(request)
        },
        // The account.
        .user("GET", "/api/me/", token: .read) { api, _, request, user throws(APIError) in
            try api.account(request, owner: user.owner)
        },
        .user("PATCH", "/api/me/", token: .write) { api, _, request, user throws(APIError) in
            try api.updateAccount(request, owner: user.owner)
        },
        .user("GET", "/api/me/changes/", token: .read) { api, _, request, user throws(APIError) in
            try api.listChanges(request, owner: user.owner)
        },
        // Habits.
        .user("GET", "/api/me/habits/", token: .read) { api, _, request, user throws(APIError) in
            try api.listHabits(request, owner: user.owner)
        },
        .user("POST", "/api/me/habits/", token: .write, keyed: true) {
            api, _, request, user throws(APIError) in
            try api.createHabit(request, owner: user.owner, key: user.key)
        },
        .user("GET", "/api/me/habits/{id}/", token: .read) {
            api, route, request, user throws(APIError) in
            try api.showHabit(request, owner: user.owner, id: route.habitID)
        },
        .user("PATCH", "/api/me/habits/{id}/", token: .write, keyed: true) {
            api, route, request, user throws(APIError) in
            try api.updateHabit(request, owner: user.owner, id: route.habitID, key: user.key)
        },
        .user("DELETE", "/api/me/habits/{id}/", token: .write, keyed: true) {
            api, route, request, user throws(APIError) in
            try api.deleteHabit(request, owner: user.owner, id: route.habitID, key: user.key)
        },
        // Progress.
        .user("GET", "/api/me/habits/{id}/progress/", token: .read) {
            api, route, request, user throws(APIError) in
            try api.listProgress(request, owner: user.owner, habitID: route.habitID)
        },
        .user("PUT", "/api/me/habits/{id}/progress/", token: .checkIn, keyed: true) {
            api, route, request, user throws(APIError) in
            try api.setProgressBatch(request, owner: user.owner, habitID: route.habitID)
        },
        .user("PUT", "/api/me/habits/{id}/progress/{date}/", token: .checkIn, keyed: true) {
            api, route, request, user throws(APIError) in
            try api.setProgress(
                request, owner: user.owner, habitID: route.habitID, date: route.date,
                key: user.key)
        },
        .user("DELETE", "/api/me/habits/{id}/progress/{date}/", token: .checkIn, keyed: true) {
            api, route, request, user throws(APIError) in
            try api.deleteProgress(
                request, owner: user.owner, habitID: route.habitID, date: route.date,
                key: user.key)
        },
        .user(
            "POST", "/api/me/habits/{id}/progress/{date}/increment/", token: .checkIn, keyed: true
        ) { api, route, request, user throws(APIError) in
            try api.incrementProgress(
                request, owner: user.owner, habitID: route.habitID, date: route.date,
                key: user.key)
        },
        // Personal access tokens: a signed-in session only. Creating one is
        // not keyed: its answer holds the secret, which is never stored.
        .user("GET", "/api/me/tokens/", token: .never) { api, _, request, user throws(APIError) in
            try api.listAccessTokens(request, owner: user.owner)
        },
        .user("POST", "/api/me/tokens/", token: .never) { api, _, request, user throws(APIError) in
            try api.createAccessToken(request, owner: user.owner)
        },
        .user("DELETE", "/api/me/tokens/{id}/", token: .never) {
            api, route, request, user throws(APIError) in
            try api.revokeAccessToken(request, owner: user.owner, id: route.resourceID)
        },
        // Doors with tokens of their own.
        .anyone("GET", "/api/me/calendar.ics") { api, _, request throws(APIError) in
            try api.calendarFeed(request)
        },
        .anyone("POST", "/api/checkin/{token}/") { api, route, request throws(APIError) in
            guard case .checkIn(let token) = route else { throw .notFound }
            return try api.checkIn(request, token: token)
        },
        // Reminders and webhooks (their handlers: `APIResponder+Reminders`).
        reminders("GET", "/api/me/habits/{id}/reminders/", token: .read),
        reminders("POST", "/api/me/habits/{id}/reminders/", token: .write),
        reminders("DELETE", "/api/me/habits/{id}/reminders/{reminder_id}/", token: .write),
        reminders("GET", "/api/me/reminders/", token: .read),
        reminders("GET", "/api/me/channels/", token: .read),
        reminders("POST", "/api/me/channels/", token: .write),
        reminders("DELETE", "/api/me/channels/{id}/", token: .write),
        reminders("GET", "/api/me/webhooks/", token: .read),
        reminders("POST", "/api/me/webhooks/", token: .write),
        reminders("DELETE", "/api/me/webhooks/{id}/", token: .write),
        reminders("GET", "/api/me/webhooks/{id}/deliveries/", token: .read),
        // The daily digest (its handlers: `APIResponder+Digest`).
        .user("GET", "/api/me/digest/", token: .read) { api, _, _, user throws(APIError) in
            try api.digest(owner: user.owner)
        },
        .user("PUT", "/api/me/digest/", token: .write) { api, _, request, user throws(APIError) in
            try api.setDigest(request, owner: user.owner)
        },
        .user("DELETE", "/api/me/digest/", token: .write) { api, _, _, user throws(APIError) in
            try api.deleteDigest(owner: user.owner)
        },
    ]

    /// A reminder or webhook route, answered by `reminderHandler`.
    private static func reminders(_ method: String, _ template: String, token: TokenReach)
        -> RouteDeclaration
    {
        .user(method, template, token: token) { api, route, request, user throws(APIError) in
            switch api.reminderHandler(for: route, method: method) {
            case .public(let answer): return try answer(request)
            case .authenticated(let answer): return try answer(request, user.owner)
            }
        }
    }

    /// The declarations by template and method. HEAD is declared by GET.
    private static let index: [String: [String: RouteDeclaration]] = {
        var index: [String: [String: RouteDeclaration]] = [:]
        for declaration in declarations {
            index[declaration.template, default: [:]][declaration.method] = declaration
        }
        return index
    }()

    /// The declaration answering `method` on `route`; HEAD finds GET's.
    static func declaration(of route: Route, method: String) -> RouteDeclaration? {
        let methods = index[route.template]
        return methods?[method == "HEAD" ? "GET" : method]
    }

    /// The methods `route` answers, for 405's `Allow`: HEAD wherever GET.
    static func allowedMethods(of template: String) -> [String] {
        let declared = Set((index[template] ?? [:]).keys)
        let all = declared.contains("GET") ? declared.union(["HEAD"]) : declared
        let order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
        return order.filter(all.contains)
    }
}

extension Route {
    /// The methods the route answers, for 405's `Allow` header, as
    /// `RouteTable` declares them. HEAD goes wherever GET does: the HTTP
    /// layer answers it as a GET without the body. (Here, not in
    /// HabitAPI's `Route.swift`: the handlers are the server's.)
    var allowedMethods: [String] {
        RouteTable.allowedMethods(of: template)
    }
}
