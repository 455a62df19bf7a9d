import Foundation
import HabitConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A webhook receiver on 127.0.0.1 that takes a request and then stalls,
/// the way a slow or hostile one does: `hang` accepts and never answers,
/// `drip` answers one byte (never a whole status line) every `milliseconds`.
/// Either holds each connection until the client closes it, up to a bound
/// so that no thread outlives a test for long.
final class StallingReceiver: Sendable {
    enum Behaviour: Sendable {
        case hang
        case drip(milliseconds: Int32)
    }

    let port: UInt16
    private let listener: Int32
    private let behaviour: Behaviour
    /// Signalled once per request head read.
    private let requested = DispatchSemaphore(value: 0)
    private let requestCount = Locked(0)

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    func url(_ path: String = "/hook") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// How many request heads arrived.
    var requests: Int { requestCount.withLock { $0 } }

    /// Whether one more request head arrived within `seconds`.
    func waitForRequest(seconds: Double) -> Bool {
        requested.wait(timeout: .now() + seconds) == .success
    }

    /// Stops accepting; connections under way end when their client closes.
    func stop() {
        // Wakes the accept(2) under way, which then fails and ends the loop.
        // The loop closes the socket: closed here, its number could be
        // reused by another test's socket before the loop's next accept.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                close(listener)
                return
            }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        // A bound on every wait: the thread ends within 30 s whatever happens.
        var limit = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while head.range(of: Data("\r\n\r\n".utf8)) == nil, head.count < 65_536 {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            head.append(contentsOf: buffer.prefix(count))
        }
        requestCount.withLock { $0 += 1 }
        requested.signal()
        switch behaviour {
        case .hang:
            // Reads (and drops) until the client closes or the bound passes.
            while recv(client, &buffer, buffer.count, 0) > 0 {}
        case .drip(let milliseconds):
            for _ in 0..<(30_000 / max(1, Int(milliseconds))) {
                var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                if poll(&entry, 1, milliseconds) > 0 {
                    // Readable after the request: the client closed (or reset).
                    if recv(client, &buffer, buffer.count, 0) <= 0 { break }
                    continue
                }
                var byte: UInt8 = 0x48
                guard send(client, &byte, 1, Self.noSignal) == 1 else { break }
            }
        }
    }

    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif
}
