import Foundation
import HabitConcurrency
import TestSupport

@testable import HabitHTTP

/// Answers every request with a JSON echo of what the server parsed:
/// `{"method", "path", "query": [[name, value]…], "body"}`.
///
/// A request to /block waits until the test signals `release` (after
/// signalling `entered`), to hold a request in flight. A request to
/// /no-content answers 204 with a body the server must drop, and /text
/// answers with its own Content-Type and a Content-Length the server must
/// replace. /at-once is answered by `answerAtOnce`, never by `respond`.
final class EchoResponder: HTTPResponder {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    private let callCount = Locked(0)

    /// How many requests reached the responder.
    var calls: Int { callCount.withLock { $0 } }

    func answerAtOnce(to request: HTTPRequest) -> HTTPResponse? {
        guard request.path == "/at-once" else { return nil }
        return HTTPResponse(status: 200, body: Data(#"{"answered": "at once"}"#.utf8))
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        callCount.withLock { $0 += 1 }
        switch request.path {
        case "/block":
            entered.signal()
            release.wait()
        case "/no-content":
            return HTTPResponse(status: 204, body: Data("dropped".utf8))
        case "/text":
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/plain")
            headers.add(name: "Content-Length", value: "999")
            headers.add(name: "X-Injected", value: "a\r\nSet-Cookie: evil")
            return HTTPResponse(status: 200, headers: headers, body: Data("plain".utf8))
        default:
            break
        }
        let echo: [String: Any] = [
            "method": request.method,
            "path": request.path,
            "query": request.query.map { [$0.name, $0.value] },
            "body": String(decoding: request.body, as: UTF8.self),
        ]
        let body =
            (try? JSONSerialization.data(withJSONObject: echo, options: [.sortedKeys])) ?? Data()
        // Two paths stand for routes, whose template the log shows; the rest match none.
        let isRoute = ["/echo", "/api/me/habits/"].contains(request.path)
        return HTTPResponse(status: 200, body: body, logRoute: isRoute ? request.path : nil)
    }
}

/// Collects log lines, for tests that check what is (and is not) logged.
final class LogRecorder: Sendable {
    private let lines = Locked<[String]>([])

    var log: ServerLog {
        ServerLog(
            level: .debug,
            sink: { [self] level, message in
                lines.withLock { $0.append("\(level): \(message)") }
            })
    }

    var recorded: [String] {
        lines.withLock { $0 }
    }
}

/// An `HTTPServer` on a free loopback port with an `EchoResponder`.
final class TestHTTPServer: Sendable {
    let server: HTTPServer
    let responder: EchoResponder
    let port: UInt16
    let logRecorder = LogRecorder()

    init(configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configure(&configuration)
        let responder = EchoResponder()
        self.responder = responder
        server = HTTPServer(
            configuration: configuration, responder: responder, log: logRecorder.log)
        port = try server.start()
    }

    func connect() throws -> RawHTTPClient {
        try RawHTTPClient(port: port, host: server.configuration.host)
    }

    deinit {
        responder.release.signal()
        server.shutdown()
    }
}
