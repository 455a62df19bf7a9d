import Foundation
import HabitAPI
import HabitCore
import Testing

@testable import HabitServer

/// Body and path decoding without a server: the pure parts.
@Suite struct RequestDecodingTests {
    private func object(_ text: String) throws -> [String: JSONValue] {
        try RequestBody.object(from: Data(text.utf8))
    }

    @Test func numbersStayExactAndBooleansStayBooleans() throws {
        let body = try object(#"{"a": 0.1, "b": true, "c": 1, "d": "1", "e": 1e400, "f": 0}"#)
        #expect(body["a"] == .number(try #require(Decimal(string: "0.1"))))
        #expect(body["b"] == .bool(true))
        #expect(body["c"] == .number(1))
        #expect(body["d"] == .string("1"))
        #expect(body["e"] == .unreadable)
        #expect(body["f"] == .number(0))
    }

    @Test func emptyOrBlankBodyIsAnEmptyObject() throws {
        #expect(try object("").isEmpty)
        #expect(try object(" \r\n").isEmpty)
    }

    @Test func nonObjectsAndGarbageAreProblems() {
        #expect(throws: RequestBody.Problem.notAnObject(found: "array")) { try object("[]") }
        #expect(throws: RequestBody.Problem.notAnObject(found: "null")) { try object("null") }
        #expect(throws: RequestBody.Problem.malformed) { try object("{") }
        #expect(throws: RequestBody.Problem.malformed) {
            try RequestBody.object(from: Data([0x7B, 0xFF, 0x7D]))
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: RequestBody.Problem.malformed) { try object(deep) }
    }

    @Test func habitFieldsDecodeAndNormalise() throws {
        let fields = try HabitInput.fields(
            from: object(
                """
                {"name": " Walk ", "frequency": "WEEKLY", "measurement_type": "km ",
                 "start_date": "2026-11-30", "action_days": [7, 1, 1], "target_value": 12.5,
                 "extra": {"ignored": [1, 2]}}
                """))
        #expect(fields.name == "Walk")
        #expect(fields.measurementType == "km")
        #expect(fields.frequency == .weekly)
        #expect(fields.actionDays == ActionDays([.monday, .sunday]))
        #expect(fields.targetValue == (try #require(Decimal(string: "12.5"))))
        #expect(fields.startDate == LocalDate(year: 2026, month: 11, day: 30))
    }

    @Test func changesReportTypeAndRuleProblemsTogether() throws {
        let body = try object(#"{"name": "", "target_value": "1"}"#)
        let error = #expect(throws: ValidationError.self) { try HabitInput.changes(from: body) }
        #expect(Set(error?.fields.keys ?? [:].keys) == ["name", "target_value"])
        let changes = try HabitInput.changes(from: object(#"{"status": "ARCHIVED"}"#))
        #expect(changes == HabitChanges(status: .archived))
    }

    @Test func emailAddressesAreNormalisedAndChecked() {
        #expect(EmailAddress("  Someone@Example.COM ")?.value == "someone@example.com")
        #expect(EmailAddress("first.last+tag@sub.example.org") != nil)
        for bad in [
            "", "plain", "a@b", "@b.co", "a@.co", "a@b..co", "a@b.co.", "a@@b.co", "a b@c.co",
            "a@b.co\r\nBcc: x@y.z", "<a@b.co>", "a@b,c.co",
            String(repeating: "a", count: 250) + "@b.co",
        ] {
            #expect(EmailAddress(bad) == nil, "\(bad)")
        }
    }

    /// The rule is openapi.yaml's `email` pattern and `maxLength`, in Unicode scalars.
    @Test func emailAddressesFollowTheDocumentedPattern() {
        let local64 = String(repeating: "é", count: 64)
        let label63 = String(repeating: "ü", count: 63)
        for good in [
            "\u{2003}a@b.co\n", "é@bücher.de", local64 + "@b.co", "a@" + label63 + ".co",
            "a.b!#$%&'*+/=?^_`{|}~-@c.co", "\u{1F600}@b.co",
        ] {
            #expect(EmailAddress(good) != nil, "\(good)")
        }
        for bad in [
            local64 + "e@b.co", "a@" + label63 + "ü.co", "a\u{200B}@b.co", "a\u{202E}@b.co",
            "a\u{FEFF}@b.co", "a\u{85}b@c.co", "a\u{A0}b@c.co", "a@b.c\u{7F}o",
            // 254 scalars at most as sent, white space around included.
            " " + String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 63) + "."
                + String(repeating: "c", count: 63) + "." + String(repeating: "d", count: 61),
        ] {
            #expect(EmailAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func jsonContentTypes() {
        #expect(APIResponder.isJSON("application/json"))
        #expect(APIResponder.isJSON("Application/JSON; charset=utf-8"))
        #expect(APIResponder.isJSON("application/merge-patch+json"))
        #expect(!APIResponder.isJSON("text/plain"))
        #expect(!APIResponder.isJSON("application/x-www-form-urlencoded"))
    }

    @Test func sendRateLimitRetryAfter() {
        let limit = SendRateLimit.standard
        let now = Date(timeIntervalSince1970: 10_000)
        #expect(limit.retryAfter(sendTimes: [], now: now) == nil)
        #expect(limit.retryAfter(sendTimes: [now.addingTimeInterval(-59.5)], now: now) == 1)
        #expect(limit.retryAfter(sendTimes: [now.addingTimeInterval(-60)], now: now) == nil)
        let ten = (0..<10).map { now.addingTimeInterval(-3000 + Double($0) * 100) }
        #expect(limit.retryAfter(sendTimes: ten, now: now) == 600)
    }
}
