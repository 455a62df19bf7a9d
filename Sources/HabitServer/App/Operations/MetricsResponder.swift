import HabitHTTP

/// The separate metrics listener (`--metrics-listen`): `/metrics` without a
/// token (the address is the access control) and `/healthz`; nothing else.
final class MetricsResponder: HTTPResponder {
    let metrics: ServerMetrics

    init(metrics: ServerMetrics) {
        self.metrics = metrics
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/metrics": return OperationsResponder.metricsPage(request, metrics)
        case "/healthz": return OperationsResponder.probe(request, status: 200, ["status": "ok"])
        default:
            var response = JSONBody.response(for: .notFound)
            response.logLevel = .debug
            return response
        }
    }
}
