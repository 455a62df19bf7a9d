#if os(Linux)
    import CTLS
    import Foundation
    import Glibc

    /// One TCP connection to a server, under TLS for https, with blocking
    /// reads and writes that give up after a timeout.
    ///
    /// libssl is loaded on the first TLS connection (`OpenSSLLibrary`).
    /// TLS is as strict as libcurl's defaults were under URLSession: TLS 1.2
    /// or later, the peer's chain verified against the system's trusted
    /// certificates (OpenSSL's default paths: /etc/ssl/certs on Debian, or
    /// SSL_CERT_FILE / SSL_CERT_DIR when set), and the certificate must name
    /// the host (DNS names without partial wildcards) or the IP address
    /// connected to. Not thread-safe: one thread uses it, another may only
    /// `interrupt()` it.
    final class ClientConnection {
        enum Failure: Error, Hashable, Sendable {
            /// No connection: unknown host, refused, no route.
            case unreachable
            /// No progress within the timeout.
            case timeout
            /// The TLS handshake or the certificate check failed.
            case insecure
            /// The connection broke after it was made.
            case lost
        }

        let descriptor: Int32
        private var context: OpaquePointer?
        private var tls: OpaquePointer?

        private init(descriptor: Int32) {
            self.descriptor = descriptor
        }

        /// libssl, once a TLS connection has been asked for.
        private var ssl: OpenSSLLibrary?

        deinit {
            if let ssl {
                if let tls { ssl.free(tls) }
                if let context { ssl.contextFree(context) }
            }
            close(descriptor)
        }

        /// Connects to `host`:`port`, trying each address the resolver gives
        /// for at most `timeout` seconds each.
        static func open(host: String, port: Int, timeout: TimeInterval) throws(Failure)
            -> ClientConnection
        {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0, let list else {
                throw .unreachable
            }
            defer { freeaddrinfo(list) }
            var timedOut = false
            var next: UnsafeMutablePointer<addrinfo>? = list
            while let address = next {
                next = address.pointee.ai_next
                let descriptor = socket(
                    address.pointee.ai_family,
                    address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                    address.pointee.ai_protocol)
                guard descriptor >= 0 else { continue }
                let connection = ClientConnection(descriptor: descriptor)
                switch connection.connect(to: address.pointee, timeout: timeout) {
                case .connected:
                    connection.setTimeout(timeout)
                    return connection
                case .timedOut: timedOut = true
                case .failed: break
                }
            }
            throw timedOut ? .timeout : .unreachable
        }

        private enum ConnectResult { case connected, timedOut, failed }

        private func connect(to address: addrinfo, timeout: TimeInterval) -> ConnectResult {
            let flags = fcntl(descriptor, F_GETFL)
            _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
            defer { _ = fcntl(descriptor, F_SETFL, flags) }
            if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 {
                return .connected
            }
            guard errno == EINPROGRESS else { return .failed }
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, Int32(min(timeout * 1000, Double(Int32.max))))
            guard ready > 0 else { return ready == 0 ? .timedOut : .failed }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0
            else { return .failed }
            return .connected
        }

        /// Every later read or write gives up after `seconds` without progress.
        func setTimeout(_ seconds: TimeInterval) {
            let whole = max(seconds, 0.001)
            var value = timeval(
                tv_sec: Int(whole), tv_usec: Int((whole - whole.rounded(.down)) * 1_000_000))
            let size = socklen_t(MemoryLayout<timeval>.size)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, size)
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, size)
        }

        /// Wraps the connection in TLS for `host`, verifying the server's
        /// certificate against `trustedCertificates` (a PEM file) when given,
        /// else the system's.
        func startTLS(host: String, trustedCertificates: String?) throws(Failure) {
            guard let ssl = OpenSSLLibrary.shared else { throw .insecure }
            self.ssl = ssl
            defer { ssl.clearErrors() }
            guard let context = ssl.contextNew(ssl.clientMethod()) else { throw .insecure }
            self.context = context
            guard
                ssl.contextControl(
                    context, SSL_CTRL_SET_MIN_PROTO_VERSION, Int(TLS1_2_VERSION), nil) == 1
            else { throw .insecure }
            if let trustedCertificates {
                guard ssl.loadVerifyLocations(context, trustedCertificates, nil) == 1 else {
                    throw .insecure
                }
            } else {
                guard ssl.setDefaultVerifyPaths(context) == 1 else { throw .insecure }
            }
            ssl.setVerify(context, SSL_VERIFY_PEER, nil)
            guard let tls = ssl.new(context) else { throw .insecure }
            self.tls = tls
            guard ssl.setDescriptor(tls, descriptor) == 1 else { throw .insecure }
            if Self.isIPAddress(host) {
                guard ssl.setIPAddress(ssl.parameters(tls), host) == 1 else { throw .insecure }
            } else {
                ssl.setHostFlags(tls, UInt32(X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS))
                let named = host.withCString { name in
                    ssl.control(
                        tls, SSL_CTRL_SET_TLSEXT_HOSTNAME, Int(TLSEXT_NAMETYPE_host_name),
                        UnsafeMutableRawPointer(mutating: name))
                }
                guard named == 1, ssl.setHost(tls, host) == 1 else { throw .insecure }
            }
            errno = 0
            guard ssl.connect(tls) == 1 else {
                throw errno == EAGAIN || errno == EWOULDBLOCK ? .timeout : .insecure
            }
            guard ssl.verifyResult(tls) == X509_V_OK else { throw .insecure }
        }

        /// Sends all of `bytes`.
        func write(_ bytes: [UInt8]) throws(Failure) {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    let count = min(buffer.count, Int(Int32.max))
                    if let tls, let ssl {
                        return Int(ssl.write(tls, base, Int32(count)))
                    }
                    return send(descriptor, base, count, Int32(MSG_NOSIGNAL))
                }
                guard sent > 0 else {
                    ssl?.clearErrors()
                    throw errno == EAGAIN || errno == EWOULDBLOCK ? .timeout : .lost
                }
                offset += sent
            }
        }

        /// Reads what has arrived into `buffer`: the count, 0 at the end of the stream.
        func read(into buffer: inout [UInt8]) throws(Failure) -> Int {
            errno = 0
            let count = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                if let tls, let ssl {
                    return Int(ssl.read(tls, base, Int32(min(raw.count, Int(Int32.max)))))
                }
                return recv(descriptor, base, raw.count, 0)
            }
            if count > 0 { return count }
            let error = errno
            if let tls, let ssl {
                let reason = ssl.error(tls, Int32(count))
                let last = ssl.peekLastError()
                ssl.clearErrors()
                if reason == SSL_ERROR_ZERO_RETURN { return 0 }
                if error == EAGAIN || error == EWOULDBLOCK { throw .timeout }
                // A server that closes without TLS's close_notify: the end
                // of the stream, as for plain TCP; the response reader
                // decides whether what came is a whole response.
                if reason == SSL_ERROR_SYSCALL && error == 0 { return 0 }
                if reason == SSL_ERROR_SSL && Self.isUnexpectedEOF(last) {
                    return 0
                }
                throw .lost
            }
            if count == 0 { return 0 }
            throw error == EAGAIN || error == EWOULDBLOCK ? .timeout : .lost
        }

        /// Stops a read or write blocked on another thread.
        static func interrupt(_ descriptor: Int32) {
            shutdown(descriptor, Int32(SHUT_RDWR))
        }

        private static func isUnexpectedEOF(_ code: UInt) -> Bool {
            Int32(truncatingIfNeeded: code & 0x7F_FFFF) == SSL_R_UNEXPECTED_EOF_WHILE_READING
        }

        private static func isIPAddress(_ host: String) -> Bool {
            var v4 = in_addr()
            var v6 = in6_addr()
            return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
        }
    }
#endif
