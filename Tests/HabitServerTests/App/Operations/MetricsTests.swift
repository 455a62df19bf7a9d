import Foundation
import HabitAPI
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// `/metrics`: on a separate listener, or on the API's port with a token;
/// valid Prometheus text, checked by promtool.
@Suite struct MetricsTests {
    static let token = "metrics-token-0123456789abcdef"

    /// A server with both ways to metrics; the test stops it.
    func server(_ directory: TemporaryDirectory) throws -> (HabitServerApp, UInt16) {
        let tokenFile = directory.appending("metrics-token")
        try Data((Self.token + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        var configuration = ServerConfiguration.inMemory(outbox: directory.appending("outbox"))
        configuration.operations.metricsListen = "127.0.0.1:0"
        configuration.operations.metricsTokenFile = tokenFile
        let app = try HabitServerApp(configuration: configuration, environment: [:])
        return (app, try app.start())
    }

    @Test func countsRequestsByRouteTemplateMethodAndStatus() throws {
        let directory = try TemporaryDirectory()
        let (app, port) = try server(directory)
        defer { app.shutdown() }
        let client = APITestClient(port: port)
        _ = try client.request("POST", "/api/auth/email/", body: #"{"email": "m@example.com"}"#)
        _ = try client.request("GET", "/api/me/habits/12345/")
        _ = try client.request("GET", "/api/me/habits/67890/")
        _ = try client.request("GET", "/nowhere/secret-path")
        let metricsPort = try #require(app.metricsPort)
        let page = try APITestClient(port: metricsPort).request("GET", "/metrics")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == PrometheusExposition.contentType)
        let text = page.text
        #expect(
            text.contains(
                #"habits_http_requests_total{route="/api/me/habits/{id}/",method="GET",status="401"} 2"#
            ))
        #expect(
            text.contains(
                #"habits_http_requests_total{route="/api/auth/email/",method="POST",status="202"} 1"#
            ))
        #expect(
            text.contains(#"habits_http_requests_total{route="other",method="GET",status="404"} 1"#)
        )
        #expect(
            !text.contains("12345") && !text.contains("secret-path") && !text.contains("m@example"))
        #expect(text.contains("habits_signin_codes_sent_total 1\n"))
        #expect(
            text.contains(
                #"habits_http_request_duration_seconds_count{route="/api/me/habits/{id}/"} 2"#))
        #expect(
            text.contains(
                #"habits_build_info{version="\#(HabitServerApp.version)",store="sqlite"} 1"#))
    }

    @Test func theAPIPortServesMetricsOnlyToTheTokensHolder() throws {
        let directory = try TemporaryDirectory()
        let (app, port) = try server(directory)
        defer { app.shutdown() }
        let client = APITestClient(port: port)
        #expect(try client.request("GET", "/metrics").status == 401)
        #expect(
            try client.request("GET", "/metrics", token: "wrong-token-0123456789abcde").status
                == 401)
        let page = try client.request("GET", "/metrics", token: Self.token)
        #expect(page.status == 200)
        #expect(page.text.contains("# TYPE habits_http_requests_total counter"))
        // The metrics listener answers metrics and liveness, nothing of the API.
        let metricsClient = APITestClient(port: try #require(app.metricsPort))
        #expect(try metricsClient.request("GET", "/api/me/").status == 404)
        #expect(try metricsClient.request("GET", "/healthz").status == 200)
    }

    @Test func aShortOrMissingTokenFileStopsStartUp() throws {
        let directory = try TemporaryDirectory()
        let tokenFile = directory.appending("metrics-token")
        try Data("short\n".utf8).write(to: URL(fileURLWithPath: tokenFile))
        var configuration = ServerConfiguration.inMemory(outbox: directory.appending("outbox"))
        configuration.operations.metricsTokenFile = tokenFile
        #expect(throws: ServerStartupError.self) {
            _ = try HabitServerApp(configuration: configuration, environment: [:])
        }
        configuration.operations.metricsTokenFile = directory.appending("missing")
        #expect(throws: ServerStartupError.self) {
            _ = try HabitServerApp(configuration: configuration, environment: [:])
        }
    }

    @Test func connectionGaugesAndEvictionsAreScraped() throws {
        let directory = try TemporaryDirectory()
        var configuration = ServerConfiguration.inMemory(outbox: directory.appending("outbox"))
        configuration.operations.metricsListen = "127.0.0.1:0"
        configuration.maxConnections = 2
        let app = try HabitServerApp(configuration: configuration, environment: [:])
        let port = try app.start()
        defer { app.shutdown() }
        let scrape = APITestClient(port: try #require(app.metricsPort))
        let oldest = try RawHTTPClient(port: port)
        let other = try RawHTTPClient(port: port)
        try other.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try other.readResponse().status == 200)
        // A third connection at the limit of two closes the oldest idle one.
        let newest = try RawHTTPClient(port: port)
        try newest.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try newest.readResponse().status == 200)
        #expect(throws: (any Error).self) { try oldest.readResponse() }
        let text = try scrape.request("GET", "/metrics").text
        #expect(text.contains("habits_http_connections_open 2\n"), "\(text)")
        #expect(text.contains("habits_http_connections_idle 2\n"))
        #expect(text.contains("habits_http_connection_evictions_total 1\n"))
        #expect(text.contains("habits_http_connections_refused_total 0\n"))
        // SQLite has no connection pool to show.
        #expect(!text.contains("habits_db_pool"))
    }

    /// The `/metrics` page of a server on a fresh PostgreSQL database of
    /// the tests' own server (cancelled without PostgreSQL).
    private func postgresMetrics() throws -> String {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let directory = try TemporaryDirectory()
        var configuration = ServerConfiguration.inMemory(outbox: directory.appending("outbox"))
        let name =
            "metrics_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try postgres.psql("CREATE DATABASE \(name)")
        configuration.databasePath = postgres.url(database: name)
        configuration.operations.metricsListen = "127.0.0.1:0"
        let app = try HabitServerApp(configuration: configuration, environment: [:])
        let port = try app.start()
        defer { app.shutdown() }
        #expect(try APITestClient(port: port).request("GET", "/readyz").status == 200)
        return try APITestClient(port: try #require(app.metricsPort)).request(
            "GET", "/metrics"
        ).text
    }

    @Test func aPostgreSQLServerShowsItsConnectionPool() throws {
        let text = try postgresMetrics()
        #expect(text.contains("habits_db_pool_connections_in_use 0\n"), "\(text)")
        #expect(text.contains("habits_db_pool_waits_total 0\n"))
        #expect(text.contains("habits_db_pool_wait_timeouts_total 0\n"))
        #expect(text.contains(#"store="postgresql""#))
    }

    /// The pool's gauges are valid Prometheus text: the part that needs
    /// promtool, so the gauges above are tested without it.
    @Test func promtoolAcceptsAPostgreSQLServersExposition() async throws {
        let promtool = try ExternalTool.require("promtool", package: "prometheus")
        let text = try postgresMetrics()
        let check = try await promtool.run(["check", "metrics"], input: text)
        #expect(check.status == 0 && check.output.isEmpty, "\(check.output)")
    }

    @Test func promtoolAcceptsTheExposition() async throws {
        let promtool = try ExternalTool.require("promtool", package: "prometheus")
        let directory = try TemporaryDirectory()
        let (app, port) = try server(directory)
        defer { app.shutdown() }
        let client = APITestClient(port: port)
        _ = try client.request("POST", "/api/auth/email/", body: #"{"email": "p@example.com"}"#)
        _ = try client.request("POST", "/api/auth/email/", body: #"{"email": "p@example.com"}"#)
        _ = try client.request("GET", "/healthz")
        _ = try client.request("DELETE", "/api/me/habits/1/progress/2026-01-01/")
        let page = try client.request("GET", "/metrics", token: Self.token)
        let check = try await promtool.run(["check", "metrics"], input: page.text)
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.isEmpty, "promtool's remarks: \(check.output)")
    }
}

/// The exposition text, from a snapshot.
@Suite struct PrometheusExpositionTests {
    @Test func histogramsAreCumulativeAndEndInInf() {
        var histogram = LatencyHistogram()
        histogram.observe(0.0004)
        histogram.observe(0.003)
        histogram.observe(30)
        var snapshot = MetricsSnapshot()
        snapshot.version = "1.2.3"
        snapshot.store = "sqlite"
        snapshot.latency["/api/me/"] = histogram
        let text = PrometheusExposition.render(snapshot)
        #expect(
            text.contains(
                #"habits_http_request_duration_seconds_bucket{route="/api/me/",le="0.0005"} 1"#))
        #expect(
            text.contains(
                #"habits_http_request_duration_seconds_bucket{route="/api/me/",le="0.005"} 2"#))
        #expect(
            text.contains(
                #"habits_http_request_duration_seconds_bucket{route="/api/me/",le="10"} 2"#))
        #expect(
            text.contains(
                #"habits_http_request_duration_seconds_bucket{route="/api/me/",le="+Inf"} 3"#))
        #expect(text.contains(#"habits_http_request_duration_seconds_count{route="/api/me/"} 3"#))
    }

    @Test func labelValuesAreEscaped() {
        #expect(PrometheusExposition.escaped(#"a"b\c"# + "\nd") == #"a\"b\\c\nd"#)
    }

    @Test func routeTemplatesHoldNoIdsOrDates() {
        #expect(
            RouteTemplate.of("/api/me/habits/42/progress/2026-01-01/")
                == "/api/me/habits/{id}/progress/{date}/")
        #expect(
            RouteTemplate.of("/api/me/habits/42/progress/2026-01-01/increment")
                == "/api/me/habits/{id}/progress/{date}/increment/")
        #expect(RouteTemplate.of("/api/me") == "/api/me/")
        #expect(RouteTemplate.of("/wp-admin/") == "other")
        #expect(RouteTemplate.method("BREW") == "other")
    }

    @Test func listenAddresses() {
        #expect(ListenAddress("9464") == ListenAddress("127.0.0.1:9464"))
        #expect(ListenAddress("[::1]:9464")?.host == "::1")
        #expect(ListenAddress("0.0.0.0:9464")?.description == "0.0.0.0:9464")
        for bad in ["", ":9464", "::1:9464", "host:", "host:99999", "a b:1"] {
            #expect(ListenAddress(bad) == nil, "\(bad)")
        }
    }
}
