import Foundation
import HabitConcurrency
import Testing

@testable import HabitHTTP

/// The request log: route templates instead of paths, `--log-format json`,
/// and the request id.
@Suite("Request log and request ids")
struct RequestLogTests {
    private static let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"

    @Test func aMatchedRouteShowsItsTemplateNotThePath() {
        let request = HTTPRequest(
            method: "GET", path: "/api/me/habits/\(Self.token)/", query: [("date", "2026-03-01")])
        let line = RequestLogLine.format(
            request: request, route: "/api/me/habits/{id}/", status: 200,
            duration: .microseconds(400), requestID: "abc-1")
        #expect(line == "GET /api/me/habits/{id}/?date=… 200 0.4ms id=abc-1")
    }

    @Test func anUnmatchedPathShowsOnlyItsFirstSegmentAndLength() {
        let path = "/api/me/habits/\(Self.token)/"
        let request = HTTPRequest(method: "GET", path: path)
        let line = RequestLogLine.format(request: request, route: nil, status: 404, duration: .zero)
        #expect(line == "GET /api/… (\(path.utf8.count) bytes) 404 0.0ms")
        #expect(!line.contains("eyJ"))
    }

    /// `POST /hpat_…/` once logged 27 of the token's 43 characters: a first
    /// segment that is not the server's own is not shown at all.
    @Test(arguments: [
        "hpat_" + String(repeating: "A1b2C3d4", count: 5), RequestLogTests.token,
        "7f3a9c2e1b0d4f6a8c7e5b3d1f9a2c4e",
        "493817",
    ])
    func anUnknownFirstSegmentIsNeverShown(secret: String) throws {
        for path in ["/\(secret)/", "/\(secret)", "/\(secret)/x/"] {
            let request = HTTPRequest(method: "POST", path: path)
            let line = RequestLogLine.format(
                request: request, route: nil, status: 404, duration: .zero)
            #expect(line == "POST /… (\(path.utf8.count) bytes) 404 0.0ms")
            let record = RequestLogLine.record(
                request: request, route: nil, status: 404, duration: .zero, requestID: "r")
            #expect(record.pathFirstSegment == nil)
            #expect(record.pathLength == path.utf8.count)
        }
        #expect(RequestLogLine.shownPath("/api", route: nil) == "/api/… (4 bytes)")
        #expect(RequestLogLine.shownPath("/apix/", route: nil) == "/… (6 bytes)")
        #expect(RequestLogLine.shownPath("/assets/x", route: nil) == "/assets/… (9 bytes)")
    }

    @Test func aMethodOutsideTheStandardOnesIsNotShown() {
        let secret = "hpat_" + String(repeating: "x", count: 38)
        let line = RequestLogLine.format(
            request: HTTPRequest(method: secret, path: "/api/x/"), route: nil, status: 404,
            duration: .zero)
        #expect(line == "… /api/… (7 bytes) 404 0.0ms")
    }

    @Test func jsonLinesCarryTimeLevelRouteStatusDurationAndRequestID() throws {
        let lines = Locked<[String]>([])
        let log = ServerLog(
            level: .info, format: .json,
            now: { Date(timeIntervalSince1970: 1_796_065_200.25) },
            sink: { _, line in lines.withLock { $0.append(line) } })
        log.request(
            HTTPRequest(method: "PUT", path: "/api/me/habits/7/progress/2026-03-01/"),
            route: "/api/me/habits/{id}/progress/{date}/", status: 200,
            duration: .microseconds(1_250), requestID: "req-1")
        log.request(
            HTTPRequest(method: "GET", path: "/api/me/habits/\(Self.token)/x/"), route: nil,
            status: 404, duration: .zero, requestID: "req-2")
        log.info("mail: a \"quoted\"\nline")
        log.debug("dropped")
        let recorded = lines.withLock { $0 }
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { !$0.contains("\n") })
        let objects = try recorded.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects[0]["time"] as? String == "2026-11-30T19:00:00.250Z")
        #expect(objects[0]["level"] as? String == "info")
        #expect(objects[0]["method"] as? String == "PUT")
        #expect(objects[0]["route"] as? String == "/api/me/habits/{id}/progress/{date}/")
        #expect(objects[0]["status"] as? Int == 200)
        #expect(objects[0]["duration_ms"] as? Double == 1.25)
        #expect(objects[0]["request_id"] as? String == "req-1")
        #expect(objects[1]["route"] == nil)
        #expect(objects[1]["path_first_segment"] as? String == "api")
        #expect(objects[1]["path_length"] as? Int == "/api/me/habits/\(Self.token)/x/".utf8.count)
        #expect(!recorded[1].contains("eyJ"))
        #expect(objects[2]["message"] as? String == "mail: a \"quoted\"\nline")
        #expect(recorded[0].hasPrefix(#"{"time":"2026-11-30T19:00:00.250Z","level":"info","#))
    }

    @Test func aClientRequestIDIsKeptOnlyWhenSafe() {
        for good in [
            "abc", "0f8fad5b-d9cb-469f-a165-70867728950e", "a.b_c:d",
            String(repeating: "a", count: 64),
        ] {
            #expect(RequestID.resolve(good, generate: { "new" }) == good)
        }
        for bad in [
            nil, "", String(repeating: "a", count: 65), "someone@example.com", "a b", "a\nb",
            "é", "a/b", "Bearer x",
        ] {
            #expect(RequestID.resolve(bad, generate: { "new" }) == "new", "\(bad ?? "nil")")
        }
    }

    @Test func generatedIDsAre32HexDigitsAndDiffer() {
        var generator = SystemRandomNumberGenerator()
        let first = RequestID.random(using: &generator)
        let second = RequestID.random(using: &generator)
        #expect(first.count == 32)
        #expect(first.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(first != second)
    }
}
