import Foundation
import Testing

@testable import HabitServer

@Suite struct TargetPolicyTests {
    let strict = TargetPolicy(allowPrivate: false)
    let open = TargetPolicy(allowPrivate: true)

    private func refused(_ policy: TargetPolicy, _ url: String, resolving: [String] = []) -> Bool {
        do {
            let endpoint = try policy.endpoint(url)
            if !resolving.isEmpty {
                _ = try policy.check(resolving.compactMap(IPAddress.init), endpoint: endpoint)
            }
            return false
        } catch {
            return true
        }
    }

    @Test func publicHTTPSIsAllowed() throws {
        let endpoint = try strict.endpoint("https://ntfy.sh/my-topic?x=1")
        #expect(endpoint.host == "ntfy.sh" && endpoint.port == 443)
        #expect(endpoint.pathAndQuery == "/my-topic?x=1")
        #expect(!refused(strict, "https://hooks.example.com/x", resolving: ["93.184.215.14"]))
        #expect(!refused(strict, "https://[2606:4700::1111]/", resolving: []))
    }

    @Test func nonPublicAddressesAreRefused() {
        let literals = [
            "127.0.0.1", "127.1.2.3", "10.0.0.1", "172.16.0.1", "172.31.255.255", "192.168.1.1",
            "169.254.169.254", "100.64.0.1", "100.127.255.255", "0.0.0.0", "224.0.0.1",
            "255.255.255.255", "[::1]", "[::]", "[fc00::1]", "[fd12:3456::1]", "[fe80::1]",
            "[::ffff:127.0.0.1]", "[::ffff:8.8.8.8]", "[64:ff9b::a00:1]",
        ]
        for host in literals {
            #expect(refused(strict, "https://\(host)/hook"), "\(host)")
            #expect(!refused(open, "http://\(host)/hook"), "\(host) with --allow-private-targets")
        }
        #expect(!refused(strict, "https://172.32.0.1/"))
        #expect(!refused(strict, "https://100.128.0.1/"))
    }

    @Test func namesResolvingToPrivateAddressesAreRefused() {
        #expect(refused(strict, "https://evil.example/", resolving: ["93.184.215.14", "10.1.1.1"]))
        #expect(refused(strict, "https://evil.example/", resolving: ["::1"]))
    }

    @Test func theSystemResolverAnswersLocalhostWithLoopback() {
        let addresses = SystemResolver().addresses(of: "localhost")
        #expect(!addresses.isEmpty)
        #expect(addresses.allSatisfy { $0.nonPublicKind == "loopback" })
    }

    @Test func plainHTTPOnlyToPrivateTargetsAndOnlyWhenAllowed() {
        #expect(refused(strict, "http://127.0.0.1:9000/"))
        #expect(refused(strict, "http://hooks.example.com/"))
        #expect(!refused(open, "http://127.0.0.1:9000/"))
        #expect(refused(open, "http://hooks.example.com/", resolving: ["93.184.215.14"]))
    }

    @Test func otherSchemesAndUserInfoAreRefused() {
        for url in [
            "ftp://example.com/", "file:///etc/passwd", "gopher://x/",
            "https://user:pw@example.com/",
            "https:///nohost", "not a url", "javascript:alert(1)",
        ] {
            #expect(refused(open, url), "\(url)")
        }
    }
}
