import Foundation
import HabitHTTP
import HabitStorage

/// Renders a `MetricsSnapshot` in Prometheus' text exposition format (0.0.4).
///
/// Pure: the same snapshot gives the same text, series sorted by their labels.
/// Names follow Prometheus' conventions: the `habits_` prefix, base units
/// (`_seconds`), `_total` on counters, `_info` for the build's labels.
enum PrometheusExposition {
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    static func render(_ snapshot: MetricsSnapshot) -> String {
        var text = ""
        func family(_ name: String, _ type: String, _ help: String) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        family("habits_build_info", "gauge", "The running build; the value is always 1.")
        text +=
            "habits_build_info{version=\"\(escaped(snapshot.version))\",store=\"\(escaped(snapshot.store))\"} 1\n"

        family(
            "habits_http_requests_total", "counter",
            "HTTP requests answered, by route template, method and status.")
        for (key, count) in snapshot.requests.sorted(by: { $0.key < $1.key }) {
            text +=
                "habits_http_requests_total{route=\"\(escaped(key.route))\",method=\"\(escaped(key.method))\",status=\"\(key.status)\"} \(count)\n"
        }

        family(
            "habits_http_request_duration_seconds", "histogram",
            "Time to answer a request, by route template.")
        for (route, histogram) in snapshot.latency.sorted(by: { $0.key < $1.key }) {
            let label = "route=\"\(escaped(route))\""
            let cumulative = histogram.cumulative
            for (index, bound) in LatencyHistogram.bounds.enumerated() {
                text +=
                    "habits_http_request_duration_seconds_bucket{\(label),le=\"\(number(bound))\"} \(cumulative[index])\n"
            }
            text +=
                "habits_http_request_duration_seconds_bucket{\(label),le=\"+Inf\"} \(histogram.count)\n"
            text += "habits_http_request_duration_seconds_sum{\(label)} \(number(histogram.sum))\n"
            text += "habits_http_request_duration_seconds_count{\(label)} \(histogram.count)\n"
        }

        family("habits_signin_codes_sent_total", "counter", "Sign-in codes mailed.")
        text += "habits_signin_codes_sent_total \(snapshot.codesSent)\n"
        family(
            "habits_signin_codes_refused_total", "counter",
            "Sign-in code requests answered without a mail: sign-up refused or rate limited.")
        text += "habits_signin_codes_refused_total \(snapshot.codesRefused)\n"
        family(
            "habits_idempotent_replays_total", "counter",
            "Requests answered from an earlier answer under the same Idempotency-Key.")
        text += "habits_idempotent_replays_total \(snapshot.idempotentReplays)\n"

        family(
            "habits_reminders_claimed_total", "counter",
            "Reminder occurrences this process claimed.")
        text += "habits_reminders_claimed_total \(snapshot.remindersClaimed)\n"
        family(
            "habits_deliveries_total", "counter",
            "Attempts to deliver reminders and webhook events, by target and result.")
        for (key, count) in snapshot.deliveries.sorted(by: { $0.key < $1.key }) {
            text +=
                "habits_deliveries_total{target=\"\(key.target)\",result=\"\(key.result)\"} \(count)\n"
        }

        let connections = snapshot.connections
        family("habits_http_connections_open", "gauge", "Client connections held, busy or idle.")
        text += "habits_http_connections_open \(connections.open)\n"
        family(
            "habits_http_connections_idle", "gauge",
            "Client connections waiting between requests.")
        text += "habits_http_connections_idle \(connections.idle)\n"
        family(
            "habits_http_connection_evictions_total", "counter",
            "Idle connections closed to make room for new ones at a connection limit.")
        text += "habits_http_connection_evictions_total \(connections.evictions)\n"
        family(
            "habits_http_connections_refused_total", "counter",
            "New connections answered 503 at a connection limit, none idle to close.")
        text += "habits_http_connections_refused_total \(connections.refusals)\n"

        // SQLite has no pool: the family is left out rather than shown as zeros.
        if let pool = snapshot.pool {
            family("habits_db_pool_connections", "gauge", "Database connections the pool may hold.")
            text += "habits_db_pool_connections \(pool.size)\n"
            family(
                "habits_db_pool_connections_in_use", "gauge", "Database connections checked out.")
            text += "habits_db_pool_connections_in_use \(pool.inUse)\n"
            family(
                "habits_db_pool_waits_total", "counter",
                "Checkouts that found every database connection busy and waited.")
            text += "habits_db_pool_waits_total \(pool.waits)\n"
            family(
                "habits_db_pool_wait_timeouts_total", "counter",
                "Checkouts that gave up waiting for a database connection (answered 503).")
            text += "habits_db_pool_wait_timeouts_total \(pool.timeouts)\n"
            family(
                "habits_db_pool_wait_seconds_total", "counter",
                "Time spent waiting for a database connection.")
            text += "habits_db_pool_wait_seconds_total \(number(pool.waitSeconds))\n"
        }
        return text
    }

    /// A label value with `\`, `"` and line breaks escaped, as the format asks.
    static func escaped(_ value: String) -> String {
        var result = ""
        for character in value {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// A number as Go's strconv would read it: no exponent surprises for bounds.
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
