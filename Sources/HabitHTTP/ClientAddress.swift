#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client's IP address, the unit of the per-client connection limit.
///
/// Held as the 16 bytes of an IPv6 address; an IPv4 address is kept in its
/// IPv4-mapped form (::ffff:a.b.c.d), so a client counts once whichever way
/// a dual-stack socket reports it.
struct ClientAddress: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    /// The IPv4 address `a.b.c.d` given as its four bytes.
    init(ipv4 bytes: (UInt8, UInt8, UInt8, UInt8)) {
        high = 0
        low =
            0xFFFF_0000_0000 | UInt64(bytes.0) << 24 | UInt64(bytes.1) << 16 | UInt64(bytes.2) << 8
            | UInt64(bytes.3)
    }

    /// The IPv6 address given as its 16 bytes in network order.
    init(ipv6 bytes: [UInt8]) {
        precondition(bytes.count == 16)
        high = bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        low = bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The address of the peer in `storage` (what accept(2) filled), or nil
    /// for a family other than IPv4 and IPv6.
    init?(_ storage: sockaddr_storage) {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            let raw = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
                }
            }
            self.init(
                ipv4: (
                    UInt8(raw >> 24), UInt8(raw >> 16 & 0xFF), UInt8(raw >> 8 & 0xFF),
                    UInt8(raw & 0xFF)
                ))
        case AF_INET6:
            let bytes = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    withUnsafeBytes(of: address.pointee.sin6_addr) { Array($0) }
                }
            }
            self.init(ipv6: bytes)
        default:
            return nil
        }
    }

    /// Whether this is 127.0.0.0/8 (also IPv4-mapped) or ::1.
    var isLoopback: Bool {
        let mappedIPv4 = high == 0 && low >> 32 == 0xFFFF
        if mappedIPv4 { return low >> 24 & 0xFF == 127 }
        return high == 0 && low == 1
    }
}
