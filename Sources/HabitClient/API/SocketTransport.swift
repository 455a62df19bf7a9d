#if os(Linux)
    import Foundation
    import HabitConcurrency

    #if canImport(Glibc)
        import Glibc
    #endif

    /// Sends each request over HTTP/1.1 on a connection of its own, with
    /// OpenSSL for https (`ClientConnection`), on a thread of its own.
    ///
    /// Linux's URLSession is FoundationNetworking over libcurl: loading it
    /// costs every run of `habits` about 12 ms and two dozen libraries, and
    /// its configuration creates the shared URL cache and cookie directories
    /// under XDG_CACHE_HOME and XDG_DATA_HOME. This transport keeps nothing
    /// between requests: no cookies, no cache, no credentials, and, like the
    /// URLSession transport it replaces, follows no redirect (a 3xx comes
    /// back as it is). Each request says `Connection: close`. Failures map
    /// as URLSession's did: no connection → `.unreachable`; TLS → `.secureConnectionFailed`;
    /// no progress within `requestTimeout`, or the whole exchange over
    /// `resourceTimeout` → `.timeout`; a break or an answer that is not HTTP
    /// after connecting → `.connectionLost`.
    package final class SocketTransport: HTTPTransport {
        private let requestTimeout: TimeInterval
        private let resourceTimeout: TimeInterval
        private let trustedCertificates: String?

        /// - Parameters:
        ///   - requestTimeout: the longest wait for the connection or the next bytes.
        ///   - resourceTimeout: the longest a whole request may take.
        ///   - trustedCertificates: a PEM file of the certificates to trust
        ///     instead of the system's (tests with a certificate of their own).
        package init(
            requestTimeout: TimeInterval = 15, resourceTimeout: TimeInterval = 60,
            trustedCertificates: String? = nil
        ) {
            self.requestTimeout = requestTimeout
            self.resourceTimeout = resourceTimeout
            self.trustedCertificates = trustedCertificates
        }

        package func send(_ request: TransportRequest) async throws -> TransportResponse {
            let descriptor = Locked<Int32?>(nil)
            let cancelled = Locked(false)
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation {
                    (continuation: CheckedContinuation<TransportResponse, any Error>) in
                    let thread = Thread { [self] in
                        continuation.resume(
                            with: Result { () throws(APIError) -> TransportResponse in
                                try exchange(request, descriptor: descriptor, cancelled: cancelled)
                            })
                    }
                    thread.start()
                }
            } onCancel: {
                cancelled.withLock { $0 = true }
                descriptor.withLock { value in
                    if let value { ClientConnection.interrupt(value) }
                }
            }
        }

        /// The whole exchange, on the calling (dedicated) thread.
        private func exchange(
            _ request: TransportRequest, descriptor: Locked<Int32?>, cancelled: Locked<Bool>
        ) throws(APIError) -> TransportResponse {
            // A write to a connection the server closed raises SIGPIPE on the
            // writing thread; blocked here, it never ends the process and is
            // dropped when this thread ends.
            var pipe = sigset_t()
            sigemptyset(&pipe)
            sigaddset(&pipe, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipe, nil)

            let hostName = request.hostDescription
            guard let target = Self.target(of: request.url), let host = request.url.host,
                let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https"
            else { throw .unreachable(host: hostName) }
            let port = request.url.port ?? (scheme == "https" ? 443 : 80)
            let deadline = Date().addingTimeInterval(resourceTimeout)
            do throws(ClientConnection.Failure) {
                let connection = try ClientConnection.open(
                    host: host, port: port, timeout: requestTimeout)
                descriptor.withLock { $0 = connection.descriptor }
                defer { descriptor.withLock { $0 = nil } }
                if cancelled.withLock({ $0 }) { throw ClientConnection.Failure.lost }
                if scheme == "https" {
                    try connection.startTLS(host: host, trustedCertificates: trustedCertificates)
                }
                try connection.write(try Self.encode(request, target: target))
                var reader = HTTPResponseReader(isHead: false)
                var buffer = [UInt8](repeating: 0, count: 16 * 1024)
                while true {
                    let left = deadline.timeIntervalSinceNow
                    guard left > 0 else { throw ClientConnection.Failure.timeout }
                    connection.setTimeout(min(requestTimeout, left))
                    let count = try connection.read(into: &buffer)
                    do throws(HTTPResponseReader.Failure) {
                        if count == 0 { return try reader.end() }
                        if let response = try reader.read(buffer[..<count]) { return response }
                    } catch {
                        throw ClientConnection.Failure.lost
                    }
                }
            } catch {
                if cancelled.withLock({ $0 }) { throw .cancelled }
                switch error {
                case .unreachable: throw .unreachable(host: hostName)
                case .timeout: throw .timeout(host: hostName)
                case .insecure: throw .secureConnectionFailed(host: hostName)
                case .lost: throw .connectionLost(host: hostName)
                }
            }
        }

        /// The request target: the URL's path as written (`/` when empty) and its query.
        static func target(of url: URL) -> String? {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                return nil
            }
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            return components.percentEncodedQuery.map { "\(path)?\($0)" } ?? path
        }

        /// The request's bytes. A header holding CR, LF or NUL (a token
        /// from a hostile server, say) is refused rather than sent, so it
        /// cannot add header fields of its own.
        static func encode(_ request: TransportRequest, target: String) throws(ClientConnection
            .Failure) -> [UInt8]
        {
            var head = "\(request.method.rawValue) \(target) HTTP/1.1\r\n"
            head += "Host: \(request.hostDescription)\r\n"
            var fields = request.headers
            fields["connection"] = "close"
            fields["content-length"] = nil
            if let body = request.body {
                fields["content-length"] = String(body.count)
            } else if request.method != .get && request.method != .delete {
                fields["content-length"] = "0"
            }
            fields["user-agent"] = fields["user-agent"] ?? "habits"
            fields["accept"] = fields["accept"] ?? "*/*"
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                guard !name.isEmpty, !(name + value).utf8.contains(where: Self.breaksHeader)
                else { throw .unreachable }
                head += "\(name): \(value)\r\n"
            }
            head += "\r\n"
            var bytes = Array(head.utf8)
            if let body = request.body { bytes.append(contentsOf: body) }
            return bytes
        }

        private static func breaksHeader(_ byte: UInt8) -> Bool {
            byte == 0x0D || byte == 0x0A || byte == 0x00
        }
    }
#endif
