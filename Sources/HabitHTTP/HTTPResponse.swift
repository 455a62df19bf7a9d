import Foundation

/// A response to send. The server adds Date, Content-Length and Connection.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Turns a request into a response: what the application gives the HTTP server.
///
/// Called on the connection's thread; it may block (SQLite, a mail command).
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}
