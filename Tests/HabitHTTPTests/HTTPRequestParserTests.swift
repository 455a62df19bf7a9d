import Foundation
import Testing

@testable import HabitHTTP

@Suite("HTTPRequestParser")
struct HTTPRequestParserTests {
    /// Parses `text` fed in one piece; nil when more bytes are needed.
    private func parse(
        _ text: String, limits: HTTPRequestParser.Limits = .init()
    ) throws(HTTPParseError) -> HTTPRequestParser.ParsedRequest? {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(contentsOf: Array(text.utf8))
        return try parser.next()
    }

    private func parseError(_ text: String, limits: HTTPRequestParser.Limits = .init())
        -> HTTPParseError?
    {
        do {
            _ = try parse(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesRequestLineHeadersAndBody() throws {
        let parsed = try #require(
            try parse(
                "POST /api/auth/token/ HTTP/1.1\r\nHost: example\r\nContent-Type: application/json\r\n"
                    + "Content-Length: 2\r\nX-Spaces:   padded value \t\r\n\r\n{}"))
        #expect(parsed.request.method == "POST")
        #expect(parsed.request.path == "/api/auth/token/")
        #expect(parsed.request.query.isEmpty)
        #expect(parsed.request.headers["content-type"] == "application/json")
        #expect(parsed.request.headers["X-SPACES"] == "padded value")
        #expect(parsed.request.body == Data("{}".utf8))
        #expect(parsed.version == .http11)
        #expect(parsed.keepAlive)
    }

    @Test func decodesPathAndQuery() throws {
        let parsed = try #require(
            try parse(
                "GET /caf%C3%A9/a+b/%2E%2E/?q=a+b%26c&empty=&flag&&x=%3D1&q=2 HTTP/1.1\r\nHost: h\r\n\r\n"
            ))
        // `+` is a space only in the query; `..` stays for the router to reject.
        #expect(parsed.request.path == "/café/a+b/../")
        #expect(parsed.request.query.map(\.name) == ["q", "empty", "flag", "x", "q"])
        #expect(parsed.request.query.map(\.value) == ["a b&c", "", "", "=1", "2"])
        #expect(parsed.request.queryValue("q") == "a b&c")
    }

    @Test func headerLookupFoldsASCIICaseOnly() {
        var headers = HTTPHeaders([("X-Ab[", "1"), ("Café", "2")])
        #expect(headers["x-aB["] == "1")
        #expect(headers["X-AB{"] == nil)  // "[" and "{" differ by the case bit but are not letters.
        #expect(headers["X-Ab"] == nil)
        #expect(headers["CAFÉ"] == nil)  // Only ASCII folds: header names are ASCII tokens.
        #expect(headers["café"] == "2")
        headers.replace(name: "x-ab[", value: "3")
        #expect(headers.fields.map(\.value) == ["2", "3"])
    }

    @Test func encodedSlashStaysEncodedInThePath() throws {
        let parsed = try #require(
            try parse("GET /api%2Fme/a%2fb/%41?x=%2F HTTP/1.1\r\nHost: h\r\n\r\n"))
        // A slash inside a segment is not a separator; other escapes are decoded.
        #expect(parsed.request.path == "/api%2Fme/a%2fb/A")
        #expect(parsed.request.path.split(separator: "/") == ["api%2Fme", "a%2fb", "A"])
        #expect(parsed.request.queryValue("x") == "/")
    }

    @Test func http11NeedsExactlyOneHostHeader() throws {
        #expect(parseError("GET / HTTP/1.1\r\n\r\n") == .hostRequired)
        #expect(parseError("GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n") == .hostRequired)
        #expect(parseError("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n") == .hostRequired)
        #expect(HTTPParseError.hostRequired.status == 400)
        #expect(HTTPParseError.hostRequired.code == "bad_request")
        // An empty value is still one Host header (RFC 9112 §3.2 allows it without an authority).
        #expect(try parse("GET / HTTP/1.1\r\nHOST:\r\n\r\n") != nil)
        // HTTP/1.0 predates Host.
        #expect(try parse("GET / HTTP/1.0\r\n\r\n") != nil)
    }

    @Test func acceptsAbsoluteFormTargets() throws {
        let withPath = try #require(
            try parse("GET http://host:8000/api/me/?a=1 HTTP/1.1\r\nHost: h\r\n\r\n"))
        #expect(withPath.request.path == "/api/me/")
        #expect(withPath.request.queryValue("a") == "1")
        let bare = try #require(try parse("GET HTTPS://host HTTP/1.1\r\nHost: h\r\n\r\n"))
        #expect(bare.request.path == "/")
    }

    @Test(arguments: [
        "GET /a%00 HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a%FF HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a%C3 HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a%4 HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a%g1 HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a?x=%00 HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a?%FF=1 HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a#frag HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET * HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET api/me/ HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET ftp://host/ HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET %2Fetc HTTP/1.1\r\nHost: h\r\n\r\n",
    ])
    func rejectsBadTargets(request: String) {
        #expect(parseError(request) == .badTarget)
    }

    @Test(arguments: [
        "GET / HTTP/1.1 extra\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/11\r\n\r\n",
        "GET / http/1.1\r\n\r\n",
        "\u{16}\u{03}\u{01} / HTTP/1.1\r\nHost: h\r\n\r\n",
    ])
    func rejectsBadRequestLines(request: String) {
        #expect(parseError(request) == .badRequestLine)
    }

    @Test(arguments: [
        "GET / HTTP/1.1\r\nHost: h\r\nNo-Colon\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\n: empty-name\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nSpace Before : x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX: bare\nLF\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX: bare\rCR\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX: nul\0\r\n\r\n",
    ])
    func rejectsBadHeaders(request: String) {
        #expect(parseError(request) == .badHeader)
    }

    @Test(arguments: [
        "GET / HTTP/1.1\nHost: h\n\n",
        "GET / HTTP/1.1\nHost: h\n",
        "GET / HTTP/1.1\r\nHost: h\n\n",
        "\n\nGET / HTTP/1.1\n",
    ])
    func aBareLineFeedIsRefusedWithoutWaitingForMore(request: String) {
        #expect(parseError(request) == .bareLineFeed)
        #expect(HTTPParseError.bareLineFeed.status == 400)
    }

    @Test func aBareLineFeedArrivingByteByByteIsRefusedWhenItArrives() throws {
        var parser = HTTPRequestParser()
        for byte in "GET / HTTP/1.1\r".utf8 {
            parser.append(contentsOf: [byte])
            #expect(try parser.next() == nil)
        }
        parser.append(contentsOf: Array("\nHost: h\r".utf8))
        #expect(try parser.next() == nil)
        parser.append(contentsOf: Array("\n".utf8))
        #expect(try parser.next() == nil)
        parser.append(contentsOf: Array("X: y\n".utf8))
        #expect(throws: HTTPParseError.bareLineFeed) { try parser.next() }
    }

    @Test func unsupportedVersionIs505() {
        let error = parseError("GET / HTTP/2.0\r\n\r\n")
        #expect(error == .unsupportedVersion("HTTP/2.0"))
        #expect(error?.status == 505)
    }

    @Test func laterHTTP1MinorVersionIsTreatedAs11() throws {
        #expect(try parse("GET / HTTP/1.7\r\nHost: h\r\n\r\n")?.version == .http11)
    }

    @Test func transferEncodingIs411() {
        let error = parseError(
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
        #expect(error == .transferEncodingNotSupported)
        #expect(error?.status == 411)
        #expect(error?.code == "length_required")
        // Also when Content-Length is present too: the two framings could disagree.
        #expect(
            parseError(
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: gzip\r\n\r\n"
            )
                == .transferEncodingNotSupported)
    }

    // RFC 9112 §6.3: a request with neither Content-Length nor Transfer-Encoding
    // has an empty body, whatever its method (`curl -X POST` sends one).
    @Test(arguments: ["POST", "PUT", "PATCH"])
    func bodyMethodsWithoutContentLengthHaveEmptyBodies(method: String) throws {
        #expect(try parse("\(method) /x HTTP/1.1\r\nHost: h\r\n\r\n")?.request.body.isEmpty == true)
    }

    @Test func getAndDeleteWithoutContentLengthHaveEmptyBodies() throws {
        #expect(try parse("DELETE /x HTTP/1.1\r\nHost: h\r\n\r\n")?.request.body.isEmpty == true)
    }

    @Test(arguments: [
        "-1", "1.0", "0x10", "", "1 2", "+5", "5, 6",
    ])
    func invalidContentLengthIs400(value: String) {
        #expect(
            parseError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: \(value)\r\n\r\n")
                == .invalidContentLength
        )
    }

    @Test func repeatedContentLengthMustAgree() throws {
        #expect(
            parseError(
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab")
                == .invalidContentLength)
        let agreeing = try parse(
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2, 2\r\ncontent-length: 2\r\n\r\nab")
        #expect(agreeing?.request.body == Data("ab".utf8))
    }

    @Test func bodyOverTheLimitIs413WithoutWaitingForIt() {
        let limits = HTTPRequestParser.Limits(maxBodyBytes: 10)
        #expect(
            parseError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n", limits: limits)
                == .payloadTooLarge(limit: 10))
        #expect(
            parseError(
                "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999999\r\n\r\n",
                limits: limits) == .payloadTooLarge(limit: 10))
        #expect(
            parseError("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n", limits: limits)
                == nil)
    }

    @Test func headersOverTheLimitAre431EvenBeforeTheyEnd() {
        let limits = HTTPRequestParser.Limits(maxHeaderBytes: 64)
        let head = "GET / HTTP/1.0\r\nX: \(String(repeating: "a", count: 60))"
        #expect(parseError(head, limits: limits) == .headersTooLarge(limit: 64))
        #expect(parseError(head + "\r\n\r\n", limits: limits) == .headersTooLarge(limit: 64))
        // (HTTP/1.0, which needs no Host header.) Exactly at the limit (counting the final CRLF CRLF) is fine.
        let exact = "GET / HTTP/1.0\r\nX: " + String(repeating: "a", count: 64 - 23) + "\r\n\r\n"
        #expect(exact.utf8.count == 64)
        #expect(parseError(exact, limits: limits) == nil)
    }

    @Test func keepAliveFollowsVersionAndConnectionHeader() throws {
        #expect(try parse("GET / HTTP/1.1\r\nHost: h\r\n\r\n")?.keepAlive == true)
        #expect(
            try parse("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n\r\n")?.keepAlive == false)
        #expect(
            try parse("GET / HTTP/1.1\r\nHost: h\r\nConnection: te, close\r\n\r\n")?.keepAlive
                == false)
        #expect(try parse("GET / HTTP/1.0\r\n\r\n")?.keepAlive == false)
        #expect(try parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")?.keepAlive == true)
        #expect(try parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")?.version == .http10)
    }

    @Test func incrementalBytesGiveTheSameRequests() throws {
        let stream =
            "\r\nPOST /one?x=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET /two HTTP/1.1\r\nHost: h\r\n"
            + "Connection: close\r\n\r\n"
        var parser = HTTPRequestParser()
        var paths: [String] = []
        var bodies: [Data] = []
        for byte in stream.utf8 {
            parser.append(contentsOf: [byte])
            while let parsed = try parser.next() {
                paths.append(parsed.request.path)
                bodies.append(parsed.request.body)
            }
        }
        #expect(paths == ["/one", "/two"])
        #expect(bodies == [Data("hello".utf8), Data()])
        #expect(!parser.hasPartialRequest)
    }

    @Test func leftoverBytesBelongToTheNextRequest() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: Array("GET /a HTTP/1.1\r\nHost: h\r\n\r\nGET /b HT".utf8))
        #expect(try parser.next()?.request.path == "/a")
        #expect(try parser.next() == nil)
        #expect(parser.hasPartialRequest)
        parser.append(contentsOf: Array("TP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(try parser.next()?.request.path == "/b")
        #expect(!parser.hasPartialRequest)
    }

    @Test func emptyLinesAfterABodyStartNoRequest() throws {
        var parser = HTTPRequestParser()
        parser.append(
            contentsOf: Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n\r\nx\r\n".utf8))
        #expect(try parser.next()?.request.body == Data("x".utf8))
        #expect(try parser.next() == nil)
        #expect(!parser.hasPartialRequest)
    }

    @Test func afterAnErrorTheParserStaysFailed() throws {
        var parser = HTTPRequestParser()
        parser.append(contentsOf: Array("NOT HTTP\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.badRequestLine) { try parser.next() }
        #expect(throws: HTTPParseError.badRequestLine) { try parser.next() }
    }

    @Test func expectContinueIsReportedUntilAcknowledgedOrTheBodyArrives() throws {
        var parser = HTTPRequestParser()
        parser.append(
            contentsOf: Array(
                "PUT / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
                    .utf8))
        #expect(try parser.next() == nil)
        #expect(parser.awaitsContinue)
        parser.continueSent()
        #expect(!parser.awaitsContinue)
        parser.append(contentsOf: Array("ok".utf8))
        #expect(try parser.next()?.request.body == Data("ok".utf8))
    }

    @Test func headerValuesThatAreNotUTF8AreReadAsLatin1() throws {
        var parser = HTTPRequestParser()
        parser.append(
            contentsOf: Array("GET / HTTP/1.1\r\nHost: h\r\nX-Name: caf".utf8) + [0xE9]
                + Array("\r\n\r\n".utf8))
        #expect(try parser.next()?.request.headers["x-name"] == "café")
    }

    @Test func errorsCarryStatusCodeAndASentence() {
        let all: [HTTPParseError] = [
            .badRequestLine, .badHeader, .unsupportedVersion("HTTP/3.0"), .badTarget,
            .transferEncodingNotSupported, .invalidContentLength,
            .payloadTooLarge(limit: 1), .headersTooLarge(limit: 1),
        ]
        #expect(all.map(\.status) == [400, 400, 505, 400, 411, 400, 413, 431])
        for error in all {
            #expect(HTTPResponse.parseErrorMessage(error).hasSuffix("."))
            #expect(!error.code.isEmpty)
        }
    }
}
