import Foundation

/// A response to send. The server adds Date, Content-Length and Connection.
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: Data
    /// The template of the route that answered (`/api/me/habits/{id}/`),
    /// which the request's log line shows instead of the path; nil when no
    /// route matched. Never sent.
    package var logRoute: String?
    /// The level its request line is logged at: `.debug` for probes (health
    /// checks, metrics scrapes) that would otherwise fill the log.
    package var logLevel: ServerLog.Level = .info

    package init(
        status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(),
        logRoute: String? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.logRoute = logRoute
    }
}

/// Turns a request into a response: what the application gives the HTTP server.
///
/// `respond` runs on a responder thread and may block (SQLite, a mail
/// command). `answerAtOnce` runs first, on the event loop's own thread, and
/// must never block: it answers what is already known (a cached body) and
/// returns `nil` for everything else, which then goes to `respond`.
package protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// The answer when it is known without waiting for anything, else `nil`.
    func answerAtOnce(to request: HTTPRequest) -> HTTPResponse?
}

extension HTTPResponder {
    /// Nothing is known at once: every request goes to `respond`.
    package func answerAtOnce(to request: HTTPRequest) -> HTTPResponse? { nil }
}
