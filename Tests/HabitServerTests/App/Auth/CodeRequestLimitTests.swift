import Foundation
import HabitHTTP
import HabitStorage
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// The per-client limit on code requests: the pure decision, and the server
/// answering 429 with Retry-After per client (loopback included).
@Suite struct CodeRequestLimitTests {
    private static let start = Date(timeIntervalSince1970: 1_796_040_000)

    private func times(_ offsets: [TimeInterval]) -> [Date] {
        offsets.map { Self.start.addingTimeInterval($0) }
    }

    @Test func aClientMayAskNTimesAnHourThenWaitsForItsOldestToLeaveTheHour() {
        let limit = CodeRequestLimit(perClientHour: 3)
        let now = Self.start.addingTimeInterval(1000)
        let two = CodeSendHistory(email: [], clients: [times([0, 500])])
        #expect(limit.decide(two, now: now) == .allow)
        let three = CodeSendHistory(email: [], clients: [times([0, 500, 900])])
        #expect(limit.decide(three, now: now) == .refuse(retryAfter: 2600, cause: .client))
        // Requests older than an hour do not count.
        let old = CodeSendHistory(email: [], clients: [times([-3601, 500, 900])])
        #expect(limit.decide(old, now: now) == .allow)
    }

    @Test func theLongerWaitWinsAndZeroTurnsTheClientLimitOff() {
        let now = Self.start.addingTimeInterval(30)
        // The address waits 30 s more (1 a minute), the client 3570 s.
        let both = CodeSendHistory(email: times([0]), clients: [times([0])])
        #expect(
            CodeRequestLimit(perClientHour: 1).decide(both, now: now)
                == .refuse(retryAfter: 3570, cause: .client))
        #expect(
            CodeRequestLimit(perClientHour: 0).decide(both, now: now)
                == .refuse(retryAfter: 30, cause: .address))
        let busyClient = CodeSendHistory(
            email: [], clients: [times(Array(repeating: 0, count: 500))])
        #expect(CodeRequestLimit(perClientHour: 0).decide(busyClient, now: now) == .allow)
    }

    @Test func clientsAreIPv4AddressesAndIPv6Slash64s() throws {
        let limit = CodeRequestLimit(perClientHour: 20)
        #expect(limit.clientKeys(ClientAddress(parsing: "192.0.2.7")) == ["ip:192.0.2.7"])
        #expect(limit.clientKeys(ClientAddress(parsing: "::ffff:192.0.2.7")) == ["ip:192.0.2.7"])
        #expect(limit.clientKeys(ClientAddress(parsing: "127.0.0.1")) == ["ip:127.0.0.1"])
        #expect(
            limit.clientKeys(ClientAddress(parsing: "2001:db8:1:2:aaaa:bbbb:cccc:dddd"))
                == ["ip:2001:db8:1:2::/64"])
        #expect(limit.clientKeys(ClientAddress(parsing: "::1")) == ["ip:::/64"])
        #expect(limit.clientKeys(nil) == [])
        #expect(CodeRequestLimit(perClientHour: 0).clientKeys(ClientAddress(parsing: "::1")) == [])
        #expect(limit.longestWindow == 3600)
    }

    @Test func theDefaultIsTwentyAnHour() {
        #expect(APISettings().codeRequestsPerClientHour == 20)
    }

    private func requestCode(
        _ server: APITestServer, _ email: String, forwardedFor: String? = nil
    ) throws -> APITestResponse {
        try server.request(
            "POST", "/api/auth/email/", body: #"{"email": "\#(email)"}"#,
            headers: forwardedFor.map { [("X-Forwarded-For", $0)] } ?? [])
    }

    @Test func loopbackIsLimitedLikeAnyClientWithRetryAfter() throws {
        var settings = APISettings()
        settings.codeRequestsPerClientHour = 3
        try withAPIServer(settings: settings) { server throws in
            for index in 0..<3 {
                #expect(try requestCode(server, "user\(index)@example.com").status == 202)
                server.clock.advance(by: 100)
            }
            let refused = try requestCode(server, "user3@example.com")
            #expect(refused.status == 429)
            #expect(refused.code == "rate_limited")
            #expect(refused.text.contains("from your network"))
            // The first request leaves the hour 3600 - 300 s from now.
            #expect(refused.headers["retry-after"] == "3300")
            #expect(try server.messages().count == 3)
            // X-Forwarded-For from an untrusted peer changes nothing.
            #expect(
                try requestCode(server, "user4@example.com", forwardedFor: "198.51.100.9").status
                    == 429)
            server.clock.advance(by: 3300)
            #expect(try requestCode(server, "user3@example.com").status == 202)
            #expect(!server.logs.all.contains { $0.contains("user3") })
        }
    }

    @Test func behindATrustedProxyEachForwardedClientHasItsOwnLimit() throws {
        var settings = APISettings()
        settings.codeRequestsPerClientHour = 2
        settings.trustedProxies.networks = [
            try #require(TrustedProxies.Network(parsing: "127.0.0.1"))
        ]
        try withAPIServer(settings: settings) { server throws in
            for index in 0..<2 {
                #expect(
                    try requestCode(server, "a\(index)@example.com", forwardedFor: "203.0.113.5")
                        .status == 202)
            }
            #expect(
                try requestCode(server, "a2@example.com", forwardedFor: "203.0.113.5").status == 429
            )
            // A forged left-most entry does not make a new client: the right-most is the one.
            #expect(
                try requestCode(server, "a3@example.com", forwardedFor: "10.9.9.9, 203.0.113.5")
                    .status == 429)
            #expect(
                try requestCode(server, "b0@example.com", forwardedFor: "203.0.113.6").status == 202
            )
            // One IPv6 /64 is one client; the next /64 is another.
            #expect(
                try requestCode(server, "c0@example.com", forwardedFor: "2001:db8::1").status == 202
            )
            #expect(
                try requestCode(server, "c1@example.com", forwardedFor: "2001:db8::2").status == 202
            )
            #expect(
                try requestCode(server, "c2@example.com", forwardedFor: "2001:db8::3").status == 429
            )
            #expect(
                try requestCode(server, "c3@example.com", forwardedFor: "2001:db8:0:1::1").status
                    == 202)
        }
    }

    @Test func zeroTurnsTheLimitOff() throws {
        var settings = APISettings()
        settings.codeRequestsPerClientHour = 0
        try withAPIServer(settings: settings) { server throws in
            for index in 0..<30 {
                #expect(try requestCode(server, "user\(index)@example.com").status == 202)
            }
        }
    }
}
