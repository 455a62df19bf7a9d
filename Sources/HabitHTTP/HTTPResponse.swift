import Foundation

/// A response to send. The server adds Date, Content-Length and Connection.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    /// The template of the route that answered (`/api/me/habits/{id}/`),
    /// which the request's log line shows instead of the path; nil when no
    /// route matched. Never sent.
    public var logRoute: String?
    /// The level its request line is logged at: `.debug` for probes (health
    /// checks, metrics scrapes) that would otherwise fill the log.
    public var logLevel: ServerLog.Level = .info

    public init(
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
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// The answer when it is known without waiting for anything, else `nil`.
    func answerAtOnce(to request: HTTPRequest) -> HTTPResponse?
}

extension HTTPResponder {
    /// Nothing is known at once: every request goes to `respond`.
    public func answerAtOnce(to request: HTTPRequest) -> HTTPResponse? { nil }
}
