import Foundation
import TestSupport
import Testing

@testable import HabitServer

@Suite struct WebhookSignatureTests {
    let body = Data(#"{"id":"evt_1","type":"entry.changed"}"#.utf8)
    let sent = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theHeaderCarriesTheTimestampAndTheHMACOfBoth() {
        let header = WebhookSignature.header(secret: "whsec_test", timestamp: sent, body: body)
        #expect(header.hasPrefix("t=1800000000,v1="))
        #expect(header.count == "t=1800000000,v1=".count + 64)
        #expect(
            WebhookSignature.verify(header: header, secret: "whsec_test", body: body, now: sent))
    }

    /// RFC 4231 test case 2: HMAC-SHA256("Jefe", "what do ya want for nothing?").
    @Test func theHMACIsTheStandardOne() {
        let mac = SHA256.hmac(
            key: Data("Jefe".utf8), message: Data("what do ya want for nothing?".utf8))
        #expect(
            SHA256.hex(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func aChangedBodySecretOrTimestampFails() {
        let header = WebhookSignature.header(secret: "whsec_test", timestamp: sent, body: body)
        #expect(
            !WebhookSignature.verify(header: header, secret: "whsec_other", body: body, now: sent))
        #expect(
            !WebhookSignature.verify(
                header: header, secret: "whsec_test", body: body + Data(" ".utf8), now: sent))
        let moved = header.replacingOccurrences(of: "t=1800000000", with: "t=1800000001")
        #expect(
            !WebhookSignature.verify(header: moved, secret: "whsec_test", body: body, now: sent))
    }

    @Test func anOldSignatureIsRefusedAsAReplay() {
        let header = WebhookSignature.header(secret: "whsec_test", timestamp: sent, body: body)
        #expect(
            !WebhookSignature.verify(
                header: header, secret: "whsec_test", body: body, now: sent.addingTimeInterval(301))
        )
    }

    /// A second implementation: Python's hmac module, when python3 is there.
    @Test func pythonsHmacAgrees() async throws {
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let python else { return }
        let header = WebhookSignature.header(secret: "whsec_test", timestamp: sent, body: body)
        let result = try await Subprocess.run(
            URL(fileURLWithPath: python),
            [
                "-c",
                """
                import hmac, hashlib, sys
                header, body = sys.argv[1], sys.argv[2].encode()
                parts = dict(p.split('=', 1) for p in header.split(','))
                expected = hmac.new(b'whsec_test', parts['t'].encode() + b'.' + body, hashlib.sha256).hexdigest()
                sys.exit(0 if hmac.compare_digest(expected, parts['v1']) else 1)
                """,
                header, String(decoding: body, as: UTF8.self),
            ])
        #expect(result.status == 0, "\(result)")
    }
}
