#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls whose spelling differs between Linux and Darwin.
enum SystemCall {
    /// `SOCK_STREAM`, as `getaddrinfo(3)` hints want it.
    static var streamKind: Int32 {
        #if canImport(Glibc)
            return Int32(SOCK_STREAM.rawValue)
        #else
            return SOCK_STREAM
        #endif
    }

    /// `SOCK_STREAM` for `socket(2)`, close-on-exec where the flag exists, so a
    /// mail command the application runs does not inherit client sockets.
    static var streamSocketType: Int32 {
        #if canImport(Glibc)
            return Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
            return SOCK_STREAM
        #endif
    }

    /// Flags for `send(2)`: never raise SIGPIPE on a closed peer (Linux; Darwin
    /// uses the SO_NOSIGPIPE socket option instead, set by `configureConnection`).
    static var sendFlags: Int32 {
        #if canImport(Glibc)
            return Int32(MSG_NOSIGNAL)
        #else
            return 0
        #endif
    }

    /// `close(2)`, spelled apart from the types' own `close()` methods.
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(fd)
        #else
            _ = Darwin.close(fd)
        #endif
    }

    /// The text of an errno value, such as "Address already in use".
    static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Marks `fd` close-on-exec (for calls that cannot do it atomically).
    static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }

    /// Switches `fd` between blocking and non-blocking I/O.
    static func setNonBlocking(_ fd: Int32, _ nonBlocking: Bool) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    static func setOption(_ fd: Int32, level: Int32, name: Int32, value: Int32) {
        var value = value
        _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Sets SO_SNDTIMEO (or SO_RCVTIMEO) so a blocking call gives up after `timeout`.
    static func setTimeout(_ fd: Int32, option: Int32, _ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        var value = timeval()
        value.tv_sec = .init(max(0, seconds))
        value.tv_usec = .init(max(0, attoseconds / 1_000_000_000_000))
        if value.tv_sec == 0 && value.tv_usec == 0 { value.tv_usec = 1 }  // 0 would mean "never".
        _ = setsockopt(fd, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Prepares an accepted socket: blocking, no SIGPIPE, no Nagle delay, and
    /// writes that give up after `writeTimeout` when the client stops reading.
    static func configureConnection(_ fd: Int32, writeTimeout: Duration) {
        #if canImport(Darwin)
            setOption(fd, level: SOL_SOCKET, name: SO_NOSIGPIPE, value: 1)
        #endif
        // BSD sockets inherit O_NONBLOCK from the listener; Linux ones do not.
        setNonBlocking(fd, false)
        setOption(fd, level: Int32(IPPROTO_TCP), name: TCP_NODELAY, value: 1)
        setTimeout(fd, option: SO_SNDTIMEO, writeTimeout)
    }

    /// Milliseconds from now until `deadline` for `poll(2)`, rounded up, at least 0.
    static func pollTimeout(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds =
            seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
