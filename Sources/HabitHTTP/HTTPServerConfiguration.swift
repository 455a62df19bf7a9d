import Foundation

extension HTTPServer {
    /// Where the server listens, the limits it holds clients to, and its threads.
    package struct Configuration: Sendable {
        /// An IPv4 or IPv6 address ("127.0.0.1", "::1", "0.0.0.0", "::") or a host name.
        package var host: String
        /// The TCP port; 0 lets the system pick a free one, which `start()` returns.
        package var port: UInt16
        /// Connections held at once, idle ones included (an idle connection
        /// costs a descriptor and a few hundred bytes, no thread). When full,
        /// the oldest idle connection is closed to make room for a new one;
        /// only when none is idle is the new one answered 503 with Retry-After.
        /// Lowered at start to what the process's descriptor limit allows.
        package var maxConnections: Int
        /// Connections one client (source address) may hold; past it, that
        /// client's oldest idle connection is closed, or the new one refused
        /// with 503 when none is idle.
        package var maxConnectionsPerClient: Int
        /// Whether loopback clients (127.0.0.0/8, ::1) are exempt from
        /// `maxConnectionsPerClient`: behind a reverse proxy on the same
        /// machine, every client arrives from loopback.
        package var exemptsLoopbackFromClientLimit: Bool
        /// How long the request line and headers may take to arrive, from the
        /// request's first byte (for a new connection, from accepting it). A
        /// client that is too slow gets 408 and is closed, however steadily it trickles.
        package var headerTimeout: Duration
        /// How long a body may take to arrive once the head has; too slow gets 408.
        package var bodyTimeout: Duration
        /// How long a kept-alive connection may sit between requests before it is closed.
        package var idleTimeout: Duration
        /// How long sending one response may take before the connection is closed.
        package var writeTimeout: Duration
        /// The largest request line plus headers accepted (larger gets 431)
        /// and the largest body (Content-Length; larger gets 413). The
        /// defaults are the parser's own, so there is one copy of them.
        package var limits: HTTPRequestParser.Limits
        /// Event loop threads, each serving its share of the connections with
        /// non-blocking I/O; by default one per core.
        package var eventLoops: Int
        /// Threads that run the responder, so a request that blocks (SQLite, a
        /// mail command) does not stall a loop. 0 runs it on the loop's thread.
        package var responderThreads: Int

        /// The responder threads by default: one per core, at least 2 (so one
        /// request that blocks leaves another thread running).
        ///
        /// Measured (`Tests/Load/run.sh`, 2 cores): with 4 threads, PUT
        /// progress 8,400 to 9,400 requests/s and the GET list 24,000 to
        /// 32,000; with 2, 14,100 to 15,100 and 44,000 to 54,000. Threads
        /// beyond the cores only take turns on them, and those waiting for the
        /// store's one writer are woken and put to sleep again.
        package static var defaultResponderThreads: Int {
            max(2, ProcessInfo.processInfo.activeProcessorCount)
        }
        /// The wall clock for the Date header.
        package var now: @Sendable () -> Date

        /// The header and body timeouts together: reading it gives the header
        /// timeout, setting it sets both.
        package var readTimeout: Duration {
            get { headerTimeout }
            set {
                headerTimeout = newValue
                bodyTimeout = newValue
            }
        }

        package init(
            host: String = "127.0.0.1",
            port: UInt16 = 8000,
            maxConnections: Int = 16_384,
            maxConnectionsPerClient: Int = 64,
            exemptsLoopbackFromClientLimit: Bool = true,
            readTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(30),
            writeTimeout: Duration = .seconds(10),
            limits: HTTPRequestParser.Limits = HTTPRequestParser.Limits(),
            eventLoops: Int = ProcessInfo.processInfo.activeProcessorCount,
            responderThreads: Int = Configuration.defaultResponderThreads,
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.host = host
            self.port = port
            self.maxConnections = maxConnections
            self.maxConnectionsPerClient = maxConnectionsPerClient
            self.exemptsLoopbackFromClientLimit = exemptsLoopbackFromClientLimit
            self.headerTimeout = readTimeout
            self.bodyTimeout = readTimeout
            self.idleTimeout = idleTimeout
            self.writeTimeout = writeTimeout
            self.limits = limits
            self.eventLoops = eventLoops
            self.responderThreads = responderThreads
            self.now = now
        }

        /// What each connection's state machine is held to.
        var connectionSettings: HTTPConnectionMachine.Settings {
            HTTPConnectionMachine.Settings(
                headerTimeout: headerTimeout, bodyTimeout: bodyTimeout, idleTimeout: idleTimeout,
                writeTimeout: writeTimeout, drainTimeout: min(headerTimeout, .seconds(2)),
                drainLimitBytes: 1 << 20,
                limits: limits)
        }
    }
}
