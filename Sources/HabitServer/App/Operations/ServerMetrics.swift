import HabitAPI
import HabitConcurrency
import HabitHTTP
import HabitStorage

/// The counters behind `/metrics`, updated by the responders as they answer.
///
/// One lock around a small struct: an update is a dictionary increment and a
/// histogram bucket, far shorter than the request it counts.
package final class ServerMetrics: Sendable {
    private let state: Locked<MetricsSnapshot>
    /// Where the gauges read at each scrape come from: the HTTP server's
    /// connections and the store's pool, once the app has both.
    private let gauges = Locked<Gauges?>(nil)

    struct Gauges: Sendable {
        var connections: @Sendable () -> ConnectionStatistics
        var pool: @Sendable () -> DatabasePoolStatistics?
    }

    package init(version: String = HabitServerApp.version, store: String = "") {
        var initial = MetricsSnapshot()
        initial.version = version
        initial.store = store
        state = Locked(initial)
    }

    /// Counts one answered request.
    func record(_ request: HTTPRequest, _ response: HTTPResponse, seconds: Double) {
        // The API names its route on the response; parsing the path again
        // was 7,000 of a GET list's 99,000 instructions (callgrind).
        let route = response.logRoute ?? RouteTemplate.of(request.path)
        let key = MetricsSnapshot.RequestKey(
            route: route, method: RouteTemplate.method(request.method), status: response.status)
        let replayed = response.headers[APIResponder.replayedHeader] != nil
        state.withLock { state in
            state.requests[key, default: 0] += 1
            state.latency[route, default: LatencyHistogram()].observe(seconds)
            if replayed { state.idempotentReplays += 1 }
        }
    }

    /// Names the store in `habits_build_info`.
    func describe(store: String) { state.withLock { $0.store = store } }

    /// Counts the reminder occurrences a run of the reminder runner claimed.
    func remindersClaimed(_ count: Int) {
        guard count > 0 else { return }
        state.withLock { $0.remindersClaimed += count }
    }

    /// Counts one attempt to deliver a reminder or a webhook event.
    func delivery(to target: Delivery.Target?, _ outcome: DeliveryOutcome) {
        let kind: String
        switch target {
        case .mail: kind = "mail"
        case .ntfy: kind = "ntfy"
        case .webhook: kind = "webhook"
        case nil: kind = "gone"
        }
        let result: String
        switch outcome {
        case .delivered: result = "delivered"
        case .retry: result = "retried"
        case .failed: result = "failed"
        }
        let key = MetricsSnapshot.DeliveryKey(target: kind, result: result)
        state.withLock { $0.deliveries[key, default: 0] += 1 }
    }

    func codeSent() { state.withLock { $0.codesSent += 1 } }
    func codeRefused() { state.withLock { $0.codesRefused += 1 } }

    /// Sets where the connection and pool gauges are read at each scrape.
    func observe(
        connections: @escaping @Sendable () -> ConnectionStatistics,
        pool: @escaping @Sendable () -> DatabasePoolStatistics?
    ) {
        gauges.withLock { $0 = Gauges(connections: connections, pool: pool) }
    }

    /// The counts so far, with the gauges read now (outside the counters'
    /// lock: reading them takes the server's and the pool's own locks).
    var snapshot: MetricsSnapshot {
        var snapshot = state.withLock { $0 }
        if let gauges = gauges.withLock({ $0 }) {
            snapshot.connections = gauges.connections()
            snapshot.pool = gauges.pool()
        }
        return snapshot
    }

    /// `/metrics`' body.
    package func exposition() -> String {
        PrometheusExposition.render(snapshot)
    }
}
