#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted TCP connection, non-blocking: calls return at once and say
/// when they would have had to wait.
struct ConnectionSocket: Sendable {
    /// What a read or write did.
    enum Transfer: Equatable {
        /// This many bytes moved (more than 0).
        case moved(Int)
        /// Nothing can move now; wait for the poller.
        case wouldBlock
        /// The peer closed its side (reads only).
        case endOfStream
        /// The connection failed (reset, or the peer is gone).
        case failed
    }

    let fd: Int32

    /// Makes an accepted socket ready for an event loop: non-blocking,
    /// close-on-exec, no Nagle delay, and (Darwin) no SIGPIPE.
    static func prepare(_ fd: Int32) {
        // accept4(2) would set the flags atomically, but Glibc's module map does not export it.
        SystemCall.setCloseOnExec(fd)
        SystemCall.setNonBlocking(fd, true)
        SystemCall.setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
        #if canImport(Darwin)
            SystemCall.setOption(fd, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        #endif
    }

    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .moved(count) }
            if count == 0 { return .endOfStream }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }

    func send(_ bytes: UnsafeRawBufferPointer) -> Transfer {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .moved(0) }
        while true {
            let written = systemSend(fd, base, bytes.count, SystemCall.sendFlags)
            if written >= 0 { return .moved(written) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }

    /// Shuts the write side: the peer reads the end of the stream after what was sent.
    func shutdownOutput() {
        #if canImport(Glibc)
            _ = shutdown(fd, Int32(SHUT_WR))
        #else
            _ = shutdown(fd, SHUT_WR)
        #endif
    }

    func close() {
        SystemCall.close(fd)
    }
}

/// `send(2)`, spelled apart from the method of the same name.
private func systemSend(
    _ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32
) -> Int {
    #if canImport(Glibc)
        return Glibc.send(fd, bytes, count, flags)
    #else
        return Darwin.send(fd, bytes, count, flags)
    #endif
}
