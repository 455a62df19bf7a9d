import Foundation
import HabitConcurrency
import HabitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (port 0) that answers each request with
/// scripted bytes, so the client meets faults over a real socket: a reset in
/// the middle of a response, a truncated body, an HTML error page.
///
/// One connection at a time, each closed after its reply (`Connection: close`).
final class FaultHTTPServer: Sendable {
    /// A request as received.
    struct Request: Sendable {
        var method: String
        /// Path and query as sent: "/api/me/habits/?status=ACTIVE".
        var target: String
        /// Header fields by lower-case name.
        var headers: [String: String]
        var body: Data
    }

    /// What to do with one request.
    enum Reply: Sendable {
        /// Send these bytes, then close normally.
        case bytes(Data)
        /// Send these bytes, then reset the connection (TCP RST).
        case bytesThenReset(Data)
        /// Say nothing and keep the connection open until the server stops.
        case silence

        /// A complete response with Content-Length and Connection: close.
        static func http(
            _ status: Int, headers: [String: String] = [:], body: String = ""
        ) -> Reply {
            .bytes(raw(status, headers: headers, body: Data(body.utf8)))
        }

        /// A response head announcing `declaredLength` body bytes, then only
        /// `body`, then a reset.
        static func truncated(_ status: Int, declaredLength: Int, body: String) -> Reply {
            var head = raw(status, headers: [:], body: Data())
            // Replace the Content-Length of the empty body by the declared one.
            let text = String(decoding: head, as: UTF8.self).replacingOccurrences(
                of: "Content-Length: 0", with: "Content-Length: \(declaredLength)")
            head = Data(text.utf8)
            return .bytesThenReset(head + Data(body.utf8))
        }

        static func raw(_ status: Int, headers: [String: String], body: Data) -> Data {
            var text = "HTTP/1.1 \(status) Status\r\n"
            var fields = headers
            if fields["Content-Type"] == nil {
                fields["Content-Type"] = "application/json; charset=utf-8"
            }
            fields["Content-Length"] = String(body.count)
            fields["Connection"] = "close"
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                text += "\(name): \(value)\r\n"
            }
            text += "\r\n"
            return Data(text.utf8) + body
        }
    }

    let port: UInt16
    private let listener: Int32
    private let received = Locked<[Request]>([])
    private let silentConnections = Locked<[Int32]>([])
    private let finished = DispatchSemaphore(value: 0)

    /// Starts listening; `handler` picks the reply for each request.
    init(handler: @escaping @Sendable (Request) -> Reply) throws {
        #if canImport(Glibc)
            let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socketFD = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socketFD >= 0 else { throw POSIXFailure(call: "socket", code: errno) }
        var yes: Int32 = 1
        setsockopt(
            socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(socketFD, 16) == 0 else {
            let code = errno
            close(socketFD)
            throw POSIXFailure(call: "bind/listen", code: code)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(socketFD, $0, &length)
            }
        }
        port = UInt16(bigEndian: actual.sin_port)
        listener = socketFD
        let thread = Thread { [self] in
            serve(handler: handler)
            finished.signal()
        }
        thread.start()
    }

    /// The base URL of the API on this server.
    var baseURL: String { "http://127.0.0.1:\(port)/api/" }

    /// Every request received so far, in order.
    var requests: [Request] { received.withLock { $0 } }

    /// Stops accepting and waits for the serving thread to end.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        for connection in silentConnections.withLock({ $0 }) { close(connection) }
    }

    private func serve(handler: @Sendable (Request) -> Reply) {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            guard let request = Self.readRequest(connection) else {
                close(connection)
                continue
            }
            received.withLock { $0.append(request) }
            switch handler(request) {
            case .bytes(let data):
                Self.writeAll(data, to: connection)
                close(connection)
            case .bytesThenReset(let data):
                Self.writeAll(data, to: connection)
                // Linger 0: close sends RST instead of FIN.
                var option = linger(l_onoff: 1, l_linger: 0)
                setsockopt(
                    connection, SOL_SOCKET, SO_LINGER, &option,
                    socklen_t(MemoryLayout<linger>.size))
                close(connection)
            case .silence:
                silentConnections.withLock { $0.append(connection) }
            }
        }
    }

    private static func readRequest(_ connection: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        var expected = 0
        while true {
            if let end = headEnd, data.count - end.upperBound >= expected { break }
            let count = buffer.withUnsafeMutableBytes {
                recv(connection, $0.baseAddress, $0.count, 0)
            }
            if count <= 0 { return nil }
            data.append(contentsOf: buffer[0..<count])
            if headEnd == nil, let end = data.range(of: separator) {
                headEnd = end
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
                for line in head.split(separator: "\r\n").dropFirst() {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].lowercased() == "content-length" {
                        expected = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0
                    }
                }
            }
        }
        guard let end = headEnd else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 {
                headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        let body = data[end.upperBound...].prefix(expected)
        return Request(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers,
            body: Data(body))
    }

    private static func writeAll(_ data: Data, to connection: Int32) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes {
                send(connection, $0.baseAddress.map { $0 + offset }, $0.count - offset, 0)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

/// A failed system call in a test fixture.
struct POSIXFailure: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
}
