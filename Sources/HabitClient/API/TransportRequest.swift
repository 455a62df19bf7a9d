import Foundation

/// One HTTP request as the client hands it to a transport.
package struct TransportRequest: Hashable, Sendable {
    /// The HTTP methods the habits API uses.
    package enum Method: String, Hashable, Sendable {
        case get = "GET"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    package var method: Method
    package var url: URL
    /// Header fields by lower-case name.
    package private(set) var headers: [String: String]
    package var body: Data?

    package init(method: Method, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = [:]
        self.body = body
        for (name, value) in headers { setHeader(name, value) }
    }

    /// The value of header `name`, compared without regard to case.
    package func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// Sets header `name` (any case) to `value`, replacing an earlier value.
    package mutating func setHeader(_ name: String, _ value: String) {
        headers[name.lowercased()] = value
    }

    /// Whether sending the request twice has the effect of sending it once:
    /// GET, PUT and DELETE by HTTP's rules (RFC 9110 §9.2.2), and a POST that
    /// carries an `Idempotency-Key`, which the server answers once per key.
    var isRetryable: Bool {
        switch method {
        case .get, .put, .delete: return true
        case .post: return header("Idempotency-Key") != nil
        case .patch: return false
        }
    }

    /// The URL's path as written, trailing slash kept, for error messages
    /// (Foundation's `URL.path` drops the slash).
    package var pathDescription: String { Self.pathDescription(of: url) }

    static func pathDescription(of url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.path ?? url.path
    }

    /// `host:port` of the URL, for error messages.
    package var hostDescription: String {
        Self.hostDescription(of: url)
    }

    static func hostDescription(of url: URL) -> String {
        guard var host = url.host else { return url.absoluteString }
        if host.contains(":") { host = "[\(host)]" }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
