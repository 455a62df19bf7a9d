#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted TCP connection, with blocking reads bounded by deadlines.
///
/// Reads wait in `poll(2)` on the socket and the server's wake signal, so a
/// thread blocked on an idle client notices shutdown at once.
struct ConnectionSocket: Sendable {
    /// What ended a wait for input.
    enum Readiness: Equatable {
        /// Bytes (or the end of the stream, or an error) can be read.
        case readable
        /// The deadline passed first.
        case timedOut
        /// The wake signal fired first.
        case woken
    }

    let fd: Int32

    /// Waits until the socket has input, `deadline` passes, or `wake` fires.
    func waitForInput(until deadline: ContinuousClock.Instant, wake: Int32?) -> Readiness {
        withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { fds in
            // poll(2) skips entries with a negative descriptor.
            fds[0] = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            fds[1] = pollfd(fd: wake ?? -1, events: Int16(POLLIN), revents: 0)
            while true {
                let timeout = SystemCall.pollTimeout(until: deadline)
                let ready = poll(fds.baseAddress, 2, timeout)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .readable  // Let the read report what is wrong with the socket.
                }
                if fds[0].revents != 0 { return .readable }
                if fds[1].revents != 0 { return .woken }
                if timeout == 0 || ContinuousClock.now >= deadline { return .timedOut }
            }
        }
    }

    /// Reads what is available into `buffer`: the byte count, 0 at the end of
    /// the stream, or nil when the connection failed.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Writes all of `bytes`; false when the peer is gone or stopped reading
    /// for longer than the write timeout.
    func send(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = systemSend(fd, base + offset, bytes.count - offset, SystemCall.sendFlags)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { send($0) }
    }

    /// Closes after sending a final response, without discarding it.
    ///
    /// Closing a socket with unread input makes TCP send a reset, which can
    /// destroy the response before the client reads it. So the write side is
    /// shut first, and input is read and dropped until the client closes, up
    /// to `maxBytes` or `deadline`.
    func closeGracefully(maxBytes: Int, deadline: ContinuousClock.Instant) {
        #if canImport(Glibc)
            _ = shutdown(fd, Int32(SHUT_WR))
        #else
            _ = shutdown(fd, SHUT_WR)
        #endif
        var discarded = 0
        withUnsafeTemporaryAllocation(byteCount: 16_384, alignment: 1) { buffer in
            while discarded < maxBytes, waitForInput(until: deadline, wake: nil) == .readable {
                guard let count = receive(into: buffer), count > 0 else { break }
                discarded += count
            }
        }
        close()
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
