import Foundation
import TestSupport
import Testing

@testable import HabitHTTP

@Suite("HTTPServer over loopback")
struct HTTPServerTests {
    @Test func keepAliveServesTwoRequestsOnOneConnection() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send("GET /first?date=2026-03-01 HTTP/1.1\r\nHost: x\r\n\r\n")
        let first = try client.readResponse()
        #expect(first.status == 200)
        #expect(first.json?["path"] as? String == "/first")
        #expect(first.header("Connection") == nil)
        try client.send("GET /second HTTP/1.1\r\nHost: x\r\n\r\n")
        let second = try client.readResponse()
        #expect(second.json?["path"] as? String == "/second")
        #expect(!client.hasInputPending())
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send(
            "GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nxyzGET /c HTTP/1.1\r\nHost: x\r\n"
                + "Connection: close\r\n\r\n")
        let paths = try (0..<3).map { _ in try client.readResponse().json?["path"] as? String }
        #expect(paths == ["/a", "/b", "/c"])
        #expect(try client.readsEndOfStream())
    }

    @Test func contentLengthBodyReachesTheResponder() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        let body = #"{"email": "é@example.com"}"#
        try client.send(
            "POST /api/auth/email/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.json?["method"] as? String == "POST")
        #expect(response.json?["body"] as? String == body)
    }

    @Test func everyResponseCarriesDateLengthAndJSONContentType() throws {
        let fixed = Date(timeIntervalSince1970: 784_111_777)
        let test = try TestHTTPServer { $0.now = { fixed } }
        let client = try test.connect()
        try client.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.header("Date") == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.header("Content-Length") == String(response.body.count))
        try client.send("GET /garbage\0 HTTP/1.1\r\nHost: x\r\n\r\n")
        let error = try client.readResponse()
        #expect(error.status == 400)
        #expect(error.header("Date") == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(error.header("Content-Type") == "application/json; charset=utf-8")
    }

    @Test func dateHeaderFromTheSystemClockIsParseable() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try client.readResponse()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = try #require(response.header("Date").flatMap(formatter.date(from:)))
        #expect(abs(date.timeIntervalSinceNow) < 3600)
    }

    @Test func responderHeadersAreKeptButServerOwnedOnesReplaced() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send(
            "GET /text HTTP/1.1\r\nHost: x\r\n\r\nGET /no-content HTTP/1.1\r\nHost: x\r\n\r\n")
        let text = try client.readResponse()
        #expect(text.header("Content-Type") == "text/plain")
        #expect(text.header("Content-Length") == "5")
        #expect(text.header("X-Injected") == nil)
        #expect(text.header("Set-Cookie") == nil)
        #expect(text.body == Data("plain".utf8))
        let noContent = try client.readResponse()
        #expect(noContent.status == 204)
        #expect(noContent.header("Content-Length") == nil)
        #expect(noContent.body.isEmpty)
        #expect(!client.hasInputPending())
    }

    @Test func chunkedBodyIsRefusedWith411() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send(
            "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
        )
        let response = try client.readResponse()
        #expect(response.status == 411)
        #expect(response.json?["code"] as? String == "length_required")
        #expect(response.json?["message"] is String)
        #expect(response.header("Connection") == "close")
        #expect(try client.readsEndOfStream())
        #expect(test.responder.calls == 0)
    }

    @Test func oversizedBodyIsRefusedWith413BeforeItArrives() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        // Announces 10 MB but sends 1 KB: the answer must not wait for the rest.
        try client.send(
            "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n"
                + String(repeating: "a", count: 1024))
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.json?["code"] as? String == "payload_too_large")
        #expect(response.header("Connection") == "close")
        #expect(try client.readsEndOfStream())
    }

    @Test func bodyOfExactlyTheLimitIsAccepted() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send(
            "PUT /x HTTP/1.1\r\nHost: x\r\nContent-Length: 65536\r\n\r\n"
                + String(repeating: "b", count: 65_536))
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect((response.json?["body"] as? String)?.count == 65_536)
    }

    @Test func oversizedHeadersAreRefusedWith431() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send(
            "GET /x HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "h", count: 17_000))\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 431)
        #expect(response.json?["code"] as? String == "headers_too_large")
        #expect(try client.readsEndOfStream())
    }

    @Test func garbageBytesGet400AndTheServerKeepsServing() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send([
            0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03, 0x0D, 0x0A,
        ])
        try client.send("\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.json?["code"] as? String == "bad_request")
        #expect(try client.readsEndOfStream())

        let next = try test.connect()
        try next.send("GET /still-here HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try next.readResponse().status == 200)
    }

    @Test(arguments: [
        "GET /caf%FF/ HTTP/1.1\r\nHost: x\r\n\r\n",  // percent-encoded byte that is not UTF-8
        "GET /caf\u{FF} HTTP/1.1\r\nHost: x\r\n\r\n",  // raw non-ASCII byte in the target
        "GET /a%00b HTTP/1.1\r\nHost: x\r\n\r\n",  // NUL
        "GET /a%zz HTTP/1.1\r\nHost: x\r\n\r\n",  // bad escape
        "GET /x?q=%C3 HTTP/1.1\r\nHost: x\r\n\r\n",  // truncated UTF-8 in the query
    ])
    func invalidTargetsGet400(request: String) throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        var bytes = Array(request.utf8)
        if request.contains("\u{FF}") {
            bytes = Array("GET /caf".utf8) + [0xFF] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        }
        try client.send(bytes)
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(test.responder.calls == 0)
    }

    @Test func truncatedRequestThenCloseIsDroppedQuietly() throws {
        let test = try TestHTTPServer()
        do {
            let client = try test.connect()
            try client.send("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        }  // The client closes here, mid-body.
        let next = try test.connect()
        try next.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try next.readResponse().json?["path"] as? String == "/after")
        #expect(test.responder.calls == 1)
    }

    @Test func stalledClientGets408WhileOthersAreServed() throws {
        let test = try TestHTTPServer { $0.readTimeout = .seconds(2) }
        let stalled = try test.connect()
        try stalled.send("GET /slow HTTP/1.1\r\nHost: exa")

        let other = try test.connect()
        for index in 0..<3 {
            try other.send("GET /other/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try other.readResponse().status == 200)
        }
        #expect(!stalled.hasInputPending())

        let timeout = try stalled.readResponse()
        #expect(timeout.status == 408)
        #expect(timeout.json?["code"] as? String == "request_timeout")
        #expect(try stalled.readsEndOfStream())
    }

    @Test func slowTrickleDoesNotExtendTheReadDeadline() throws {
        let test = try TestHTTPServer { $0.readTimeout = .milliseconds(500) }
        let client = try test.connect()
        try client.send("GET /trickle HTTP/1.1\r\nHost: x\r\n")
        // A header line every 20 ms (when no answer came meanwhile): each read is well within
        // the timeout, but the request as a whole is not, and that is what the timeout bounds.
        var answered = false
        for index in 0..<500 where !answered {
            try? client.send("X-\(index): y\r\n")
            answered = client.hasInput(withinMilliseconds: 20)
        }
        #expect(answered)
        #expect(try client.readResponse().status == 408)
    }

    @Test func idleKeepAliveConnectionIsClosedAfterTheIdleTimeout() throws {
        let test = try TestHTTPServer { $0.idleTimeout = .milliseconds(200) }
        let client = try test.connect()
        try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(try client.readsEndOfStream())
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() throws {
        let test = try TestHTTPServer()
        let plain = try test.connect()
        try plain.send("GET /old HTTP/1.0\r\n\r\n")
        #expect(try plain.readResponse().header("Connection") == "close")
        #expect(try plain.readsEndOfStream())

        let keeping = try test.connect()
        try keeping.send("GET /old HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n")
        #expect(try keeping.readResponse().header("Connection") == "keep-alive")
        try keeping.send("GET /again HTTP/1.0\r\n\r\n")
        #expect(try keeping.readResponse().json?["path"] as? String == "/again")
        #expect(try keeping.readsEndOfStream())
    }

    @Test func headAnswersTheGetHeadersWithoutABodyAndKeepsTheConnection() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send(
            "HEAD /echo HTTP/1.1\r\nHost: x\r\n\r\nGET /echo HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readResponse(answeringHEAD: true)
        let get = try client.readResponse()
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == String(get.body.count))
        // The responder saw a GET both times: HEAD never reaches it.
        #expect(get.json?["method"] as? String == "GET")
        #expect(test.responder.calls == 2)
        #expect(!client.hasInputPending())
        #expect(test.logRecorder.recorded.contains { $0.contains("HEAD /echo 200") })
    }

    @Test func expectContinueGets100BeforeTheBody() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send(
            "PUT /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        #expect(try client.readResponse().status == 100)
        try client.send("data")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.json?["body"] as? String == "data")
    }

    @Test func fullServerClosesTheOldestIdleConnectionToAdmitANewOne() throws {
        let test = try TestHTTPServer { $0.maxConnections = 2 }
        let oldest = try test.connect()
        try oldest.send("GET /oldest HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try oldest.readResponse().status == 200)
        let newer = try test.connect()
        try newer.send("GET /newer HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try newer.readResponse().status == 200)

        // Both are idle and the server is full: the third connection costs the oldest its place.
        let third = try test.connect()
        try third.send("GET /third HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try third.readResponse().status == 200)
        #expect(try oldest.readsEndOfStream())
        try newer.send("GET /newer-again HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try newer.readResponse().json?["path"] as? String == "/newer-again")
    }

    @Test func fullServerWithNothingIdleAnswers503WithRetryAfter() throws {
        let test = try TestHTTPServer { $0.maxConnections = 1 }
        // A request with the responder is not idle, so nothing can be closed to make room.
        let busy = try test.connect()
        try busy.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        test.responder.entered.wait()

        let second = try test.connect()
        try? second.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = try second.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.json?["code"] as? String == "service_unavailable")
        #expect(try second.readsEndOfStream())

        // The busy connection is unaffected.
        test.responder.release.signal()
        #expect(try busy.readResponse().json?["path"] as? String == "/block")
    }

    @Test func anAnswerKnownAtOnceNeedsNoResponderThread() throws {
        let test = try TestHTTPServer { $0.responderThreads = 1 }
        // The only responder thread is held by /block.
        let busy = try test.connect()
        try busy.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        test.responder.entered.wait()

        let client = try test.connect()
        for _ in 0..<2 {
            try client.send("GET /at-once HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = try client.readResponse()
            #expect(answer.status == 200)
            #expect(answer.json?["answered"] as? String == "at once")
            #expect(answer.header("Date") != nil)
        }
        try client.send("HEAD /at-once HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readResponse(answeringHEAD: true)
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(test.responder.calls == 1, "only /block reached respond")

        test.responder.release.signal()
        #expect(try busy.readResponse().json?["path"] as? String == "/block")
    }

    @Test func shutdownFinishesTheRequestInFlightThenStops() throws {
        let test = try TestHTTPServer()
        let idle = try test.connect()
        try idle.send("GET /idle HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try idle.readResponse().status == 200)

        let busy = try test.connect()
        try busy.send("GET /block HTTP/1.1\r\nHost: x\r\n\r\n")
        test.responder.entered.wait()

        let stopped = DispatchSemaphore(value: 0)
        Thread { [server = test.server] in
            server.shutdown()
            stopped.signal()
        }.start()
        // Shutdown closes the idle connection at once, while the busy one is still working.
        #expect(try idle.readsEndOfStream())
        #expect(stopped.wait(timeout: .now()) == .timedOut)

        test.responder.release.signal()
        let response = try busy.readResponse()
        #expect(response.status == 200)
        #expect(response.json?["path"] as? String == "/block")
        #expect(response.header("Connection") == "close")
        #expect(try busy.readsEndOfStream())

        stopped.wait()
        test.server.waitUntilStopped()
        #expect(throws: RawHTTPClient.Failure.self) { try test.connect() }
    }

    @Test func shutdownIsIdempotentAndWorksBeforeStart() throws {
        let test = try TestHTTPServer()
        test.server.shutdown()
        test.server.shutdown()
        test.server.waitUntilStopped()
        #expect(throws: HTTPServerError.alreadyStarted) { try test.server.start() }

        let never = HTTPServer(
            configuration: .init(port: 0), responder: EchoResponder(), log: .disabled)
        never.shutdown()
        never.waitUntilStopped()
    }

    @Test func startReportsBadHostsAndBusyPorts() throws {
        let test = try TestHTTPServer()
        let clash = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: test.port), responder: EchoResponder(),
            log: .disabled)
        #expect {
            try clash.start()
        } throws: { error in
            guard case .cannotBind(_, let port, _) = error as? HTTPServerError else { return false }
            return port == test.port
        }
        let nowhere = HTTPServer(
            configuration: .init(host: "not an address", port: 0), responder: EchoResponder(),
            log: .disabled)
        #expect(throws: HTTPServerError.invalidHost("not an address")) { try nowhere.start() }
    }

    @Test func servesIPv6Loopback() throws {
        let test = try TestHTTPServer { $0.host = "::1" }
        let client = try test.connect()
        try client.send("GET /v6 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().json?["path"] as? String == "/v6")
    }

    @Test func logsOneLinePerRequestWithoutQueryValuesOrHeaders() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send(
            "GET /api/me/habits/?date=2026-03-01&secret=hunter2 HTTP/1.1\r\nHost: x\r\n"
                + "Authorization: Bearer token-value\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        try client.send("BAD\r\n\r\n")
        #expect(try client.readResponse().status == 400)
        #expect(try client.readsEndOfStream())
        test.server.shutdown()

        let lines = test.logRecorder.recorded
        let requestLines = lines.filter { $0.contains("/api/me/habits/") }
        #expect(requestLines.count == 1)
        let line = try #require(requestLines.first)
        // A parameter name the API does not define is not logged either.
        #expect(line.hasPrefix("info: GET /api/me/habits/?date=…&… 200 "))
        #expect(line.contains("ms id="))
        #expect(lines.contains("info: - - 400 bad_request"))
        for line in lines {
            #expect(!line.contains("hunter2"))
            #expect(!line.contains("2026-03-01"))
            #expect(!line.contains("token-value"))
            #expect(!line.contains("secret"))
        }
    }

    @Test func everyAnswerCarriesARequestIDThatItsLogLineShows() throws {
        let test = try TestHTTPServer()
        let client = try test.connect()
        try client.send("GET /echo HTTP/1.1\r\nHost: x\r\nX-Request-Id: trace-42\r\n\r\n")
        #expect(try client.readResponse().header("X-Request-Id") == "trace-42")
        try client.send("GET /echo HTTP/1.1\r\nHost: x\r\nX-Request-Id: me@example.com\r\n\r\n")
        let replaced = try #require(try client.readResponse().header("X-Request-Id"))
        #expect(replaced.count == 32 && replaced.allSatisfy(\.isHexDigit))
        try client.send("GET /at-once HTTP/1.1\r\nHost: x\r\n\r\n")
        let atOnce = try #require(try client.readResponse().header("X-Request-Id"))
        #expect(atOnce.count == 32 && atOnce != replaced)
        test.server.shutdown()

        let lines = test.logRecorder.recorded
        #expect(
            lines.contains { $0.hasPrefix("info: GET /echo 200 ") && $0.hasSuffix(" id=trace-42") })
        #expect(lines.contains { $0.hasSuffix(" id=\(replaced)") })
        #expect(lines.contains { $0.hasSuffix(" id=\(atOnce)") })
        #expect(!lines.contains { $0.contains("example.com") })
    }
}
