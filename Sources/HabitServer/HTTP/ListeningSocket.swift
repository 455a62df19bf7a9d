#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A bound, listening TCP socket.
struct ListeningSocket: Sendable {
    /// What one call to `accept(wake:)` produced.
    enum Accepted {
        case connection(ConnectionSocket)
        /// Nothing to accept right now (the client left, or a signal interrupted).
        case nothing
        /// The wake signal fired: stop accepting.
        case woken
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
            // Accepting follows poll(2); a client that leaves in between must not block the loop.
            SystemCall.setNonBlocking(fd, true)
            return ListeningSocket(fd: fd, port: boundPort(of: fd) ?? port)
        }
        throw lastError
    }

    /// Waits for a connection or the wake signal, and accepts the connection.
    func accept(wake: Int32) -> Accepted {
        let woken = withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { fds in
            fds[0] = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            fds[1] = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
            _ = poll(fds.baseAddress, 2, -1)
            return fds[1].revents != 0
        }
        if woken { return .woken }
        #if canImport(Glibc)
            let client = Glibc.accept(fd, nil, nil)
        #else
            let client = Darwin.accept(fd, nil, nil)
        #endif
        if client >= 0 {
            // accept4(2) would do this atomically, but Glibc's module map does not export it.
            SystemCall.setCloseOnExec(client)
            return .connection(ConnectionSocket(fd: client))
        }
        if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
            // Out of descriptors: the pending client stays readable, so back off instead of
            // spinning until a connection closes.
            let backOff = ContinuousClock.now.advanced(by: .milliseconds(100))
            if ConnectionSocket(fd: -1).waitForInput(until: backOff, wake: wake) == .woken {
                return .woken
            }
        }
        return .nothing
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
