import HabitHTTP

/// The middleware of every write of a signed-in user: whatever the
/// outcome, even a refusal or a replayed answer, the user's cached habit
/// lists (`HabitListAnswers`) are dropped once the write is done.
struct ListCacheMiddleware: RouteMiddleware {
    func handle(_ request: HTTPRequest, context: RouteContext, next: RouteResponder)
        throws(APIError) -> HTTPResponse
    {
        defer {
            if let owner = context.owner { context.api.listAnswers.userChanged(owner) }
        }
        return try next(request, context)
    }
}
