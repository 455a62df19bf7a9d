import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// Sign-in by code, send-rate limits, brute force and expiry, over HTTP.
@Suite struct AuthFlowTests {
    @Test func signInThroughTheOutboxCreatesTheAccount() throws {
        try withAPIServer { server in
            let tokens = try server.signIn("Someone@Example.COM")
            let me = try server.request("GET", "/api/me/", token: tokens.access)
            #expect(me.status == 200)
            let object = try me.object()
            #expect(object["email"] as? String == "someone@example.com")
            #expect(object["id"] is Int)
        }
    }

    @Test func tokenAnswerCarriesServerTimeInRFC3339UTC() throws {
        try withAPIServer { server in
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            let code = try server.latestCode(for: "a@b.co")
            let answer = try server.request(
                "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": "\#(code)"}"#)
            #expect(try answer.object()["server_time"] as? String == "2026-11-30T12:00:00Z")
        }
    }

    @Test func codeRequestAnswersTheSameForNewAndKnownAddresses() throws {
        try withAPIServer { server in
            _ = try server.signIn("known@example.com")
            server.clock.advance(by: 61)
            let known = try server.request(
                "POST", "/api/auth/email/", body: #"{"email": "known@example.com"}"#)
            let unknown = try server.request(
                "POST", "/api/auth/email/", body: #"{"email": "unknown@example.com"}"#)
            #expect(known.status == 202)
            #expect(unknown.status == 202)
            #expect(
                known.text.replacingOccurrences(of: "known@", with: "X@")
                    == unknown.text.replacingOccurrences(of: "unknown@", with: "X@"))
        }
    }

    @Test(arguments: [
        #"{"email": "no-at-sign"}"#, #"{"email": "two@@example.com"}"#,
        #"{"email": "@example.com"}"#, #"{"email": "a@localhost"}"#,
        #"{"email": "a b@example.com"}"#, #"{"email": "a@exa\nmple.com"}"#, #"{"email": 5}"#,
        #"{}"#, #"{"email": null}"#,
    ])
    func invalidAddressIs400NamingEmail(body: String) throws {
        try withAPIServer { server in
            let answer = try server.request("POST", "/api/auth/email/", body: body)
            #expect(answer.status == 400)
            #expect(answer.code == "invalid")
            #expect(answer.fields["email"]?.isEmpty == false)
            #expect(try server.messages().isEmpty)
        }
    }

    @Test func secondCodeWithinAMinuteIsRateLimitedWithRetryAfter() throws {
        try withAPIServer { server in
            let body = #"{"email": "a@example.com"}"#
            #expect(try server.request("POST", "/api/auth/email/", body: body).status == 202)
            server.clock.advance(by: 20)
            let limited = try server.request("POST", "/api/auth/email/", body: body)
            #expect(limited.status == 429)
            #expect(limited.code == "rate_limited")
            #expect(limited.headers["retry-after"] == "40")
            // The limit is per address.
            #expect(
                try server.request("POST", "/api/auth/email/", body: #"{"email": "b@example.com"}"#)
                    .status == 202)
            server.clock.advance(by: 40)
            #expect(try server.request("POST", "/api/auth/email/", body: body).status == 202)
            #expect(try server.messages().count == 3)
        }
    }

    @Test func tenCodesPerHourThenRetryAfterTheOldestLeavesTheHour() throws {
        try withAPIServer { server in
            let body = #"{"email": "a@example.com"}"#
            for _ in 0..<10 {
                #expect(try server.request("POST", "/api/auth/email/", body: body).status == 202)
                server.clock.advance(by: 61)
            }
            // Ten sends at 0, 61, …, 549 s; now is 610 s: the first leaves the hour at 3600.
            let limited = try server.request("POST", "/api/auth/email/", body: body)
            #expect(limited.status == 429)
            #expect(limited.headers["retry-after"] == "2990")
            server.clock.advance(by: 2990)
            #expect(try server.request("POST", "/api/auth/email/", body: body).status == 202)
        }
    }

    @Test func wrongCodeIs401AndTheRightOneStillWorks() throws {
        try withAPIServer { server in
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            let code = try server.latestCode(for: "a@b.co")
            let wrong = code == "000000" ? "000001" : "000000"
            let refused = try server.request(
                "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": "\#(wrong)"}"#)
            #expect(refused.status == 401)
            #expect(refused.code == "invalid_code")
            let accepted = try server.request(
                "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": "\#(code)"}"#)
            #expect(accepted.status == 200)
        }
    }

    @Test func codeIsSingleUse() throws {
        try withAPIServer { server in
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            let body = #"{"email": "a@b.co", "code": "\#(try server.latestCode(for: "a@b.co"))"}"#
            #expect(try server.request("POST", "/api/auth/token/", body: body).status == 200)
            let again = try server.request("POST", "/api/auth/token/", body: body)
            #expect(again.status == 401)
            #expect(again.code == "invalid_code")
        }
    }

    @Test func fiveWrongAttemptsBurnTheCodeUntilANewOneIsSent() throws {
        try withAPIServer { server in
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            let code = try server.latestCode(for: "a@b.co")
            let wrong = code == "123456" ? "654321" : "123456"
            for _ in 0..<5 {
                let answer = try server.request(
                    "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": "\#(wrong)"}"#)
                #expect(answer.status == 401)
            }
            let right = #"{"email": "a@b.co", "code": "\#(code)"}"#
            let burned = try server.request("POST", "/api/auth/token/", body: right)
            #expect(burned.status == 401)
            #expect(burned.code == "invalid_code")

            server.clock.advance(by: 60)
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            let fresh = try server.latestCode(for: "a@b.co")
            let accepted = try server.request(
                "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": "\#(fresh)"}"#)
            #expect(accepted.status == 200)
        }
    }

    @Test func codeExpiresAfterTenMinutes() throws {
        try withAPIServer { server in
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            let body = #"{"email": "a@b.co", "code": "\#(try server.latestCode(for: "a@b.co"))"}"#
            server.clock.advance(by: 600)
            let expired = try server.request("POST", "/api/auth/token/", body: body)
            #expect(expired.status == 401)
            #expect(expired.code == "invalid_code")
        }
    }

    @Test func codeJustBeforeExpiryIsAccepted() throws {
        try withAPIServer { server in
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            let body = #"{"email": "a@b.co", "code": "\#(try server.latestCode(for: "a@b.co"))"}"#
            server.clock.advance(by: 599)
            #expect(try server.request("POST", "/api/auth/token/", body: body).status == 200)
        }
    }

    @Test func newCodeReplacesThePreviousOne() throws {
        try withAPIServer { server in
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            let first = try server.latestCode(for: "a@b.co")
            server.clock.advance(by: 60)
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            let second = try server.latestCode(for: "a@b.co")
            if first != second {
                let old = try server.request(
                    "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": "\#(first)"}"#)
                #expect(old.status == 401)
            }
            let new = try server.request(
                "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": "\#(second)"}"#)
            #expect(new.status == 200)
        }
    }

    @Test func codeForAnotherAddressIsRefused() throws {
        try withAPIServer { server in
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
            _ = try server.request("POST", "/api/auth/email/", body: #"{"email": "c@d.co"}"#)
            let codeOfA = try server.latestCode(for: "a@b.co")
            if codeOfA != (try server.latestCode(for: "c@d.co")) {
                let answer = try server.request(
                    "POST", "/api/auth/token/",
                    body: #"{"email": "c@d.co", "code": "\#(codeOfA)"}"#)
                #expect(answer.status == 401)
            }
        }
    }

    @Test func codeWithoutARequestIsRefused() throws {
        try withAPIServer { server in
            let answer = try server.request(
                "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": "123456"}"#)
            #expect(answer.status == 401)
            #expect(answer.code == "invalid_code")
        }
    }

    @Test func tokenRequestReportsEveryMissingField() throws {
        try withAPIServer { server in
            let answer = try server.request("POST", "/api/auth/token/", body: "{}")
            #expect(answer.status == 400)
            #expect(Set(answer.fields.keys) == ["email", "code"])
            let numeric = try server.request(
                "POST", "/api/auth/token/", body: #"{"email": "a@b.co", "code": 123456}"#)
            #expect(numeric.status == 400)
            #expect(numeric.fields["code"] == ["Not a valid string."])
        }
    }

    @Test func logsNeverHoldTheAddressTheCodeOrTokens() throws {
        try withAPIServer { server in
            let tokens = try server.signIn("a@b.co")
            let code = try server.latestCode(for: "a@b.co")
            _ = try server.request(
                "POST", "/api/auth/token/", body: #"{"email": "A@B.co", "code": "000000"}"#)
            _ = try server.request("GET", "/api/me/", token: tokens.access)
            _ = try server.request(
                "POST", "/api/auth/token/refresh/", body: #"{"refresh": "\#(tokens.refresh)"}"#)
            let lines = server.logs.all
            // A keyed tag stands for the address, the same in every line about it.
            let sent = try #require(lines.first { $0.contains("mail: code sent to addr:") })
            let tag = try #require(
                sent.split(separator: " ").first { $0.hasPrefix("addr:") }.map(String.init))
            #expect(tag.count == "addr:".count + 8)
            #expect(lines.contains { $0.contains("code refused for \(tag)") })
            for line in lines {
                #expect(!line.lowercased().contains("a@b.co"))
                #expect(!line.contains(code))
                #expect(!line.contains(tokens.access))
                #expect(!line.contains(tokens.refresh))
            }
        }
    }

    @Test func outboxFilesArePrivateAndSortByTime() throws {
        try withAPIServer { server in
            for index in 0..<3 {
                _ = try server.request(
                    "POST", "/api/auth/email/", body: #"{"email": "u\#(index)@b.co"}"#)
                server.clock.advance(by: 1)
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: server.outbox.path)
                .sorted()
            #expect(names.count == 3)
            #expect(names.allSatisfy { $0.hasSuffix(".eml") })
            let messages = try server.messages()
            #expect(messages.enumerated().allSatisfy { $1.contains("To: u\($0)@b.co\n") })
            let attributes = try FileManager.default.attributesOfItem(
                atPath: server.outbox.appendingPathComponent(names[0]).path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
        }
    }
}
