import Foundation
import Testing

@testable import HabitServer

/// The cache answers only for the exact token it verified, only before its
/// expiry, and stays bounded.
@Suite struct VerifiedAccessTokensTests {
    static let now = Date(timeIntervalSince1970: 1_796_065_200)

    static func claims(user: Int64, expiresIn seconds: Int64) -> TokenClaims {
        let now = Int64(Self.now.timeIntervalSince1970)
        return TokenClaims(
            tokenType: .access, expiresAt: now + seconds, issuedAt: now, jti: "j\(user)",
            userID: user)
    }

    @Test func answersUntilTheExpiryAndOnlyForTheSameToken() {
        let cache = VerifiedAccessTokens()
        cache.remember("a.b.c", claims: Self.claims(user: 7, expiresIn: 60))
        #expect(cache.userID(of: "a.b.c", now: Self.now) == 7)
        #expect(cache.userID(of: "a.b.c", now: Self.now.addingTimeInterval(59.9)) == 7)
        #expect(cache.userID(of: "a.b.d", now: Self.now) == nil)
        #expect(cache.userID(of: "a.b.c ", now: Self.now) == nil)
        // At exp the token is expired, as the signer says (exp ≤ now).
        #expect(cache.userID(of: "a.b.c", now: Self.now.addingTimeInterval(60)) == nil)
        #expect(cache.userID(of: "a.b.c", now: Self.now) == nil, "dropped once expired")
    }

    @Test func staysBounded() {
        let cache = VerifiedAccessTokens()
        for index in 0...VerifiedAccessTokens.capacity {
            cache.remember("t\(index)", claims: Self.claims(user: Int64(index), expiresIn: 60))
        }
        // The stripe was emptied when full; the newest is there.
        let last = VerifiedAccessTokens.capacity
        #expect(cache.userID(of: "t\(last)", now: Self.now) == Int64(last))
        #expect(cache.userID(of: "t0", now: Self.now) == nil)
    }
}
