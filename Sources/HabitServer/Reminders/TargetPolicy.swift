import Foundation

/// Which URLs the server may POST to (webhooks, ntfy topics): the guard
/// against server-side request forgery.
///
/// Only `https://` to hosts whose every address is public. With
/// `allowPrivate` (the administrator's `--allow-private-targets`), loopback
/// and private-network targets are allowed too, and then plain `http://`
/// as well. A name is resolved and each address checked; the sender connects
/// only to an address checked this way at send time, so a name that starts
/// resolving to a private address later is refused then.
package struct TargetPolicy: Sendable {
    package var allowPrivate: Bool

    package init(allowPrivate: Bool) {
        self.allowPrivate = allowPrivate
    }

    /// A URL the policy accepts in form (before any resolution).
    package struct Endpoint: Hashable, Sendable {
        package var secure: Bool
        package var host: String
        package var port: UInt16
        /// The path and query, at least `/`.
        package var pathAndQuery: String
        /// The `Host` header value.
        package var authority: String
    }

    /// Why a target is refused: one sentence for the user.
    package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The URL's parts, or why its form is refused: not http(s), user info,
    /// no host, http without `allowPrivate`, too long.
    package func endpoint(_ text: String) throws(Refusal) -> Endpoint {
        guard text.utf8.count <= 2_000, let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased()
        else { throw Refusal(description: "The URL is not a valid absolute URL.") }
        guard scheme == "https" || scheme == "http" else {
            throw Refusal(description: "Only https:// URLs are allowed.")
        }
        guard components.user == nil, components.password == nil else {
            throw Refusal(description: "The URL must not carry a user name or password.")
        }
        guard var host = components.host, !host.isEmpty else {
            throw Refusal(description: "The URL has no host.")
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        host = host.lowercased()
        let secure = scheme == "https"
        if !secure && !allowPrivate {
            throw Refusal(description: "Only https:// URLs are allowed.")
        }
        let port = components.port ?? (secure ? 443 : 80)
        guard (1...65_535).contains(port) else {
            throw Refusal(description: "The URL's port is not a port number.")
        }
        var path = components.percentEncodedPath
        if path.isEmpty { path = "/" }
        if let query = components.percentEncodedQuery { path += "?" + query }
        let literal = IPAddress(host)
        let bracketed = literal.map { !$0.isIPv4 } ?? false ? "[\(host)]" : host
        let defaultPort = secure ? 443 : 80
        let authority = port == defaultPort ? bracketed : "\(bracketed):\(port)"
        let endpoint = Endpoint(
            secure: secure, host: host, port: UInt16(port), pathAndQuery: path,
            authority: authority)
        if let literal { _ = try check([literal], endpoint: endpoint) }
        return endpoint
    }

    /// The addresses of `endpoint` it may connect to: all of `addresses`
    /// when each is public (or private ones are allowed); else the refusal
    /// naming the first that is not. Plain http goes only to non-public
    /// addresses, since it is allowed only for them.
    package func check(_ addresses: [IPAddress], endpoint: Endpoint) throws(Refusal) -> [IPAddress]
    {
        guard !addresses.isEmpty else {
            throw Refusal(description: "The host \(endpoint.host) has no address.")
        }
        for address in addresses {
            if let kind = address.nonPublicKind {
                guard allowPrivate else {
                    throw Refusal(
                        description:
                            "The host \(endpoint.host) is a \(kind) address (\(address)); the server "
                            + "sends only to public addresses unless started with "
                            + "--allow-private-targets.")
                }
            } else if !endpoint.secure {
                throw Refusal(
                    description:
                        "Plain http:// is allowed only to private-network targets; use https://.")
            }
        }
        return addresses
    }
}
