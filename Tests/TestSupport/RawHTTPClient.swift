import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A test client that writes raw bytes to a loopback socket and reads
/// responses byte-exactly, so tests can send what no HTTP library would.
///
/// Every read gives up after `readTimeout`, so a server bug fails the test
/// instead of hanging it.
package final class RawHTTPClient {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// One response as received.
    package struct Response {
        package var status: Int
        package var headers: [(name: String, value: String)]
        package var body: Data

        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// The body as a JSON object, or nil if it is not one.
        package var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        }
    }

    private let fd: Int32
    private var buffered: [UInt8] = []

    /// Connects to `host` (127.0.0.1 by default, or "::1") at `port`.
    package init(port: UInt16, host: String = "127.0.0.1", readTimeout: TimeInterval = 10) throws {
        let isIPv6 = host.contains(":")
        #if canImport(Glibc)
            let streamKind = Int32(SOCK_STREAM.rawValue)
        #else
            let streamKind = SOCK_STREAM
        #endif
        // A local until connected: once `fd` is set the object is fully initialised, and
        // throwing would run deinit, closing the descriptor a second time, by then perhaps
        // reused by another test's socket.
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, streamKind, 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var timeout = timeval()
        timeout.tv_sec = .init(readTimeout)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            _ = inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect to \(host) port \(port): errno \(code)")
        }
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { raw in
                #if canImport(Glibc)
                    Glibc.send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(fd, raw.baseAddress, raw.count, 0)
                #endif
            }
            guard written > 0 else { throw Failure(description: "send: errno \(errno)") }
            offset += written
        }
    }

    /// Reads one response: status line, headers, and a Content-Length body,
    /// which the answer to a HEAD request (`answeringHEAD`) does not have.
    package func readResponse(answeringHEAD: Bool = false) throws -> Response {
        var end = headEnd()
        while end == nil {
            guard try fill() else {
                throw Failure(description: "connection closed before a response")
            }
            end = headEnd()
        }
        guard let end else { throw Failure(description: "unreachable") }
        let head = String(decoding: buffered[..<end], as: UTF8.self)
        buffered.removeFirst(end + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1])
        else { throw Failure(description: "bad status line in \(head)") }
        let headers = lines.map { line -> (name: String, value: String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (
                String(parts[0]),
                parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            )
        }
        var response = Response(status: status, headers: headers, body: Data())
        let length = answeringHEAD ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffered.count < length {
            guard try fill() else { throw Failure(description: "connection closed inside a body") }
        }
        response.body = Data(buffered[..<length])
        buffered.removeFirst(length)
        return response
    }

    /// Whether the server closed the connection with nothing more to read:
    /// reads until the end of the stream.
    package func readsEndOfStream() throws -> Bool {
        while try fill() {}
        return buffered.isEmpty
    }

    /// Whether bytes (or the end of the stream) are waiting, without waiting for any.
    package func hasInputPending() -> Bool {
        hasInput(withinMilliseconds: 0)
    }

    /// Whether bytes (or the end of the stream) arrive within the given time.
    package func hasInput(withinMilliseconds milliseconds: Int32) -> Bool {
        if !buffered.isEmpty { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    private func headEnd() -> Int? {
        buffered.indices.dropLast(3).first { index in
            buffered[index] == 13 && buffered[index + 1] == 10 && buffered[index + 2] == 13
                && buffered[index + 3] == 10
        }
    }

    /// Reads more bytes into the buffer; false at the end of the stream (or a reset).
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            buffered.append(contentsOf: chunk[..<count])
            return true
        }
        if count == 0 || errno == ECONNRESET { return false }
        throw Failure(description: "recv: errno \(errno) (a timeout is EAGAIN)")
    }
}
