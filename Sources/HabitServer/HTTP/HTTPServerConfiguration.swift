import Foundation

extension HTTPServer {
    /// Where the server listens and the limits it holds clients to.
    public struct Configuration: Sendable {
        /// An IPv4 or IPv6 address ("127.0.0.1", "::1", "0.0.0.0", "::") or a host name.
        public var host: String
        /// The TCP port; 0 lets the system pick a free one, which `start()` returns.
        public var port: UInt16
        /// Connections served at once. One more is answered 503 with Retry-After
        /// and closed, rather than left waiting in the kernel's queue.
        public var maxConnections: Int
        /// How long a request may take to arrive: from the first byte to the
        /// last of its body, and for a new connection from accepting it to
        /// that first byte. A client that is too slow gets 408 and is closed.
        public var readTimeout: Duration
        /// How long a kept-alive connection may sit between requests before it is closed.
        public var idleTimeout: Duration
        /// How long a response write may stall on a client that does not read.
        public var writeTimeout: Duration
        /// The largest request body (Content-Length) accepted; larger gets 413.
        public var maxBodyBytes: Int
        /// The largest request line plus headers accepted; larger gets 431.
        public var maxHeaderBytes: Int
        /// The wall clock for the Date header.
        public var now: @Sendable () -> Date

        public init(
            host: String = "127.0.0.1",
            port: UInt16 = 8000,
            maxConnections: Int = 256,
            readTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(30),
            writeTimeout: Duration = .seconds(10),
            maxBodyBytes: Int = 65_536,
            maxHeaderBytes: Int = 16_384,
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.host = host
            self.port = port
            self.maxConnections = maxConnections
            self.readTimeout = readTimeout
            self.idleTimeout = idleTimeout
            self.writeTimeout = writeTimeout
            self.maxBodyBytes = maxBodyBytes
            self.maxHeaderBytes = maxHeaderBytes
            self.now = now
        }
    }
}
