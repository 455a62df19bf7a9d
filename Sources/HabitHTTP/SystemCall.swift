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

    /// The soft limit on open descriptors.
    static func descriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(descriptorResource, &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)
    }

    /// Raises the soft limit on open descriptors to the hard limit; returns the new soft limit.
    static func raiseDescriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(descriptorResource, &limit) == 0 else { return 1024 }
        #if canImport(Darwin)
            // Darwin refuses more than OPEN_MAX for the soft limit, whatever the hard one says.
            let wanted = min(limit.rlim_max, rlim_t(OPEN_MAX))
        #else
            let wanted = limit.rlim_max
        #endif
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(descriptorResource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    private static var descriptorResource: Int32 {
        #if canImport(Glibc)
            return Int32(RLIMIT_NOFILE.rawValue)
        #else
            return RLIMIT_NOFILE
        #endif
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
