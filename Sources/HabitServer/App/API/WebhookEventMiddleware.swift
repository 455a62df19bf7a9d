import HabitHTTP

/// The middleware of every write of a signed-in user that raises a webhook
/// event (`RouteDeclaration.event`): binds the event
/// (`APIResponder.pendingEvent`), so that the store queues it inside the
/// write's own transaction. A replayed answer runs no write, so it queues
/// none: it was published the first time.
struct WebhookEventMiddleware: RouteMiddleware {
    let event: RouteEvent

    func handle(_ request: HTTPRequest, context: RouteContext, next: RouteResponder)
        throws(APIError) -> HTTPResponse
    {
        guard let owner = context.owner else { return try next(request, context) }
        return try context.api.answeringWithEvent(event, of: context.route, owner: owner) {
            () throws(APIError) in try next(request, context)
        }
    }
}
