import Foundation
import HabitHTTP

/// The proxies whose `X-Forwarded-For` the server believes, and how it finds
/// the real client behind them.
///
/// The header is read only when the connection's peer is a trusted proxy,
/// from the right: each proxy appends the address it received the request
/// from, so the right-most address that is not itself a trusted proxy is the
/// client (what MDN's and OWASP's guidance call the right-most untrusted
/// hop). Addresses further left were written by that client and prove
/// nothing. An entry that is not an IP address ends the walk at the last
/// trusted hop, since whatever wrote it is not to be believed either.
struct TrustedProxies: Hashable, Sendable {
    /// One trusted address or network: `192.0.2.10`, `10.0.0.0/8`, `fd00::/8`.
    struct Network: Hashable, Sendable {
        var address: ClientAddress
        var prefixLength: Int

        /// `ADDRESS` or `ADDRESS/BITS`; nil for anything else.
        init?(parsing text: some StringProtocol) {
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            guard let address = ClientAddress(parsing: parts[0]) else { return nil }
            let limit = address.isIPv4 ? 32 : 128
            var bits = limit
            if parts.count == 2 {
                guard let given = Int(parts[1]), (0...limit).contains(given),
                    parts[1].utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
                else { return nil }
                bits = given
            }
            self.address = address.prefix(bits)
            self.prefixLength = bits
        }

        func contains(_ candidate: ClientAddress) -> Bool {
            candidate.isIPv4 == address.isIPv4 && candidate.prefix(prefixLength) == address
        }
    }

    var networks: [Network] = []

    func isTrusted(_ address: ClientAddress) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// The client of `request`, from its peer and `X-Forwarded-For` fields.
    func client(of request: HTTPRequest) -> ClientAddress? {
        guard let peer = request.clientAddress, isTrusted(peer) else {
            return request.clientAddress
        }
        let forwarded = request.headers.compactMap { field in
            field.name.caseInsensitiveCompare("X-Forwarded-For") == .orderedSame ? field.value : nil
        }
        return client(peer: peer, forwardedFor: forwarded)
    }

    /// The scheme the client used, as a trusted proxy tells it in
    /// `X-Forwarded-Proto` (lowercased); `nil` when the peer is not trusted
    /// or says nothing. The last value counts: the nearest proxy wrote it.
    func forwardedProto(of request: HTTPRequest) -> String? {
        guard let peer = request.clientAddress, isTrusted(peer) else { return nil }
        let values = request.headers.filter {
            $0.name.caseInsensitiveCompare("X-Forwarded-Proto") == .orderedSame
        }
        guard let last = values.last?.value.split(separator: ",").last else { return nil }
        return last.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The client of a request from `peer` carrying `forwardedFor` (the
    /// values of every `X-Forwarded-For` field, in order).
    func client(peer: ClientAddress?, forwardedFor: [String]) -> ClientAddress? {
        guard var client = peer, isTrusted(client) else { return peer }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }
        for hop in hops.reversed() {
            let text = hop.trimmingCharacters(in: .whitespaces)
            guard let address = ClientAddress(parsing: text) else { return client }
            client = address
            if !isTrusted(address) { return address }
        }
        return client
    }
}
