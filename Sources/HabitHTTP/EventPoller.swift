#if canImport(Glibc)
    import Glibc
    import CEventPoll
#elseif canImport(Darwin)
    import Darwin
#endif

/// Readiness of many descriptors at once: epoll(7) on Linux, kqueue(2) on
/// macOS, edge-triggered on both.
///
/// Edge-triggered means an event reports that a descriptor *became* readable
/// or writable; the owner reads (or writes) until the call would block before
/// it can expect another. That saves a system call per state change (no
/// re-arming), and lets a connection leave input unread while a request is
/// answered without being woken again and again for it.
///
/// Used from one thread: the loop that owns it.
final class EventPoller {
    /// What `wait` reports about one descriptor.
    struct Event {
        var token: UInt64
        /// Readable, at the end of its input, or failed: a read will say which.
        var readable: Bool
        /// Writable or failed: a write will say which.
        var writable: Bool
    }

    private static let capacity = 256
    private let fd: Int32
    #if canImport(Glibc)
        private let events: UnsafeMutablePointer<epoll_event>
    #else
        private let events: UnsafeMutablePointer<kevent>
    #endif

    init() throws(HTTPServerError) {
        #if canImport(Glibc)
            fd = epoll_create1(Int32(EPOLL_CLOEXEC))
            guard fd >= 0 else {
                throw .socketFailure(
                    operation: "epoll_create1", reason: SystemCall.errorText(errno))
            }
            events = .allocate(capacity: Self.capacity)
        #else
            fd = kqueue()
            guard fd >= 0 else {
                throw .socketFailure(operation: "kqueue", reason: SystemCall.errorText(errno))
            }
            SystemCall.setCloseOnExec(fd)
            events = .allocate(capacity: Self.capacity)
        #endif
    }

    deinit {
        events.deallocate()
        SystemCall.close(fd)
    }

    /// Watches `descriptor` for input, and for room to write when `writes`,
    /// reporting it as `token`. Closing the descriptor stops the watch.
    func add(_ descriptor: Int32, token: UInt64, writes: Bool) -> Bool {
        #if canImport(Glibc)
            var event = epoll_event()
            event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
            if writes { event.events |= EPOLLOUT.rawValue }
            event.data.u64 = token
            return epoll_ctl(fd, EPOLL_CTL_ADD, descriptor, &event) == 0
        #else
            let udata = UnsafeMutableRawPointer(bitPattern: UInt(token))
            var changes = [
                kevent(
                    ident: UInt(descriptor), filter: Int16(EVFILT_READ),
                    flags: UInt16(EV_ADD | EV_CLEAR), fflags: 0, data: 0, udata: udata),
                kevent(
                    ident: UInt(descriptor), filter: Int16(EVFILT_WRITE),
                    flags: UInt16(EV_ADD | EV_CLEAR), fflags: 0, data: 0, udata: udata),
            ]
            return kevent(fd, &changes, writes ? 2 : 1, nil, 0, nil) == 0
        #endif
    }

    /// Waits up to `timeoutMilliseconds` (-1: without limit) and passes each
    /// event to `body`; returns how many there were.
    @discardableResult
    func wait(timeoutMilliseconds: Int32, _ body: (Event) -> Void) -> Int {
        #if canImport(Glibc)
            let count = epoll_wait(fd, events, Int32(Self.capacity), timeoutMilliseconds)
            guard count > 0 else { return 0 }  // A signal (EINTR) or the timeout.
            let input =
                EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue
            let output = EPOLLOUT.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue
            for index in 0..<Int(count) {
                let event = events[index]
                body(
                    Event(
                        token: event.data.u64, readable: event.events & input != 0,
                        writable: event.events & output != 0))
            }
            return Int(count)
        #else
            var timeout = timespec(
                tv_sec: Int(timeoutMilliseconds / 1000),
                tv_nsec: Int(timeoutMilliseconds % 1000) * 1_000_000)
            let count = withUnsafePointer(to: &timeout) { pointer in
                kevent(
                    fd, nil, 0, events, Int32(Self.capacity),
                    timeoutMilliseconds < 0 ? nil : pointer)
            }
            guard count > 0 else { return 0 }
            for index in 0..<Int(count) {
                let event = events[index]
                let token = UInt64(UInt(bitPattern: event.udata))
                let failed = event.flags & UInt16(EV_ERROR) != 0
                let isRead = event.filter == Int16(EVFILT_READ)
                body(Event(token: token, readable: isRead || failed, writable: !isRead || failed))
            }
            return Int(count)
        #endif
    }
}
