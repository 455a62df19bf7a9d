#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 or IPv6 address as its bytes, read and written by the platform
/// (`inet_pton`, `inet_ntop`), and whether it is on the public internet.
package struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 (IPv6), network order.
    package let bytes: [UInt8]

    package init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// A literal address: `192.0.2.1`, `2001:db8::1` (no brackets, no zone).
    package init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
            return
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return
        }
        return nil
    }

    package var isIPv4: Bool { bytes.count == 4 }

    package var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        _ = bytes.withUnsafeBytes {
            inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count))
        }
        return String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Why the address is not a public one, or `nil` when it is: loopback,
    /// private (RFC 1918), link-local, shared (CGNAT, RFC 6598), unique
    /// local (fc00::/7), unspecified, IPv4-mapped or -translated IPv6,
    /// multicast, and the reserved and documentation blocks.
    package var nonPublicKind: String? {
        if isIPv4 { return Self.v4Kind(bytes) }
        let b = bytes
        if b.allSatisfy({ $0 == 0 }) { return "unspecified" }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return "loopback" }
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF {
            return "IPv4-mapped"
        }
        // ::a.b.c.d (deprecated IPv4-compatible) and 64:ff9b::/96 (NAT64).
        if b[0..<12].allSatisfy({ $0 == 0 }) { return "IPv4-compatible" }
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xFF && b[3] == 0x9B { return "IPv4-translated" }
        if b[0] & 0xFE == 0xFC { return "unique local" }
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return "link-local" }
        if b[0] == 0xFE && b[1] & 0xC0 == 0xC0 { return "site-local" }
        if b[0] == 0xFF { return "multicast" }
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0D && b[3] == 0xB8 { return "documentation" }
        if b[0] == 0x20 && b[1] == 0x02 { return "6to4" }
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0 { return "Teredo" }
        return nil
    }

    private static func v4Kind(_ b: [UInt8]) -> String? {
        switch (b[0], b[1]) {
        case (0, _): return "unspecified"
        case (127, _): return "loopback"
        case (10, _): return "private"
        case (172, 16...31): return "private"
        case (192, 168): return "private"
        case (169, 254): return "link-local"
        case (100, 64...127): return "shared (CGNAT)"
        case (192, 0) where b[2] == 0: return "reserved"
        case (192, 0) where b[2] == 2: return "documentation"
        case (198, 18...19): return "benchmarking"
        case (198, 51) where b[2] == 100: return "documentation"
        case (203, 0) where b[2] == 113: return "documentation"
        case (224...239, _): return "multicast"
        case (240...255, _): return "reserved"
        default: return nil
        }
    }
}
