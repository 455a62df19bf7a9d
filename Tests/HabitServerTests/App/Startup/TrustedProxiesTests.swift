import HabitHTTP
import Testing

@testable import HabitServer

/// Finding the client behind trusted proxies: the right-most untrusted hop.
@Suite struct TrustedProxiesTests {
    private func address(_ text: String) -> ClientAddress? { ClientAddress(parsing: text) }

    private let proxies = TrustedProxies(networks: [
        TrustedProxies.Network(parsing: "127.0.0.1")!,
        TrustedProxies.Network(parsing: "10.0.0.0/8")!,
        TrustedProxies.Network(parsing: "fd00::/8")!,
    ])

    @Test func anUntrustedPeerIsTheClientWhateverItForwards() {
        let peer = address("198.51.100.1")
        #expect(proxies.client(peer: peer, forwardedFor: ["203.0.113.5"]) == peer)
        #expect(
            TrustedProxies().client(peer: address("127.0.0.1"), forwardedFor: ["203.0.113.5"])
                == address("127.0.0.1"))
    }

    @Test func theRightMostUntrustedHopIsTheClient() {
        let peer = address("127.0.0.1")
        #expect(proxies.client(peer: peer, forwardedFor: ["203.0.113.5"]) == address("203.0.113.5"))
        // The client wrote 1.2.3.4 itself; the proxies appended the rest.
        #expect(
            proxies.client(peer: peer, forwardedFor: ["1.2.3.4, 203.0.113.5", "10.1.2.3"])
                == address("203.0.113.5"))
        #expect(
            proxies.client(peer: peer, forwardedFor: ["1.2.3.4,203.0.113.5 , fd00::7"])
                == address("203.0.113.5"))
        #expect(
            proxies.client(peer: peer, forwardedFor: ["[2001:db8::9]"]) == address("2001:db8::9"))
        // Nothing forwarded, or only proxies: the left-most proxy is as far as one can see.
        #expect(proxies.client(peer: peer, forwardedFor: []) == peer)
        #expect(
            proxies.client(peer: peer, forwardedFor: ["10.0.0.2, 10.0.0.3"]) == address("10.0.0.2"))
        // Garbage stops the walk at the last trusted hop.
        #expect(proxies.client(peer: peer, forwardedFor: ["203.0.113.5, unknown"]) == peer)
        #expect(
            proxies.client(peer: peer, forwardedFor: ["junk, 10.0.0.9"]) == address("10.0.0.9"))
    }

    @Test func networksParseAddressesAndPrefixes() {
        #expect(
            TrustedProxies.Network(parsing: "10.0.0.0/8")?.contains(address("10.255.1.1")!) == true)
        #expect(
            TrustedProxies.Network(parsing: "10.0.0.0/8")?.contains(address("11.0.0.1")!) == false)
        #expect(TrustedProxies.Network(parsing: "::1")?.contains(address("::1")!) == true)
        #expect(TrustedProxies.Network(parsing: "::/0")?.contains(address("10.0.0.1")!) == false)
        #expect(
            TrustedProxies.Network(parsing: "0.0.0.0/0")?.contains(address("10.0.0.1")!) == true)
        for bad in [
            "", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/+8", "host.example", "10.0.0.1:80",
            "fd00::/129", "10.0.0.0/",
        ] {
            #expect(TrustedProxies.Network(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func addressesReadAndPrintAsInetPtonAndNtopDo() {
        #expect(address("192.0.2.1")?.description == "192.0.2.1")
        #expect(address("2001:DB8::1")?.description == "2001:db8::1")
        #expect(address("::ffff:192.0.2.1") == address("192.0.2.1"))
        #expect(address("2001:db8:1:2:3:4:5:6")?.prefix(64).description == "2001:db8:1:2::")
        #expect(address("192.0.2.77")?.prefix(24).description == "192.0.2.0")
        for bad in ["", "1.2.3", "1.2.3.4.5", "::g", "example.com", "1.2.3.4 ", "fe80::1%eth0"] {
            #expect(address(bad) == nil, "\(bad)")
        }
    }
}
