import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's outbound HTTP/1.1 client: one POST per connection, to an
/// address the `TargetPolicy` checked just before connecting (so a name
/// cannot be re-pointed between the check and the connection).
///
/// One deadline bounds the whole exchange (connecting, sending, the answer,
/// across the addresses tried): the socket is non-blocking and every wait
/// is a `poll` for what is left of it, so a receiver that accepts and never
/// answers, or answers a byte at a time, costs at most `deadline` seconds.
/// The answer's status line is all it reads.
package struct SocketPoster: OutboundPoster {
    package var policy: TargetPolicy
    package var resolver: any HostResolver
    /// Seconds one POST may take in all.
    package var deadline: Double
    /// The longest status line read; a longer one is not HTTP.
    static let statusLineLimit = 1_024

    package init(
        policy: TargetPolicy, resolver: any HostResolver = SystemResolver(), deadline: Double = 10
    ) {
        self.policy = policy
        self.resolver = resolver
        self.deadline = deadline
    }

    package func post(url: String, headers: [(String, String)], body: Data) -> Result<
        Int, PostFailure
    > {
        let deadline = ExchangeDeadline(seconds: self.deadline)
        let endpoint: TargetPolicy.Endpoint
        let addresses: [IPAddress]
        do throws(TargetPolicy.Refusal) {
            endpoint = try policy.endpoint(url)
            addresses = try policy.check(resolver.addresses(of: endpoint.host), endpoint: endpoint)
        } catch {
            return .failure(PostFailure(error.description))
        }
        var request = "POST \(endpoint.pathAndQuery) HTTP/1.1\r\nHost: \(endpoint.authority)\r\n"
        request += "User-Agent: habits-server\r\nConnection: close\r\n"
        request += "Content-Length: \(body.count)\r\n"
        for (name, value) in headers {
            // Our own header values; line breaks could never be meant.
            let clean = value.filter { $0 != "\r" && $0 != "\n" }
            request += "\(name): \(clean)\r\n"
        }
        request += "\r\n"
        var bytes = Data(request.utf8)
        bytes.append(body)
        var lastFailure = PostFailure("The host \(endpoint.host) could not be reached.")
        for address in addresses.prefix(4) {
            guard !deadline.hasPassed else { break }
            switch exchange(bytes, with: address, endpoint: endpoint, deadline: deadline) {
            case .success(let status): return .success(status)
            case .failure(let failure): lastFailure = failure
            }
        }
        if deadline.hasPassed { return .failure(timedOut(endpoint)) }
        return .failure(lastFailure)
    }

    private func timedOut(_ endpoint: TargetPolicy.Endpoint) -> PostFailure {
        let seconds = deadline == deadline.rounded() ? String(Int(deadline)) : String(deadline)
        return PostFailure("\(endpoint.host) did not answer with HTTP in time (\(seconds) s).")
    }

    private func exchange(
        _ request: Data, with address: IPAddress, endpoint: TargetPolicy.Endpoint,
        deadline: ExchangeDeadline
    ) -> Result<Int, PostFailure> {
        guard let socket = connect(to: address, port: endpoint.port, deadline: deadline) else {
            return .failure(
                PostFailure("Could not connect to \(endpoint.host) port \(endpoint.port)."))
        }
        defer { close(socket) }
        let stream: any ByteStream
        if endpoint.secure {
            switch TLSStream.open(socket: socket, host: endpoint.host, deadline: deadline) {
            case .success(let tls): stream = tls
            case .failure(let failure): return .failure(failure)
            }
        } else {
            stream = PlainStream(socket: socket, deadline: deadline)
        }
        guard stream.write(request) else {
            if deadline.hasPassed { return .failure(timedOut(endpoint)) }
            return .failure(PostFailure("The connection to \(endpoint.host) broke while sending."))
        }
        var answer = Data()
        while answer.count < Self.statusLineLimit, !answer.contains(10) {
            guard let chunk = stream.read(maximum: 512), !chunk.isEmpty else { break }
            answer.append(chunk)
        }
        // "HTTP/1.1 204 No Content"
        let line = String(decoding: answer.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = line.split(separator: " ")
        guard answer.contains(10), parts.count >= 2, parts[0].hasPrefix("HTTP/1."),
            let status = Int(parts[1]), (100...599).contains(status)
        else {
            if deadline.hasPassed { return .failure(timedOut(endpoint)) }
            return .failure(PostFailure("\(endpoint.host) did not answer with HTTP."))
        }
        return .success(status)
    }

    /// A connected non-blocking TCP socket, or `nil` when it did not connect
    /// before `deadline`.
    private func connect(to address: IPAddress, port: UInt16, deadline: ExchangeDeadline)
        -> Int32?
    {
        #if canImport(Glibc)
            let streamType = Int32(SOCK_STREAM.rawValue)
        #else
            let streamType = SOCK_STREAM
        #endif
        let family = address.isIPv4 ? AF_INET : AF_INET6
        let descriptor = socket(family, streamType, 0)
        guard descriptor >= 0 else { return nil }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        #if canImport(Darwin)
            // Darwin has no MSG_NOSIGNAL: the socket itself never raises SIGPIPE.
            var on: Int32 = 1
            setsockopt(
                descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var connected: Int32
        if address.isIPv4 {
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin_addr) {
                $0.copyBytes(from: address.bytes)
            }
            connected = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        } else {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = port.bigEndian
            withUnsafeMutableBytes(of: &socketAddress.sin6_addr) {
                $0.copyBytes(from: address.bytes)
            }
            connected = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        if connected != 0 && errno == EINPROGRESS && deadline.wait(descriptor, for: Int16(POLLOUT))
        {
            // Whether the connection came about: its pending error, 0 when it did.
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            connected =
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 ? error : -1
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}

/// Bytes in and out of a connection, plain or TLS.
protocol ByteStream {
    /// Writes all of `data`; `false` when the connection failed.
    func write(_ data: Data) -> Bool
    /// Up to `maximum` bytes; empty at the end, `nil` on failure.
    func read(maximum: Int) -> Data?
}

/// A plain TCP connection on a non-blocking socket: every wait is for
/// what is left of `deadline`.
struct PlainStream: ByteStream {
    let socket: Int32
    let deadline: ExchangeDeadline

    func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(
                    socket, buffer.baseAddress! + offset, buffer.count - offset, noSignal
                )
                if sent > 0 {
                    offset += sent
                } else if sent < 0 && isWouldBlock(errno) {
                    guard deadline.wait(socket, for: Int16(POLLOUT)) else { return false }
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
    }

    func read(maximum: Int) -> Data? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = recv(socket, &buffer, maximum, 0)
            if count >= 0 { return Data(buffer.prefix(count)) }
            if isWouldBlock(errno) {
                guard deadline.wait(socket, for: Int16(POLLIN)) else { return nil }
            } else if errno != EINTR {
                return nil
            }
        }
    }
}

/// Whether `code` says a non-blocking call would have had to wait.
func isWouldBlock(_ code: Int32) -> Bool {
    code == EAGAIN || code == EWOULDBLOCK
}

/// connect(2), by its name on each platform.
private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t)
    -> Int32
{
    #if canImport(Glibc)
        Glibc.connect(socket, address, length)
    #else
        Darwin.connect(socket, address, length)
    #endif
}

/// send(2)'s flag that keeps a closed peer from raising SIGPIPE (Linux).
#if canImport(Glibc)
    private let noSignal = Int32(MSG_NOSIGNAL)
#else
    private let noSignal: Int32 = 0
#endif
