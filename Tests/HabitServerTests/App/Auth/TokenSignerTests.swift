import Foundation
import HabitAPI
import HabitConcurrency
import Testing

@testable import HabitServer

@Suite struct TokenSignerTests {
    let signer = TokenSigner(secret: Array("test secret of the signer".utf8))
    let claims = TokenClaims(
        tokenType: .access, expiresAt: 1_796_040_300, issuedAt: 1_796_040_000, jti: "abc",
        userID: 42)
    let now = Date(timeIntervalSince1970: 1_796_040_100)

    @Test func signsDeterministicallyAndVerifies() throws {
        let token = signer.sign(claims)
        #expect(token == signer.sign(claims))
        #expect(try signer.verify(token, as: .access, now: now) == claims)
        let parts = token.split(separator: ".")
        #expect(parts.count == 3)
        #expect(String(parts[0]) == "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9")
        let payload = try #require(Base64URL.decode(parts[1]))
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        #expect(Set(object.keys) == ["token_type", "exp", "iat", "jti", "user_id"])
        #expect(object["user_id"] as? Int == 42)
        #expect(object["exp"] as? Int == 1_796_040_300)
    }

    @Test func matchesAnIndependentHMACComputation() throws {
        // HS256 of "a.b" under "key", computed with `openssl dgst -sha256 -hmac key`.
        let mac = SHA256.hmac(key: Array("key".utf8), message: Array("a.b".utf8))
        let hex = mac.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        #expect(hex == "dd17e3f2c79de32e3f3fa66503e34c711b58d419eb910f5e29d1505ce73aae08")
    }

    @Test func refusesExpiredWrongTypeAndTampered() throws {
        let token = signer.sign(claims)
        #expect(throws: TokenError.expired) {
            try signer.verify(token, as: .access, now: Date(timeIntervalSince1970: 1_796_040_300))
        }
        #expect(
            try signer.verify(
                token, as: .access, now: Date(timeIntervalSince1970: 1_796_040_300),
                checkingExpiry: false) == claims)
        #expect(throws: TokenError.wrongType) { try signer.verify(token, as: .refresh, now: now) }
        var other = claims
        other.userID = 43
        let forgedPayload = signer.sign(other).split(separator: ".")[1]
        let parts = token.split(separator: ".")
        let tampered = "\(parts[0]).\(forgedPayload).\(parts[2])"
        #expect(throws: TokenError.badSignature) {
            try signer.verify(tampered, as: .access, now: now)
        }
        let foreign = TokenSigner(secret: Array("other".utf8)).sign(claims)
        #expect(throws: TokenError.badSignature) {
            try signer.verify(foreign, as: .access, now: now)
        }
    }

    @Test func refusesOtherAlgorithmsAndMalformedTokens() throws {
        let parts = signer.sign(claims).split(separator: ".")
        let none = Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8))
        #expect(throws: TokenError.unsupportedAlgorithm) {
            try signer.verify("\(none).\(parts[1]).", as: .access, now: now)
        }
        let hs512 = Base64URL.encode(Array(#"{"alg":"HS512"}"#.utf8))
        #expect(throws: TokenError.unsupportedAlgorithm) {
            try signer.verify("\(hs512).\(parts[1]).\(parts[2])", as: .access, now: now)
        }
        for bad in ["", ".", "..", "a.b", "a.b.c.d", "\(parts[0]).\(parts[1]).!!!", "é.é.é"] {
            #expect(throws: TokenError.self) { try signer.verify(bad, as: .access, now: now) }
        }
    }

    @Test func acceptsAnEquivalentHeaderFromAnotherLibrary() throws {
        let header = Base64URL.encode(Array(#"{"typ":"JWT","alg":"HS256"}"#.utf8))
        let payload = signer.sign(claims).split(separator: ".")[1]
        let input = "\(header).\(payload)"
        let signature = SHA256.hmac(
            key: Array("test secret of the signer".utf8), message: Array(input.utf8))
        let token = "\(input).\(Base64URL.encode(signature))"
        #expect(try signer.verify(token, as: .access, now: now) == claims)
    }

    @Test func constantTimeEqualityComparesWholeBuffers() {
        #expect(SHA256.constantTimeEqual([1, 2, 3] as [UInt8], [1, 2, 3] as [UInt8]))
        #expect(!SHA256.constantTimeEqual([1, 2, 3] as [UInt8], [1, 2, 4] as [UInt8]))
        #expect(!SHA256.constantTimeEqual([1, 2] as [UInt8], [1, 2, 3] as [UInt8]))
        #expect(SHA256.constantTimeEqual([] as [UInt8], [] as [UInt8]))
    }

    @Test func sha256OfAKnownInput() {
        let hex = SHA256.digest(Array("abc".utf8)).map {
            ($0 < 16 ? "0" : "") + String($0, radix: 16)
        }
        .joined()
        #expect(hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

@Suite struct SignInCodeTests {
    @Test func codesAreSixDigitsAndHashesDependOnAddressAndSecret() throws {
        let codes = SignInCodes(secret: Array("s".utf8))
        let address = try #require(EmailAddress("a@b.co"))
        let other = try #require(EmailAddress("c@d.co"))
        for _ in 0..<200 {
            let code = codes.generate(using: .system)
            #expect(code.count == 6)
            #expect(code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber))
        }
        let hash = codes.hash(code: "012345", email: address)
        #expect(hash.count == 64)
        #expect(codes.matches(storedHash: hash, code: "012345", email: address))
        #expect(!codes.matches(storedHash: hash, code: "012346", email: address))
        #expect(!codes.matches(storedHash: hash, code: "012345", email: other))
        #expect(SignInCodes(secret: Array("t".utf8)).hash(code: "012345", email: address) != hash)
    }

    @Test func smallRandomValuesArePaddedWithZeros() {
        let zeros = RandomSource { Array(repeating: 0, count: $0) }
        #expect(SignInCodes(secret: []).generate(using: zeros) == "000000")
    }

    @Test func uniformDrawsRejectTheBiasedTail() {
        // 0xFFFFFFFF is in the biased tail for a bound of 1,000,000; the next draw is used.
        let draws = Locked([[UInt8]([0xFF, 0xFF, 0xFF, 0xFF]), [0, 0, 0, 7]])
        let source = RandomSource { _ in draws.withLock { $0.removeFirst() } }
        #expect(source.uniform(below: 1_000_000) == 7)
    }
}
