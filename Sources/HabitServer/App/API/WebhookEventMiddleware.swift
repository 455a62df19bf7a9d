import HabitHTTP

/// The middleware of every write of a signed-in user: binds the route's
/// webhook event (`APIResponder.pendingEvent`), so that the store queues it
/// inside the write's own transaction. A replayed answer runs no write, so
/// it queues none: it was published the first time.
struct WebhookEventMiddleware: RouteMiddleware {
    func handle(_ request: HTTPRequest, context: RouteContext, next: RouteResponder)
        throws(APIError) -> HTTPResponse
    {
        guard let owner = context.owner else { return try next(request, context) }
        return try context.api.answeringWithEvent(
            of: context.route, method: request.method, owner: owner
        ) { () throws(APIError) in try next(request, context) }
    }
}
