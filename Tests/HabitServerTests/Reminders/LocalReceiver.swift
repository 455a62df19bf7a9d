import Foundation
import HabitConcurrency
import HabitHTTP

/// A real HTTP server on 127.0.0.1 that records what it is sent and answers
/// each request with the next of `statuses` (the last one once they run out):
/// the webhook or ntfy endpoint of a test.
final class LocalReceiver: HTTPResponder {
    struct Received: Sendable {
        var path: String
        var headers: [String: String]
        var body: Data
    }

    private let statuses: [Int]
    private let received = Locked<[Received]>([])
    /// Signalled once per request, for a test that waits for one.
    private let arrived = DispatchSemaphore(value: 0)
    private let server: HTTPServer
    let port: UInt16

    init(statuses: [Int]) throws {
        self.statuses = statuses
        let box = ResponderBox()
        server = HTTPServer(
            configuration: HTTPServer.Configuration(
                host: "127.0.0.1", port: 0, eventLoops: 1, responderThreads: 1),
            responder: box, log: .disabled)
        port = try server.start()
        box.target.withLock { $0 = self }
    }

    deinit {
        server.shutdown()
    }

    var requests: [Received] { received.withLock { $0 } }

    /// Whether a request (one more than waited for before) arrived within
    /// `seconds`.
    func waitForRequest(seconds: Double) -> Bool {
        arrived.wait(timeout: .now() + seconds) == .success
    }

    func url(_ path: String = "/hook") -> String { "http://127.0.0.1:\(port)\(path)" }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var headers: [String: String] = [:]
        for name in [
            "Content-Type", "Habits-Signature", "Habits-Event", "Habits-Event-Id", "Title", "Tags",
            "Click", "Host",
        ] {
            headers[name] = request.headers[name]
        }
        let index = received.withLock { list in
            list.append(Received(path: request.path, headers: headers, body: request.body))
            return list.count - 1
        }
        arrived.signal()
        return HTTPResponse(status: statuses[min(index, statuses.count - 1)])
    }

    func stop() {
        server.shutdown()
    }
}

/// Lets the receiver be made before the server that calls it.
private final class ResponderBox: HTTPResponder {
    let target = Locked<LocalReceiver?>(nil)

    func respond(to request: HTTPRequest) -> HTTPResponse {
        target.withLock { $0 }?.respond(to: request) ?? HTTPResponse(status: 503)
    }
}
