#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a host name into addresses: the system's resolver (`getaddrinfo`),
/// or a table in tests that need a name to resolve somewhere no DNS would.
package protocol HostResolver: Sendable {
    /// The host's addresses; empty when it has none.
    func addresses(of host: String) -> [IPAddress]
}

/// `getaddrinfo(3)`: /etc/hosts, then DNS, as every program on the host sees it.
package struct SystemResolver: HostResolver {
    package init() {}

    package func addresses(of host: String) -> [IPAddress] {
        if let literal = IPAddress(host) { return [literal] }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var result: [IPAddress] = []
        var node = list
        while let info = node?.pointee {
            if info.ai_family == AF_INET, let raw = info.ai_addr {
                var address = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    $0.pointee.sin_addr
                }
                if let ip = IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) }) {
                    result.append(ip)
                }
            } else if info.ai_family == AF_INET6, let raw = info.ai_addr {
                var address = raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_addr
                }
                if let ip = IPAddress(bytes: withUnsafeBytes(of: &address) { Array($0) }) {
                    result.append(ip)
                }
            }
            node = info.ai_next
        }
        var seen: Set<IPAddress> = []
        return result.filter { seen.insert($0).inserted }
    }
}
