import HabitAPI
import HabitHTTP

/// What a route's middleware and handler are given besides the request:
/// the responder, the matched route, and what earlier steps found.
///
/// The server's counterpart of Hummingbird's request context: each step may
/// add to it (`AuthenticationMiddleware` the owner) for the steps after it.
struct RouteContext {
    /// The responder the request arrived at: its store, clock and caches.
    let api: APIResponder
    let route: Route
    /// Whether the chain runs on the event loop's thread
    /// (`APIResponder.answerAtOnce`): a step that would wait for anything
    /// (the store, a signature check) throws `APIError.notAtOnce` instead.
    let atOnce: Bool
    /// The user id of the request's token, once `AuthenticationMiddleware` ran.
    var owner: Int64?

    init(api: APIResponder, route: Route, atOnce: Bool = false) {
        self.api = api
        self.route = route
        self.atOnce = atOnce
    }
}

/// The next step of a route's chain: the next middleware, or the handler.
typealias RouteResponder =
    @Sendable (HTTPRequest, RouteContext) throws(APIError) -> HTTPResponse

/// One step around a route's handler, in the shape of Hummingbird's
/// `Middleware`: it is given the request, its context and the rest of the
/// chain, and answers by calling `next` (perhaps with more context) or by
/// answering itself.
///
/// Each concern is a type of its own (`AuthenticationMiddleware`, `ListCacheMiddleware`,
/// `WebhookEventMiddleware`, `IdempotencyMiddleware`); `RouteDeclaration` composes them
/// once from what the route declares, so no handler repeats them.
protocol RouteMiddleware: Sendable {
    func handle(_ request: HTTPRequest, context: RouteContext, next: RouteResponder)
        throws(APIError) -> HTTPResponse
}

/// Composes middleware around a handler, the first step outermost.
enum RouteChain {
    /// `handler` inside `middleware`: the first element runs first.
    static func compose(
        _ middleware: [any RouteMiddleware], around handler: @escaping RouteResponder
    ) -> RouteResponder {
        var responder = handler
        for step in middleware.reversed() {
            responder = wrap(step, around: responder)
        }
        return responder
    }

    /// `next` behind `step`.
    private static func wrap(_ step: any RouteMiddleware, around next: @escaping RouteResponder)
        -> RouteResponder
    {
        { request, context throws(APIError) in
            try step.handle(request, context: context, next: next)
        }
    }

    /// The middleware a route's declaration asks for: none for a public
    /// route; for a signed-in one, `AuthenticationMiddleware`, then for a write
    /// `ListCacheMiddleware`, `WebhookEventMiddleware` when it raises an
    /// event, then on a keyed route `IdempotencyMiddleware`, innermost, so
    /// that a replayed answer still drops the cached lists but queues no
    /// second event.
    static func middleware(access: RouteAccess, method: String, keyed: Bool, event: RouteEvent?)
        -> [any RouteMiddleware]
    {
        guard case .signedIn(let reach) = access else { return [] }
        var steps: [any RouteMiddleware] = [AuthenticationMiddleware(reach: reach)]
        guard method != "GET" else { return steps }
        steps.append(ListCacheMiddleware())
        if let event { steps.append(WebhookEventMiddleware(event: event)) }
        if keyed { steps.append(IdempotencyMiddleware()) }
        return steps
    }
}
