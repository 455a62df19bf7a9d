import Foundation
import HabitAPI
import HabitConcurrency
import HabitHTTP
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// How a route's middleware is composed: in order, each step handing the
/// next what it found, and which steps each kind of route gets.
@Suite struct RouteChainTests {
    /// Records its name on the way in and out, and adds it to the key's
    /// place in the context: the chain's order made visible.
    struct Step: RouteMiddleware {
        let name: String
        let trail: Locked<[String]>

        func handle(_ request: HTTPRequest, context: RouteContext, next: RouteResponder)
            throws(APIError) -> HTTPResponse
        {
            trail.withLock { $0.append("in \(name)") }
            var context = context
            context.owner = (context.owner ?? 0) * 10 + Int64(name.count)
            defer { trail.withLock { $0.append("out \(name)") } }
            return try next(request, context)
        }
    }

    @Test func theFirstStepRunsOutermostAndHandsItsContextOn() throws {
        let server = try APITestServer(databasePath: ":memory:")
        defer { server.stop() }
        let trail = Locked<[String]>([])
        let chain = RouteChain.compose(
            [Step(name: "a", trail: trail), Step(name: "bb", trail: trail)]
        ) { _, context throws(APIError) in
            trail.withLock { $0.append("handler \(context.owner ?? -1)") }
            return JSONBody.noContent
        }
        let request = HTTPRequest(method: "GET", path: "/api/me/")
        let route = try #require(Route(path: request.path))
        let response = try chain(request, RouteContext(api: server.app.responder, route: route))
        #expect(response.status == 204)
        #expect(trail.withLock { $0 } == ["in a", "in bb", "handler 12", "out bb", "out a"])
    }

    @Test func aStepMayAnswerWithoutRunningTheRest() throws {
        struct Refusal: RouteMiddleware {
            func handle(_ request: HTTPRequest, context: RouteContext, next: RouteResponder)
                throws(APIError) -> HTTPResponse
            { throw .notAuthenticated }
        }
        let server = try APITestServer(databasePath: ":memory:")
        defer { server.stop() }
        let ran = Locked(false)
        let chain = RouteChain.compose([Refusal()]) { _, _ throws(APIError) in
            ran.withLock { $0 = true }
            return JSONBody.noContent
        }
        let request = HTTPRequest(method: "GET", path: "/api/me/")
        let route = try #require(Route(path: request.path))
        do {
            _ = try chain(request, RouteContext(api: server.app.responder, route: route))
            Issue.record("the refusal did not stop the chain")
        } catch {
            #expect(error.code == APIError.notAuthenticated.code)
        }
        #expect(ran.withLock { $0 } == false)
    }

    /// Public routes get no middleware; a signed-in read only the token
    /// check; a write also the list cache step, the webhook step when it
    /// raises an event, and a keyed write the idempotency step innermost.
    @Test func eachDeclarationGetsTheStepsItsAccessAsksFor() {
        for declaration in RouteTable.declarations {
            let steps = RouteChain.middleware(
                access: declaration.access, method: declaration.method, keyed: declaration.keyed,
                event: declaration.event
            ).map { String(describing: type(of: $0)) }
            let label = "\(declaration.method) \(declaration.template)"
            guard case .signedIn = declaration.access else {
                #expect(steps.isEmpty, "\(label)")
                continue
            }
            var expected = ["AuthenticationMiddleware"]
            if declaration.method != "GET" {
                expected.append("ListCacheMiddleware")
                if declaration.event != nil { expected.append("WebhookEventMiddleware") }
                if declaration.keyed { expected.append("IdempotencyMiddleware") }
            }
            #expect(steps == expected, "\(label)")
        }
    }
}
