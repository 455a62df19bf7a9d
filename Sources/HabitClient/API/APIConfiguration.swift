import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the habits API lives, checked so credentials only travel safely.
///
/// The base URL is http:// or https:// with a host, a port (when given) from
/// 1 to 65535, and no query, fragment or user name. Its path always ends in exactly one slash (`/api`, `/api/` and
/// `/api//` are all `/api/`). Plain http:// is allowed only to this machine
/// (127.0.0.0/8, ::1 and localhost) unless `allowInsecure` is set, because
/// tokens and sign-in codes travel in the clear over it.
package struct APIConfiguration: Hashable, Sendable {
    /// The server a fresh installation talks to: a habits-server on this machine.
    package static let defaultBaseURL = "http://127.0.0.1:8000/api/"

    /// The normalised base URL, ending in `/`.
    package let baseURL: URL
    /// Whether plain http:// to another machine was explicitly allowed.
    package let allowInsecure: Bool

    /// Checks and normalises `baseURL`.
    ///
    /// - Throws: `APIError.invalidServerURL` when it is not an http(s) URL with
    ///   a host; `APIError.insecureServer` for plain http:// to another machine
    ///   unless `allowInsecure`.
    package init(baseURL: String = defaultBaseURL, allowInsecure: Bool = false) throws(APIError) {
        let text = baseURL.trimmingCharacters(in: .whitespaces)
        guard var components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil,
            components.user == nil, components.password == nil,
            Self.isPortAllowed(components.port)
        else { throw .invalidServerURL(baseURL) }
        components.scheme = scheme
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path + "/"
        guard let url = components.url else { throw .invalidServerURL(baseURL) }
        if scheme == "http" && !allowInsecure && !Self.isLoopback(host: host) {
            throw .insecureServer(url)
        }
        self.baseURL = url
        self.allowInsecure = allowInsecure
    }

    /// Checks and normalises `baseURL`; see `init(baseURL:allowInsecure:)`.
    package init(baseURL: URL, allowInsecure: Bool = false) throws(APIError) {
        try self.init(baseURL: baseURL.absoluteString, allowInsecure: allowInsecure)
    }

    /// The base URL as text, as saved with a session.
    package var baseURLString: String { baseURL.absoluteString }

    /// `host:port` of the server, for messages.
    package var hostDescription: String { TransportRequest.hostDescription(of: baseURL) }

    /// The URL of `path` (relative, no leading slash) under the base URL, with
    /// `query` items percent-encoded.
    func url(_ path: String, query: [(name: String, value: String)] = []) -> URL {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
        components?.percentEncodedPath += path
        if !query.isEmpty {
            components?.queryItems = query.map { URLQueryItem(name: $0.name, value: $0.value) }
        }
        // The base URL was built from components, so appending a path of
        // unreserved characters and a query keeps it valid.
        return components?.url ?? baseURL.appendingPathComponent(path)
    }

    /// Whether `port` (none: the scheme's) is one a socket can have.
    package static func isPortAllowed(_ port: Int?) -> Bool {
        port.map { (1...65535).contains($0) } ?? true
    }

    /// Whether `host` names this machine: localhost, 127.0.0.0/8 or ::1.
    package static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            // The first octet is 127; s_addr is in network byte order.
            return withUnsafeBytes(of: &v4) { $0.first == 127 }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, name, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in
                bytes.prefix(15).allSatisfy { $0 == 0 } && bytes.last == 1
            }
        }
        return false
    }
}
