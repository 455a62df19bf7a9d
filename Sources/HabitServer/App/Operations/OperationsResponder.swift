import Foundation
import HabitHTTP
import HabitStorage

/// The operator's routes in front of the API: `/healthz` and `/readyz`
/// (outside `/api/`, unauthenticated), and `/metrics` when a metrics token
/// is configured; every other request goes to the API. Every answer is
/// counted in `metrics`.
///
/// Probes are cheap and logged at debug level only: a load balancer asks
/// every few seconds, and its lines would bury the requests of people.
/// `/healthz` says the process serves, and is answered on the event loop
/// without touching the database; `/readyz` asks the database one small
/// question (the schema version), on a responder thread since it may wait.
package final class OperationsResponder: HTTPResponder {
    let api: any HTTPResponder
    let store: any OperationsRepository
    let metrics: ServerMetrics
    /// The bearer token that opens `/metrics` on this port; `nil`: 404.
    let metricsToken: String?
    /// Runs the reminder runner once for `POST /ops/reminders/run`.
    let reminders: ReminderRunner?

    package init(
        api: any HTTPResponder, store: any OperationsRepository, metrics: ServerMetrics,
        metricsToken: String? = nil, reminders: ReminderRunner? = nil
    ) {
        self.api = api
        self.store = store
        self.metrics = metrics
        self.metricsToken = metricsToken
        self.reminders = reminders
    }

    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let started = ContinuousClock.now
        let response: HTTPResponse
        switch request.path {
        case "/healthz":
            response = Self.named(Self.probe(request, status: 200, ["status": "ok"]), request)
        case "/readyz": response = Self.named(readiness(request), request)
        case "/metrics" where metricsToken != nil:
            response = Self.named(metricsAnswer(request), request)
        case "/ops/reminders/run" where metricsToken != nil && reminders != nil:
            response = Self.named(reminderRun(request), request)
        default: response = api.respond(to: request)
        }
        record(request, response, since: started)
        return response
    }

    package func answerAtOnce(to request: HTTPRequest) -> HTTPResponse? {
        let started = ContinuousClock.now
        let response: HTTPResponse?
        switch request.path {
        case "/healthz":
            response = Self.named(Self.probe(request, status: 200, ["status": "ok"]), request)
        case "/readyz", "/metrics", "/ops/reminders/run": response = nil
        default: response = api.answerAtOnce(to: request)
        }
        if let response { record(request, response, since: started) }
        return response
    }

    /// `response` with its path as its route: these paths are fixed, so the
    /// log shows them (an unmatched path shows only its length).
    private static func named(_ response: HTTPResponse, _ request: HTTPRequest) -> HTTPResponse {
        var response = response
        response.logRoute = request.path
        return response
    }

    private func record(
        _ request: HTTPRequest, _ response: HTTPResponse, since started: ContinuousClock.Instant
    ) {
        let (seconds, attoseconds) = started.duration(to: .now).components
        metrics.record(
            request, response, seconds: Double(seconds) + Double(attoseconds) / 1e18)
    }

    private func readiness(_ request: HTTPRequest) -> HTTPResponse {
        let readiness = Readiness(
            probe: Result { () throws(StoreError) in try store.checkReadiness() })
        var body = ["status": readiness.isReady ? "ready" : "not_ready"]
        body["reason"] = readiness.reason
        var response = Self.probe(request, status: readiness.status, body)
        if !readiness.isReady { response.headers.add(name: "Retry-After", value: "5") }
        return response
    }

    /// `/metrics` for the holder of the token; anyone else gets 401.
    /// `POST /ops/reminders/run` with the metrics token: one run of the
    /// reminder runner now, answered with what it did. For operators and
    /// for tests of several processes (`--reminder-interval 0` leaves every
    /// run to this).
    private func reminderRun(_ request: HTTPRequest) -> HTTPResponse {
        guard let metricsToken, MetricsAccess.allows(request, token: metricsToken),
            let reminders
        else {
            return JSONBody.response(for: .notAuthenticated)
        }
        guard request.method == "POST" else {
            return JSONBody.response(for: .methodNotAllowed(request.method, allowed: ["POST"]))
        }
        do {
            let report = try reminders.tick()
            return JSONBody.response(
                status: 200,
                [
                    "considered": report.considered, "claimed": report.claimed,
                    "digests": report.digests, "delivered": report.delivered,
                    "retried": report.retried, "failed": report.failed,
                ])
        } catch {
            return JSONBody.response(for: .storeUnavailable)
        }
    }

    private func metricsAnswer(_ request: HTTPRequest) -> HTTPResponse {
        guard let metricsToken, MetricsAccess.allows(request, token: metricsToken) else {
            var response = JSONBody.response(for: .notAuthenticated)
            response.headers.add(name: "WWW-Authenticate", value: "Bearer")
            response.logLevel = .debug
            return response
        }
        return Self.metricsPage(request, metrics)
    }

    /// The exposition, for GET and HEAD.
    static func metricsPage(_ request: HTTPRequest, _ metrics: ServerMetrics) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = JSONBody.response(
                for: .methodNotAllowed(request.method, allowed: ["GET", "HEAD"]))
            response.logLevel = .debug
            return response
        }
        var response = HTTPResponse(
            status: 200,
            headers: HTTPHeaders([
                ("Content-Type", PrometheusExposition.contentType), ("Cache-Control", "no-store"),
            ]),
            body: Data(metrics.exposition().utf8))
        response.logLevel = .debug
        return response
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
