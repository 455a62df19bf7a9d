import HabitAPI
import HabitHTTP

/// The middleware of every signed-in route: finds the user of the
/// request's access token and puts it in the context.
///
/// 401 `not_authenticated` without a token, `token_not_valid` for a bad or
/// expired one. A personal access token (`hpat_…`) must also reach the
/// route (`reach`): else 403 `insufficient_scope`. On the event loop's
/// thread (`RouteContext.atOnce`) only a token this thread has verified
/// already is taken; any other throws `APIError.notAtOnce`, and the request
/// is answered as usual.
struct AuthenticationMiddleware: RouteMiddleware {
    /// The least a personal access token must be allowed to call the route.
    let reach: TokenReach

    func handle(_ request: HTTPRequest, context: RouteContext, next: RouteResponder)
        throws(APIError) -> HTTPResponse
    {
        var context = context
        if context.atOnce {
            guard let token = try? Self.bearerToken(request),
                let owner = context.api.verifiedTokens.userID(of: token, now: context.api.now())
            else { throw .notAtOnce }
            context.owner = owner
        } else {
            context.owner = try owner(of: request, api: context.api, route: context.route)
        }
        return try next(request, context)
    }

    /// The user id of the request's token.
    private func owner(of request: HTTPRequest, api: APIResponder, route: Route)
        throws(APIError) -> Int64
    {
        let token = try Self.bearerToken(request)
        let now = api.now()
        if PersonalAccessToken.isToken(token) {
            return try api.personalAccessOwner(token, route: route, reach: reach, now: now)
        }
        if let user = api.verifiedTokens.userID(of: token, now: now) { return user }
        do {
            let claims = try api.signer.verify(token, as: .access, now: now)
            api.verifiedTokens.remember(token, claims: claims)
            return claims.userID
        } catch {
            api.log.debug("auth: access token refused: \(error)")
            throw .tokenNotValid
        }
    }

    /// The token of the request's `Authorization: Bearer …` header.
    static func bearerToken(_ request: HTTPRequest) throws(APIError) -> String {
        guard let header = request.headers["Authorization"] else { throw .notAuthenticated }
        // "Bearer" is matched without regard to case (RFC 9110 §11.1).
        guard header.utf8.prefix(7).elementsEqual("bearer ".utf8, by: { $0 | 0x20 == $1 }) else {
            throw header.lowercased() == "bearer" ? .tokenNotValid : .notAuthenticated
        }
        return APIResponder.trimmed(header.dropFirst(7))
    }
}
