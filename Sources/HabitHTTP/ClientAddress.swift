#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client's IP address, the unit of the per-client connection limit and
/// of the application's per-client limits.
///
/// Held as the 16 bytes of an IPv6 address; an IPv4 address is kept in its
/// IPv4-mapped form (::ffff:a.b.c.d), so a client counts once whichever way
/// a dual-stack socket reports it.
package struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
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

    /// The address written as text, `192.0.2.1` or `2001:db8::1` (an IPv6
    /// address may carry brackets, as `X-Forwarded-For` sometimes has it);
    /// nil for anything else, a port or a zone included.
    package init?(parsing text: some StringProtocol) {
        var text = String(text)
        if text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        guard !text.isEmpty, text.utf8.count <= 45 else { return nil }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, text, &ipv4) == 1 {
            let raw = UInt32(bigEndian: ipv4.s_addr)
            self.init(
                ipv4: (
                    UInt8(raw >> 24), UInt8(raw >> 16 & 0xFF), UInt8(raw >> 8 & 0xFF),
                    UInt8(raw & 0xFF)
                ))
            return
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, text, &ipv6) == 1 else { return nil }
        self.init(ipv6: withUnsafeBytes(of: ipv6) { Array($0) })
    }

    /// Whether this is an IPv4 address (kept IPv4-mapped).
    package var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// The first `bits` bits of the address, the rest zero; an IPv4 address
    /// counts its bits from its own 32 (so `/24` of 192.0.2.7 is 192.0.2.0).
    package func prefix(_ bits: Int) -> ClientAddress {
        let total = isIPv4 ? 96 + min(max(bits, 0), 32) : min(max(bits, 0), 128)
        func mask(_ keep: Int) -> UInt64 { keep <= 0 ? 0 : keep >= 64 ? .max : ~(.max >> keep) }
        var copy = self
        copy.high &= mask(total)
        copy.low &= mask(total - 64)
        return copy
    }

    /// `192.0.2.1` or `2001:db8::1`: inet_ntop's text.
    package var description: String {
        if isIPv4 {
            return "\(low >> 24 & 0xFF).\(low >> 16 & 0xFF).\(low >> 8 & 0xFF).\(low & 0xFF)"
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(high >> (56 - 8 * index) & 0xFF)
            bytes[index + 8] = UInt8(low >> (56 - 8 * index) & 0xFF)
        }
        var address = in6_addr()
        withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else {
            return "?"
        }
        return String(
            decoding: text.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether this is 127.0.0.0/8 (also IPv4-mapped) or ::1.
    package var isLoopback: Bool {
        let mappedIPv4 = high == 0 && low >> 32 == 0xFFFF
        if mappedIPv4 { return low >> 24 & 0xFF == 127 }
        return high == 0 && low == 1
    }
}
