import HabitHTTP

/// The middleware of every keyed route (`RouteDeclaration.keyed`): runs the
/// rest of the chain under the request's `Idempotency-Key`, in the user's
/// scope; an answer remembered for the key is given again and nothing runs
/// (`APIResponder.idempotent`). The handler never sees the key: its store
/// write takes it from `KeyedRequest.current`.
struct IdempotencyMiddleware: RouteMiddleware {
    func handle(_ request: HTTPRequest, context: RouteContext, next: RouteResponder)
        throws(APIError) -> HTTPResponse
    {
        guard let owner = context.owner else { return try next(request, context) }
        return try context.api.idempotent(request, scope: APIResponder.scope(user: owner)) {
            () throws(APIError) -> HTTPResponse in try next(request, context)
        }
    }
}
