import Foundation
import Testing

@testable import HabitClient
@testable import HabitCore

@Suite struct JWTPayloadTests {
    @Test func readsTheClaimsTheClientUses() throws {
        let token = UnsignedToken.make([
            "exp": 1_796_065_500, "iat": 1_796_065_200, "token_type": "access", "user_id": 42,
            "jti": "abc",
        ])
        let payload = try JWTPayload(token: token)
        #expect(payload.expiresAt == Date(timeIntervalSince1970: 1_796_065_500))
        #expect(payload.issuedAt == Date(timeIntervalSince1970: 1_796_065_200))
        #expect(payload.tokenType == "access")
        #expect(payload.userID == "42")
        #expect(payload.tokenID == "abc")
    }

    @Test func acceptsUserIDAsTextOrNumber() throws {
        #expect(try JWTPayload(token: UnsignedToken.make(["user_id": "u-7"])).userID == "u-7")
        #expect(try JWTPayload(token: UnsignedToken.make(["user_id": 7])).userID == "7")
        #expect(try JWTPayload(token: UnsignedToken.make([:])).userID == nil)
    }

    @Test func acceptsFractionalTimes() throws {
        let payload = try JWTPayload(token: UnsignedToken.make(["exp": 1_796_065_500.5]))
        #expect(payload.expiresAt == Date(timeIntervalSince1970: 1_796_065_500.5))
    }

    /// Payloads of every length modulo 3 need 0, 2 or 1 padding characters,
    /// which base64url leaves out; the reader must restore them.
    @Test(arguments: ["a", "ab", "abc", "abcd", "abcde", "abcdef"])
    func readsEveryPaddingLength(name: String) throws {
        let json = Data(#"{"jti":"\#(name)"}"#.utf8)
        let token = UnsignedToken.make(payloadJSON: json)
        #expect(!token.contains("="))
        #expect(try JWTPayload(token: token).tokenID == name)
        // Padding, when a server sends it anyway, is tolerated.
        let segments = token.split(separator: ".")
        var padded = String(segments[1])
        while padded.count % 4 != 0 { padded += "=" }
        let withPadding = "\(segments[0]).\(padded).\(segments[2])"
        #expect(try JWTPayload(token: withPadding).tokenID == name)
    }

    /// `{"jti":"???>"}` encodes to `eyJqdGkiOiI_Pz8-In0`: base64url's `_` and `-`
    /// where standard base64 has `/` and `+`.
    @Test func readsTheURLAlphabet() throws {
        let token = UnsignedToken.make(payloadJSON: Data(#"{"jti":"???>"}"#.utf8))
        #expect(token.split(separator: ".")[1] == "eyJqdGkiOiI_Pz8-In0")
        #expect(try JWTPayload(token: token).tokenID == "???>")
        #expect(throws: TokenProblem.notBase64URL) {
            try JWTPayload(token: "e30.eyJqdGkiOiI/Pz8+In0.sig")
        }
    }

    @Test(arguments: [
        ("", TokenProblem.notThreeSegments),
        ("abc", .notThreeSegments),
        ("a.b", .notThreeSegments),
        ("a..c", .notThreeSegments),
        ("a.b.c.d", .notThreeSegments),
        ("a.!!!.c", .notBase64URL),
        ("a.a.c", .notBase64URL),
        ("a.\(UnsignedToken.base64URL(Data("not json".utf8))).c", .notJSONObject),
        ("a.\(UnsignedToken.base64URL(Data("[1,2]".utf8))).c", .notJSONObject),
        ("a.\(UnsignedToken.base64URL(Data(#"{"exp":"soon"}"#.utf8))).c", .wrongClaimType("exp")),
        ("a.\(UnsignedToken.base64URL(Data(#"{"iat":true}"#.utf8))).c", .wrongClaimType("iat")),
        (
            "a.\(UnsignedToken.base64URL(Data(#"{"user_id":[1]}"#.utf8))).c",
            .wrongClaimType("user_id")
        ),
        (
            "a.\(UnsignedToken.base64URL(Data(#"{"token_type":1}"#.utf8))).c",
            .wrongClaimType("token_type")
        ),
        ("a.\(UnsignedToken.base64URL(Data([0xff, 0xfe, 0x00]))).c", .notJSONObject),
    ])
    func rejectsMalformedTokens(token: String, problem: TokenProblem) {
        #expect(throws: problem) { try JWTPayload(token: token) }
    }

    @Test func problemsNeverQuoteTheToken() {
        let token = "secret-header.!!!.secret-signature"
        do {
            _ = try JWTPayload(token: token)
            Issue.record("expected a problem")
        } catch {
            #expect(!"\(error)".contains("secret"))
        }
    }
}
