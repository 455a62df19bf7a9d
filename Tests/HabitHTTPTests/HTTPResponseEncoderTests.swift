import Foundation
import Testing

@testable import HabitHTTP

@Suite("HTTPResponseEncoder, RequestLogLine, ServerLog and HTTPDateCache")
struct HTTPResponseEncoderTests {
    private func encode(
        _ response: HTTPResponse, persistence: HTTPResponseEncoder.Persistence = .keepAliveByDefault
    ) -> String {
        var output: [UInt8] = []
        HTTPResponseEncoder.encode(response, date: "DATE", persistence: persistence, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    @Test func encodesStatusHeadersAndBody() {
        var headers = HTTPHeaders()
        headers.add(name: "Retry-After", value: "30")
        let text = encode(
            HTTPResponse(status: 429, headers: headers, body: Data("{}".utf8)), persistence: .close)
        #expect(
            text
                == "HTTP/1.1 429 Too Many Requests\r\nDate: DATE\r\nRetry-After: 30\r\n"
                + "Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n"
                + "X-Content-Type-Options: nosniff\r\nContent-Length: 2\r\n"
                + "Connection: close\r\n\r\n{}")
    }

    @Test func http10KeepAliveIsSpelledOut() {
        #expect(
            encode(HTTPResponse(status: 200), persistence: .keepAliveExplicitly)
                .contains("\r\nConnection: keep-alive\r\n"))
        #expect(!encode(HTTPResponse(status: 200)).contains("Connection"))
    }

    @Test func serverOwnedAndUnsafeHeadersFromTheResponderAreDropped() {
        var headers = HTTPHeaders()
        headers.add(name: "date", value: "yesterday")
        headers.add(name: "Connection", value: "upgrade")
        headers.add(name: "Transfer-Encoding", value: "chunked")
        headers.add(name: "Bad Name", value: "x")
        headers.add(name: "X-Split", value: "a\nb")
        headers.add(name: "Allow", value: "GET, POST")
        headers.add(name: "x-content-type-options", value: "sniff-away")
        let text = encode(HTTPResponse(status: 405, headers: headers))
        #expect(
            text
                == "HTTP/1.1 405 Method Not Allowed\r\nDate: DATE\r\nAllow: GET, POST\r\n"
                + "Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n"
                + "X-Content-Type-Options: nosniff\r\nContent-Length: 0\r\n\r\n")
    }

    /// Tokens, webhook secrets and a user's data are in API answers: none
    /// may be kept by a cache unless its responder says so, and no answer
    /// may be sniffed into another type.
    @Test func answersAreNotStoredUnlessTheResponderSaysAndAreNeverSniffed() {
        let plain = encode(HTTPResponse(status: 200, body: Data("{}".utf8)))
        #expect(plain.contains("\r\nCache-Control: no-store\r\n"))
        #expect(plain.contains("\r\nX-Content-Type-Options: nosniff\r\n"))
        let cached = encode(
            HTTPResponse(
                status: 200,
                headers: HTTPHeaders([
                    ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
                ])))
        #expect(cached.components(separatedBy: "Cache-Control").count == 2)
        #expect(cached.contains("\r\nCache-Control: no-cache\r\n"))
        #expect(cached.components(separatedBy: "X-Content-Type-Options").count == 2)
        for status in [304, 404, 408, 503] {
            #expect(
                encode(HTTPResponse(status: status)).contains(
                    "\r\nX-Content-Type-Options: nosniff\r\n"))
        }
    }

    @Test func statusesWithoutBodiesHaveNoContentLength() {
        let text = encode(HTTPResponse(status: 204, body: Data("x".utf8)))
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func outOfRangeStatusBecomes500() {
        #expect(
            encode(HTTPResponse(status: 42)).hasPrefix("HTTP/1.1 500 Internal Server Error\r\n"))
        #expect(encode(HTTPResponse(status: 299)).hasPrefix("HTTP/1.1 299 Success\r\n"))
    }

    @Test func layerErrorsUseTheAPIErrorForm() throws {
        let response = HTTPResponse.parseError(.payloadTooLarge(limit: 65_536))
        #expect(response.status == 413)
        let body = try #require(
            try JSONSerialization.jsonObject(with: response.body) as? [String: String])
        #expect(body["code"] == "payload_too_large")
        #expect(body["message"] == "The request body is larger than the limit of 65536 bytes.")
    }

    @Test func logLineKeepsKnownQueryNamesOnlyAndEscapesControlCharacters() {
        let request = HTTPRequest(
            method: "GET", path: "/a b\n/fake 200",
            query: [
                ("date", "2026-01-01"), ("to\n", "x"), ("email", "a@example.com"),
                ("status", "all"),
                ("today", "x"), ("from", "x"), ("to", "x"), ("Date", "x"),
            ])
        let line = RequestLogLine.format(
            request: request, route: nil, status: 404, duration: .microseconds(1_250))
        #expect(
            line
                == "GET /… (14 bytes)?date=…&…&…&status=…&today=…&from=…&to=…&… 404 1.2ms"
        )
    }

    @Test func logLineCutsLongPaths() {
        let request = HTTPRequest(method: "GET", path: "/" + String(repeating: "x", count: 500))
        let line = RequestLogLine.format(request: request, route: nil, status: 404, duration: .zero)
        #expect(line == "GET /… (501 bytes) 404 0.0ms")
    }

    @Test func logLevelsFilterAndParse() {
        let recorder = LogRecorder()
        var log = recorder.log
        log.level = .warning
        log.info("hidden")
        log.warning("shown")
        log.error("also shown")
        log.error("two\nlines\r")
        #expect(
            recorder.recorded == ["warning: shown", "error: also shown", "error: two\\nlines\\r"])
        #expect(ServerLog.Level(parsing: "DEBUG") == .debug)
        #expect(ServerLog.Level(parsing: "warn") == .warning)
        #expect(ServerLog.Level(parsing: "loud") == nil)
        #expect(
            ServerLog.Level.allCases.allSatisfy { ServerLog.Level(parsing: $0.description) == $0 })
    }

    @Test func dateCacheFormatsIMFFixdateAndChangesEachSecond() {
        var cache = HTTPDateCache()
        let instant = Date(timeIntervalSince1970: 1_796_065_200.25)  // 2026-11-30T19:00:00.25Z
        #expect(cache.text(for: instant) == "Mon, 30 Nov 2026 19:00:00 GMT")
        #expect(cache.text(for: instant.addingTimeInterval(0.5)) == "Mon, 30 Nov 2026 19:00:00 GMT")
        #expect(cache.text(for: instant.addingTimeInterval(1)) == "Mon, 30 Nov 2026 19:00:01 GMT")
    }
}
