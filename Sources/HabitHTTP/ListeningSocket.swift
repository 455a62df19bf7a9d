#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bound, listening TCP socket.
struct ListeningSocket: Sendable {
    /// What one call to `accept()` produced.
    enum Accepted {
        /// A connection from `client` (nil for an address family other than IP).
        case connection(ConnectionSocket, client: ClientAddress?)
        /// No connection is waiting.
        case none
        /// This one was lost (the client left, or a signal interrupted): try again.
        case retry
        /// Accepting fails for now (most often no descriptor to spare): retry after a pause.
        case backOff
    }

    let fd: Int32
    /// The port actually bound, which differs from the requested one for port 0.
    let port: UInt16

    /// Binds `host`:`port` (an IPv4 or IPv6 address, or a name), with SO_REUSEADDR, and listens.
    static func open(host: String, port: UInt16, backlog: Int32) throws(HTTPServerError) -> Self {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SystemCall.streamKind
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var results: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &results) == 0, let first = results else {
            throw .invalidHost(host)
        }
        defer { freeaddrinfo(first) }

        var lastError: HTTPServerError = .invalidHost(host)
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let fd = socket(
                address.pointee.ai_family, SystemCall.streamSocketType, address.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = .socketFailure(operation: "socket", reason: SystemCall.errorText(errno))
                continue
            }
            #if canImport(Darwin)
                SystemCall.setCloseOnExec(fd)
            #endif
            SystemCall.setOption(fd, level: SOL_SOCKET, name: SO_REUSEADDR, value: 1)
            guard bind(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
                lastError = .cannotBind(host: host, port: port, reason: SystemCall.errorText(errno))
                SystemCall.close(fd)
                continue
            }
            guard listen(fd, backlog) == 0 else {
                lastError = .socketFailure(operation: "listen", reason: SystemCall.errorText(errno))
                SystemCall.close(fd)
                continue
            }
            // The event loop accepts until the call would block.
            SystemCall.setNonBlocking(fd, true)
            return ListeningSocket(fd: fd, port: boundPort(of: fd) ?? port)
        }
        throw lastError
    }

    /// Accepts a waiting connection without blocking.
    func accept() -> Accepted {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let client = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                #if canImport(Glibc)
                    Glibc.accept(fd, address, &length)
                #else
                    Darwin.accept(fd, address, &length)
                #endif
            }
        }
        if client >= 0 {
            ConnectionSocket.prepare(client)
            return .connection(ConnectionSocket(fd: client), client: ClientAddress(storage))
        }
        switch errno {
        case EAGAIN, EWOULDBLOCK: return .none
        case EINTR, ECONNABORTED, EPROTO: return .retry
        default: return .backOff  // EMFILE, ENFILE, ENOBUFS, ENOMEM, or worse.
        }
    }

    func close() {
        SystemCall.close(fd)
    }

    private static func boundPort(of fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { return nil }
        switch Int32(storage.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin_port)
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin6_port)
                }
            }
        default:
            return nil
        }
    }
}
