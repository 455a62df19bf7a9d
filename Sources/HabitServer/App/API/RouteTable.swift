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
/// whether it honours `Idempotency-Key`, the webhook event it raises, and
/// what answers it.
///
/// Made only by `anyone` and `user`, so a route's access is declared by the
/// form its handler takes: none can be added without saying who may call it.
struct RouteDeclaration: Sendable {
    /// A public route's handler: given the request and its route.
    typealias PublicHandler =
        @Sendable (APIResponder, Route, HTTPRequest) throws(APIError) -> HTTPResponse
    /// A signed-in route's handler: given the user too.
    typealias UserHandler =
        @Sendable (APIResponder, Route, HTTPRequest, SignedInRequest) throws(APIError)
        -> HTTPResponse

    /// What answers the route.
    enum Handler: Sendable {
        case anyone(PublicHandler)
        case user(TokenReach, UserHandler)
    }

    let method: String
    /// The path as the contract writes it: what `RouteTable.matcher` is
    /// built from.
    let template: String
    /// Whether the idempotency middleware runs around the handler.
    let keyed: Bool
    /// The webhook event the route's write raises.
    let event: RouteEvent?
    let handler: Handler
    /// The handler inside the middleware the declaration asks for
    /// (`RouteChain.middleware`), composed once.
    let responder: RouteResponder
    /// The same chain around the handler that answers from memory alone
    /// (`APIResponder.answerAtOnce`); `nil` for a route without one.
    let atOnce: RouteResponder?

    private init(
        method: String, template: String, keyed: Bool, event: RouteEvent?, handler: Handler,
        atOnce: UserHandler? = nil
    ) {
        self.method = method
        self.template = template
        self.keyed = keyed
        self.event = event
        self.handler = handler
        let middleware = RouteChain.middleware(
            access: Self.access(of: handler), method: method, keyed: keyed, event: event)
        switch handler {
        case .anyone(let answer):
            self.responder = RouteChain.compose(middleware) { request, context throws(APIError) in
                try answer(context.api, context.route, request)
            }
        case .user(_, let answer):
            self.responder = RouteChain.compose(middleware, around: Self.endpoint(answer))
        }
        self.atOnce = atOnce.map { RouteChain.compose(middleware, around: Self.endpoint($0)) }
    }

    /// A signed-in handler as the end of its chain.
    private static func endpoint(_ answer: @escaping UserHandler) -> RouteResponder {
        { request, context throws(APIError) in
            // `AuthenticationMiddleware` runs first on every such route.
            guard let owner = context.owner else { throw .notAuthenticated }
            return try answer(context.api, context.route, request, SignedInRequest(owner: owner))
        }
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
    static func anyone(_ method: String, _ template: String, _ answer: @escaping PublicHandler)
        -> RouteDeclaration
    {
        RouteDeclaration(
            method: method, template: template, keyed: false, event: nil, handler: .anyone(answer))
    }

    /// A route of a signed-in user that a personal access token reaching
    /// `token` may call too; `keyed` when it takes an `Idempotency-Key`,
    /// `event` when its write raises a webhook event. `atOnce`, for a read
    /// whose answer may be known without waiting (it throws
    /// `APIError.notAtOnce` when it is not), runs behind the same middleware.
    static func user(
        _ method: String, _ template: String, token: TokenReach, keyed: Bool = false,
        event: RouteEvent? = nil, _ answer: @escaping UserHandler,
        atOnce: UserHandler? = nil
    ) -> RouteDeclaration {
        RouteDeclaration(
            method: method, template: template, keyed: keyed, event: event,
            handler: .user(token, answer), atOnce: atOnce)
    }
}

/// What a signed-in route's handler is given besides the request.
struct SignedInRequest {
    /// The user id of the request's token.
    let owner: Int64
}

/// Every method of every route, declared once: the matcher is built from
/// the templates, and matching's 405 and `Allow`, the middleware chain
/// (authentication, idempotency replay, list-cache invalidation, webhook
/// events), the log's route label, the access tests and the check against
/// openapi.yaml are all read from here.
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
        // Habits. The list may be answered on the event loop's thread.
        .user("GET", "/api/me/habits/", token: .read) { api, _, request, user throws(APIError) in
            try api.listHabits(request, owner: user.owner)
        } atOnce: { api, _, request, user throws(APIError) in
            try api.knownHabitList(request, owner: user.owner)
        },
        .user("POST", "/api/me/habits/", token: .write, keyed: true, event: .habitCreated) {
            api, _, request, user throws(APIError) in
            try api.createHabit(request, owner: user.owner)
        },
        .user("GET", "/api/me/habits/{id}/", token: .read) {
            api, route, request, user throws(APIError) in
            try api.showHabit(request, owner: user.owner, id: route.id("id"))
        },
        .user("PATCH", "/api/me/habits/{id}/", token: .write, keyed: true, event: .habitUpdated) {
            api, route, request, user throws(APIError) in
            try api.updateHabit(request, owner: user.owner, id: route.id("id"))
        },
        .user("DELETE", "/api/me/habits/{id}/", token: .write, keyed: true, event: .habitDeleted) {
            api, route, request, user throws(APIError) in
            try api.deleteHabit(request, owner: user.owner, id: route.id("id"))
        },
        // Progress.
        .user("GET", "/api/me/habits/{id}/progress/", token: .read) {
            api, route, request, user throws(APIError) in
            try api.listProgress(request, owner: user.owner, habitID: route.id("id"))
        },
        .user(
            "PUT", "/api/me/habits/{id}/progress/", token: .checkIn, keyed: true,
            event: .entryUpdated
        ) { api, route, request, user throws(APIError) in
            try api.setProgressBatch(request, owner: user.owner, habitID: route.id("id"))
        },
        .user(
            "PUT", "/api/me/habits/{id}/progress/{date}/", token: .checkIn, keyed: true,
            event: .entryUpdated
        ) { api, route, request, user throws(APIError) in
            try api.setProgress(
                request, owner: user.owner, habitID: route.id("id"), date: route.text("date"))
        },
        .user(
            "DELETE", "/api/me/habits/{id}/progress/{date}/", token: .checkIn, keyed: true,
            event: .entryDeleted
        ) { api, route, request, user throws(APIError) in
            try api.deleteProgress(
                request, owner: user.owner, habitID: route.id("id"), date: route.text("date"))
        },
        .user(
            "POST", "/api/me/habits/{id}/progress/{date}/increment/", token: .checkIn, keyed: true,
            event: .entryUpdated
        ) { api, route, request, user throws(APIError) in
            try api.incrementProgress(
                request, owner: user.owner, habitID: route.id("id"), date: route.text("date"))
        },
        // A habit's history (its handler: `APIResponder+History`).
        .user("GET", "/api/me/habits/{id}/history/", token: .read) {
            api, route, request, user throws(APIError) in
            try api.habitHistory(request, owner: user.owner, habitID: route.id("id"))
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
            try api.revokeAccessToken(request, owner: user.owner, id: route.id("id"))
        },
        // Doors with tokens of their own.
        .anyone("GET", "/api/me/calendar.ics") { api, _, request throws(APIError) in
            try api.calendarFeed(request)
        },
        .anyone("POST", "/api/checkin/{token}/") { api, route, request throws(APIError) in
            try api.checkIn(request, token: route.text("token"))
        },
        // Reminders (their handlers: `APIResponder+Reminders`).
        .user("GET", "/api/me/habits/{id}/reminders/", token: .read) {
            api, route, _, user throws(APIError) in
            try api.listReminders(owner: user.owner, habitID: route.id("id"))
        },
        .user("POST", "/api/me/habits/{id}/reminders/", token: .write) {
            api, route, request, user throws(APIError) in
            try api.addReminder(request, owner: user.owner, habitID: route.id("id"))
        },
        .user("DELETE", "/api/me/habits/{id}/reminders/{reminder_id}/", token: .write) {
            api, route, _, user throws(APIError) in
            try api.deleteReminder(
                owner: user.owner, habitID: route.id("id"), id: route.id("reminder_id"))
        },
        .user("GET", "/api/me/reminders/", token: .read) { api, _, _, user throws(APIError) in
            try api.listAllReminders(owner: user.owner)
        },
        // Channels and webhooks (`APIResponder+Reminders` too).
        .user("GET", "/api/me/channels/", token: .read) { api, _, _, user throws(APIError) in
            try api.listChannels(owner: user.owner)
        },
        .user("POST", "/api/me/channels/", token: .write) {
            api, _, request, user throws(APIError) in
            try api.addChannel(request, owner: user.owner)
        },
        .user("DELETE", "/api/me/channels/{id}/", token: .write) {
            api, route, _, user throws(APIError) in
            try api.deleteChannel(owner: user.owner, id: route.id("id"))
        },
        .user("GET", "/api/me/webhooks/", token: .read) { api, _, _, user throws(APIError) in
            try api.listWebhooks(owner: user.owner)
        },
        .user("POST", "/api/me/webhooks/", token: .write) {
            api, _, request, user throws(APIError) in
            try api.addWebhook(request, owner: user.owner)
        },
        .user("DELETE", "/api/me/webhooks/{id}/", token: .write) {
            api, route, _, user throws(APIError) in
            try api.deleteWebhook(owner: user.owner, id: route.id("id"))
        },
        .user("GET", "/api/me/webhooks/{id}/deliveries/", token: .read) {
            api, route, _, user throws(APIError) in
            try api.listDeliveries(owner: user.owner, webhookID: route.id("id"))
        },
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

    /// Every template, once, in the order first declared: what the matcher
    /// is built from, so a route's `index` is its place here.
    static let templates: [String] = {
        var seen: Set<String> = []
        return declarations.map(\.template).filter { seen.insert($0).inserted }
    }()

    /// Finds a path's route among `templates`; built once, at first use.
    static let matcher = RouteMatcher(templates: templates)

    /// The declarations of each template, by the route's `index`.
    private static let byTemplate: [[RouteDeclaration]] = templates.map { template in
        declarations.filter { $0.template == template }
    }

    /// The `Allow` header's methods of each template, by the route's `index`.
    private static let allowed: [[String]] = byTemplate.map { declared in
        let methods = Set(declared.map(\.method))
        let all = methods.contains("GET") ? methods.union(["HEAD"]) : methods
        return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].filter(all.contains)
    }

    /// The declaration answering `method` on `route`; HEAD finds GET's.
    static func declaration(of route: Route, method: String) -> RouteDeclaration? {
        guard byTemplate.indices.contains(route.index) else { return nil }
        let wanted = method == "HEAD" ? "GET" : method
        return byTemplate[route.index].first { $0.method == wanted }
    }

    /// The methods `route` answers, for 405's `Allow`: HEAD wherever GET.
    static func allowedMethods(of route: Route) -> [String] {
        allowed.indices.contains(route.index) ? allowed[route.index] : []
    }
}

extension Route {
    /// The route `RouteTable` matches at `path`, or `nil` when there is none.
    init?(path: String) {
        guard let route = RouteTable.matcher.match(path) else { return nil }
        self = route
    }

    /// The methods the route answers, for 405's `Allow` header, as
    /// `RouteTable` declares them. HEAD goes wherever GET does: the HTTP
    /// layer answers it as a GET without the body.
    var allowedMethods: [String] {
        RouteTable.allowedMethods(of: self)
    }
}
