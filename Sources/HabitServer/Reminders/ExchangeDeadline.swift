import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The moment one delivery's exchange must be over by: connecting, sending
/// and the answer share it, so a receiver that answers one byte at a time
/// cannot stretch the exchange past it (a timeout per read could).
///
/// Read on the monotonic clock: the exchange is real network time, whatever
/// the server's injected clock says.
struct ExchangeDeadline {
    private let end: UInt64

    init(seconds: Double) {
        let nanoseconds = UInt64(max(0, seconds) * 1_000_000_000)
        end = DispatchTime.now().uptimeNanoseconds &+ nanoseconds
    }

    var hasPassed: Bool { DispatchTime.now().uptimeNanoseconds >= end }

    /// Milliseconds left, rounded up so a wait never ends just before the deadline.
    var remainingMilliseconds: Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now < end else { return 0 }
        return Int32(min((end - now + 999_999) / 1_000_000, UInt64(Int32.max)))
    }

    /// Waits until `socket` is ready for `events` (`POLLIN`, `POLLOUT`);
    /// `false` once the deadline has passed first. A socket in error counts
    /// as ready: the read or write that follows reports it.
    func wait(_ socket: Int32, for events: Int16) -> Bool {
        while true {
            let left = remainingMilliseconds
            guard left > 0 else { return false }
            var entry = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&entry, 1, left)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return false }
        }
    }
}
