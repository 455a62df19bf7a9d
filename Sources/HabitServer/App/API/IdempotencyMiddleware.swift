import HabitHTTP

/// The middleware of every keyed route (`RouteDeclaration.keyed`): runs the
/// rest of the chain under the request's `Idempotency-Key`, in the user's
/// scope, with the key in the context; an answer remembered for the key is
/// given again and nothing runs (`APIResponder.idempotent`).
struct IdempotencyMiddleware: RouteMiddleware {
    func handle(_ request: HTTPRequest, context: RouteContext, next: RouteResponder)
        throws(APIError) -> HTTPResponse
    {
        guard let owner = context.owner else { return try next(request, context) }
        return try context.api.idempotent(request, scope: APIResponder.scope(user: owner)) {
            (key: KeyedRequest?) throws(APIError) -> HTTPResponse in
            var context = context
            context.key = key
            return try next(request, context)
        }
    }
}
