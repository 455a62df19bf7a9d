import Foundation
import HabitHTTP
import HabitStorage

/// The limits on sign-in code requests: per address (`SendRateLimit`) and
/// per client, `perClientHour` requests in any hour.
///
/// A client is its IPv4 address, or its IPv6 address's /64 (one subscriber
/// usually holds a whole /64, so counting single IPv6 addresses would limit
/// nothing). Loopback is a client like any other: behind a reverse proxy on
/// the same host every peer is loopback, and the proxy's `X-Forwarded-For`
/// (see `TrustedProxies`) is what tells clients apart. The decision is pure:
/// the store reads the history and applies the outcome in one transaction.
struct CodeRequestLimit: Hashable, Sendable {
    /// Why a request was refused.
    enum Cause: Hashable, Sendable {
        /// Too many codes went to the address.
        case address
        /// The client asked too often.
        case client
    }

    /// What to do with one code request.
    enum Decision: Hashable, Sendable {
        case allow
        /// Refused; another try may succeed after `retryAfter` whole seconds (at least 1).
        case refuse(retryAfter: Int, cause: Cause)
    }

    /// The window of the per-client limit.
    static let clientWindow: TimeInterval = 3600

    var address: SendRateLimit
    /// Requests one client may make in any hour; 0 means no limit.
    var perClientHour: Int

    init(address: SendRateLimit = .standard, perClientHour: Int) {
        self.address = address
        self.perClientHour = perClientHour
    }

    /// How far back the history is needed: the longest window of either limit.
    var longestWindow: TimeInterval {
        max(address.longestWindow, perClientHour > 0 ? Self.clientWindow : 0)
    }

    /// The keys a request from `client` is counted under: `ip:192.0.2.1`, or
    /// `ip:2001:db8:1:2::/64`; none when the limit is off or the client unknown.
    func clientKeys(_ client: ClientAddress?) -> [String] {
        guard perClientHour > 0, let client else { return [] }
        if client.isIPv4 { return ["ip:\(client)"] }
        return ["ip:\(client.prefix(64))/64"]
    }

    /// Whether a request at `now` may send a code, given the history the store
    /// read (`history.clients` in the order of `clientKeys`). When both limits
    /// refuse, the longer wait is the answer.
    func decide(_ history: CodeSendHistory, now: Date) -> Decision {
        var decision = Decision.allow
        if let wait = address.retryAfter(sendTimes: history.email, now: now) {
            decision = .refuse(retryAfter: wait, cause: .address)
        }
        guard perClientHour > 0 else { return decision }
        let clientRule = SendRateLimit(rules: [
            .init(limit: perClientHour, window: Self.clientWindow)
        ])
        for times in history.clients {
            guard let wait = clientRule.retryAfter(sendTimes: times, now: now) else { continue }
            if case .refuse(let longest, _) = decision, longest >= wait { continue }
            decision = .refuse(retryAfter: wait, cause: .client)
        }
        return decision
    }
}
