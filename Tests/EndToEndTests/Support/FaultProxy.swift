import Foundation
import HabitConcurrency
import HabitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP proxy on 127.0.0.1 in front of a real `habits-server`, making the
/// faults a real server cannot: a response lost after the server committed
/// the request, or a body rewritten on its way back.
///
/// Each request is forwarded whole on a fresh upstream connection
/// (`Connection: close`), the whole answer read, and then `decide` says what
/// the client gets: the answer, a rewritten one, or a connection reset with
/// nothing (`SO_LINGER` 0), exactly what a dropped network path looks like
/// after the server has done the work.
final class FaultProxy: Sendable {
    /// What the client gets for one request.
    enum Action: Sendable {
        case forward
        /// The server's answer is thrown away and the connection reset.
        case resetAfterForwarding
        /// The body is replaced (Content-Length fixed up).
        case rewriteBody(@Sendable (Data) -> Data)
        /// Answered here with `status` and a JSON `body`; the server never sees it.
        case answer(status: Int, body: String)
        /// The connection is reset before anything reaches the server: a
        /// device without a network path.
        case resetWithoutForwarding
        /// The head and half the body reach the server, then both
        /// connections are reset: a path lost in the middle of a request.
        case resetMidRequest
    }

    /// One request as seen on its way through.
    struct Request: Sendable {
        var method: String
        var target: String
        var headers: [String: String]
        var body: Data
    }

    let port: UInt16
    private let listener: Int32
    private let upstreamPort: UInt16
    private let decide: @Sendable (Request) -> Action
    private let seen = Locked<[Request]>([])
    private let running = Locked(true)

    /// Listens on a free port and forwards to 127.0.0.1:`upstreamPort`.
    init(upstreamPort: Int, decide: @escaping @Sendable (Request) -> Action) throws {
        self.upstreamPort = UInt16(upstreamPort)
        self.decide = decide
        let socket = try Self.makeSocket()
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && listen(socket, 64) == 0
                    && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw ProxyFailure("cannot listen: errno \(errno)")
        }
        listener = socket
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// The API's base URL through the proxy.
    var url: String { "http://127.0.0.1:\(port)/api/" }

    /// Every request that came through, in order.
    var requests: [Request] { seen.withLock { $0 } }

    func stop() {
        let wasRunning = running.withLock { value in
            defer { value = false }
            return value
        }
        // shutdown wakes the blocked accept; the descriptor is closed once.
        if wasRunning {
            shutdown(listener, Int32(SHUT_RDWR))
            close(listener)
        }
    }

    private func acceptLoop() {
        while running.withLock({ $0 }) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        var buffered = Data()
        while let request = Self.readRequest(client, buffered: &buffered) {
            seen.withLock { $0.append(request) }
            let action = decide(request)
            if case .answer(let status, let body) = action {
                let text =
                    "HTTP/1.1 \(status) Answer\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
                guard Self.write(Data(text.utf8), to: client) else { break }
                continue
            }
            if case .resetMidRequest = action {
                forwardHalf(request)
                Self.reset(client)
                break
            }
            if case .resetWithoutForwarding = action {
                var reset = linger(l_onoff: 1, l_linger: 0)
                setsockopt(
                    client, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
                break
            }
            guard let answer = forward(request) else { break }
            switch action {
            case .forward:
                guard Self.write(answer, to: client) else { break }
                continue
            case .rewriteBody(let rewrite):
                guard Self.write(Self.rewritten(answer, rewrite), to: client) else { break }
                continue
            case .answer, .resetWithoutForwarding, .resetMidRequest:
                continue
            case .resetAfterForwarding:
                var reset = linger(l_onoff: 1, l_linger: 0)
                setsockopt(
                    client, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
            }
            break
        }
        close(client)
    }

    /// Sends `request`'s head and the first half of its body upstream,
    /// then resets that connection.
    private func forwardHalf(_ request: Request) {
        guard let upstream = connectUpstream() else { return }
        let half = request.body.prefix(request.body.count / 2)
        _ = Self.write(Data(Self.head(of: request).utf8) + half, to: upstream)
        Self.reset(upstream)
        close(upstream)
    }

    /// Makes `socket`'s close a reset (`SO_LINGER` 0).
    private static func reset(_ socket: Int32) {
        var reset = linger(l_onoff: 1, l_linger: 0)
        setsockopt(socket, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
    }

    /// A new connection to the server, `nil` when it cannot be made.
    private func connectUpstream() -> Int32? {
        guard let upstream = try? Self.makeSocket() else { return nil }
        var address = Self.loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(upstream)
            return nil
        }
        return upstream
    }

    /// The request line and headers as forwarded (`connection: close`).
    private static func head(of request: Request) -> String {
        var head = "\(request.method) \(request.target) HTTP/1.1\r\n"
        for (name, value) in request.headers where name != "connection" {
            head += "\(name): \(value)\r\n"
        }
        return head + "connection: close\r\n\r\n"
    }

    /// Sends `request` upstream and reads the whole answer (the server closes).
    private func forward(_ request: Request) -> Data? {
        guard let upstream = connectUpstream() else { return nil }
        defer { close(upstream) }
        guard Self.write(Data(Self.head(of: request).utf8) + request.body, to: upstream) else {
            return nil
        }
        var answer = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(upstream, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            answer.append(contentsOf: chunk[0..<count])
        }
        return answer.isEmpty ? nil : answer
    }

    /// Reads one request (head and Content-Length body); `nil` at the end.
    private static func readRequest(_ socket: Int32, buffered: inout Data) -> Request? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = buffered.range(of: separator) {
                let headText = String(decoding: buffered[..<end.lowerBound], as: UTF8.self)
                var lines = headText.components(separatedBy: "\r\n")
                let requestLine = lines.removeFirst().split(separator: " ")
                guard requestLine.count == 3 else { return nil }
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                if buffered.count - end.upperBound >= length {
                    let bodyStart = end.upperBound
                    let body = Data(buffered[bodyStart..<(bodyStart + length)])
                    buffered = Data(buffered[(bodyStart + length)...])
                    return Request(
                        method: String(requestLine[0]), target: String(requestLine[1]),
                        headers: headers, body: body)
                }
            }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return nil }
            buffered.append(contentsOf: chunk[0..<count])
        }
    }

    /// `answer` with its body rewritten and Content-Length set to match.
    private static func rewritten(_ answer: Data, _ rewrite: (Data) -> Data) -> Data {
        guard let end = answer.range(of: Data("\r\n\r\n".utf8)) else { return answer }
        let body = rewrite(Data(answer[end.upperBound...]))
        let lines = String(decoding: answer[..<end.lowerBound], as: UTF8.self)
            .components(separatedBy: "\r\n")
            .filter { !$0.lowercased().hasPrefix("content-length:") }
        let head = (lines + ["Content-Length: \(body.count)"]).joined(separator: "\r\n")
        return Data((head + "\r\n\r\n").utf8) + body
    }

    private static func write(_ data: Data, to socket: Int32) -> Bool {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { bytes in
                send(socket, bytes.baseAddress! + offset, bytes.count - offset, Self.noSignal)
            }
            if sent < 0 && errno == EINTR { continue }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    private static func makeSocket() throws -> Int32 {
        #if canImport(Glibc)
            let streams = Int32(SOCK_STREAM.rawValue)
        #else
            let streams = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, streams, 0)
        guard descriptor >= 0 else { throw ProxyFailure("socket: errno \(errno)") }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        return descriptor
    }

    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    struct ProxyFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
