import Foundation
import HabitHTTP
import HabitStore

/// The operator's routes in front of the API: `/healthz` and `/readyz`
/// (outside `/api/`, unauthenticated); every other request goes to the API.
///
/// Probes are cheap and logged at debug level only: a load balancer asks
/// every few seconds, and its lines would bury the requests of people.
/// `/healthz` says the process serves, and is answered on the event loop
/// without touching the database; `/readyz` asks the database one small
/// question (the schema version), on a responder thread since it may wait.
public final class OperationsResponder: HTTPResponder {
    let api: any HTTPResponder
    let store: any OperationsRepository

    public init(api: any HTTPResponder, store: any OperationsRepository) {
        self.api = api
        self.store = store
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/healthz": return Self.probe(request, status: 200, ["status": "ok"])
        case "/readyz":
            let readiness = Readiness(
                probe: Result { () throws(StoreError) in try store.checkReadiness() })
            var body = ["status": readiness.isReady ? "ready" : "not_ready"]
            body["reason"] = readiness.reason
            var response = Self.probe(request, status: readiness.status, body)
            if !readiness.isReady { response.headers.add(name: "Retry-After", value: "5") }
            return response
        default: return api.respond(to: request)
        }
    }

    public func answerAtOnce(to request: HTTPRequest) -> HTTPResponse? {
        switch request.path {
        case "/healthz": return Self.probe(request, status: 200, ["status": "ok"])
        case "/readyz": return nil
        default: return api.answerAtOnce(to: request)
        }
    }

    /// A probe's answer: GET or HEAD only, never cached, logged at debug level.
    static func probe(_ request: HTTPRequest, status: Int, _ body: [String: String])
        -> HTTPResponse
    {
        var response: HTTPResponse
        if request.method == "GET" || request.method == "HEAD" {
            response = JSONBody.response(status: status, body)
            response.headers.add(name: "Cache-Control", value: "no-store")
        } else {
            response = JSONBody.response(
                for: .methodNotAllowed(request.method, allowed: ["GET", "HEAD"]))
        }
        response.logLevel = .debug
        return response
    }
}
