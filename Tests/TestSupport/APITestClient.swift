import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One HTTP answer as the test client read it.
public struct APITestResponse: CustomStringConvertible {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: Data

    /// The body as a JSON object; fails the test's `try` when it is not one.
    public func object() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw APITestFailure("expected a JSON object, got \(text)")
        }
        return object
    }

    /// The `data` list of a list answer.
    public func list() throws -> [[String: Any]] {
        guard let list = try object()["data"] as? [[String: Any]] else {
            throw APITestFailure("expected {\"data\": [...]}, got \(text)")
        }
        return list
    }

    /// `code` of an error body.
    public var code: String? { (try? object())?["code"] as? String }

    /// `fields` of a validation error body.
    public var fields: [String: [String]] {
        ((try? object())?["fields"] as? [String: [String]]) ?? [:]
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    public var description: String { "\(status) \(text)" }
}

public struct APITestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A minimal HTTP/1.1 client over a loopback socket: one connection per
/// request (`Connection: close`), the path sent exactly as given, so tests
/// can send what URLSession would refuse or rewrite (`..`, overflowing ids).
public struct APITestClient: Sendable {
    public var port: UInt16

    public init(port: UInt16) {
        self.port = port
    }

    public func request(
        _ method: String, _ path: String, body: String? = nil, token: String? = nil,
        headers: [(String, String)] = [], contentType: String? = "application/json"
    ) throws -> APITestResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bodyBytes = Array((body ?? "").utf8)
        if body != nil, let contentType { head += "Content-Type: \(contentType)\r\n" }
        head += "Content-Length: \(bodyBytes.count)\r\n\r\n"
        return try exchange(Array(head.utf8) + bodyBytes)
    }

    /// Sends raw bytes and reads the answer until the server closes.
    public func exchange(_ bytes: [UInt8]) throws -> APITestResponse {
        let descriptor = try openConnection()
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Self.noSignal)
            }
            guard written > 0 else { throw APITestFailure("send failed: errno \(errno)") }
            offset += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, 0)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return try Self.parse(received)
    }

    /// A server that closes early must fail the send, not kill the test run with SIGPIPE.
    #if canImport(Glibc)
        private static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        private static let noSignal: Int32 = 0
    #endif

    private func openConnection() throws -> Int32 {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw APITestFailure("socket failed") }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(
            descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(
                descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            throw APITestFailure("connect to port \(port) failed: errno \(errno)")
        }
        return descriptor
    }

    private static func parse(_ bytes: [UInt8]) throws -> APITestResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard
            let end = bytes.indices.first(where: {
                Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator
            })
        else { throw APITestFailure("no complete response head in \(bytes.count) bytes") }
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw APITestFailure("bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        var body = Data(bytes[(end + 4)...])
        if let length = headers["content-length"].flatMap(Int.init), length <= body.count {
            body = body.prefix(length)
        }
        return APITestResponse(status: status, headers: headers, body: body)
    }
}
