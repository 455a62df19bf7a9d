import HabitHTTP
import HabitStorage

/// What the server has counted so far, as `/metrics` shows it.
struct MetricsSnapshot: Hashable, Sendable {
    /// One series of `habits_http_requests_total`.
    struct RequestKey: Hashable, Sendable, Comparable {
        var route: String
        var method: String
        var status: Int

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.route, lhs.method, lhs.status) < (rhs.route, rhs.method, rhs.status)
        }
    }

    var requests: [RequestKey: Int] = [:]
    var latency: [String: LatencyHistogram] = [:]
    var codesSent = 0
    var codesRefused = 0
    var idempotentReplays = 0
    var version = ""
    var store = ""
    /// Reminder occurrences this process claimed.
    var remindersClaimed = 0
    /// Delivery attempts by target kind (`mail`, `ntfy`, `webhook`, `gone`)
    /// and result (`delivered`, `retried`, `failed`).
    var deliveries: [DeliveryKey: Int] = [:]

    struct DeliveryKey: Hashable, Sendable, Comparable {
        var target: String
        var result: String

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.target, lhs.result) < (rhs.target, rhs.result)
        }
    }

    /// The API listener's connections, read at the scrape.
    var connections = ConnectionStatistics()
    /// The database pool, read at the scrape; nil for SQLite.
    var pool: DatabasePoolStatistics?
}
