import Foundation

/// How often a code may be sent to one address: at most `limit` sends in
/// any `window`, for each of several windows (by default 1 per minute and
/// 10 per hour).
struct SendRateLimit: Hashable, Sendable {
    struct Rule: Hashable, Sendable {
        var limit: Int
        var window: TimeInterval
    }

    var rules: [Rule]

    static let standard = SendRateLimit(rules: [
        Rule(limit: 1, window: 60), Rule(limit: 10, window: 3600),
    ])

    /// The longest window: how far back the send history is needed.
    var longestWindow: TimeInterval { rules.map(\.window).max() ?? 0 }

    /// Whole seconds until another send is allowed (at least 1), or `nil`
    /// when one is allowed at `now`. `sendTimes` are the earlier sends, oldest first.
    func retryAfter(sendTimes: [Date], now: Date) -> Int? {
        var allowedAt = now
        for rule in rules {
            let recent = sendTimes.filter { $0 > now.addingTimeInterval(-rule.window) }.sorted()
            guard rule.limit > 0 else { continue }
            if recent.count >= rule.limit {
                // The send that must leave the window before another fits.
                let blocking = recent[recent.count - rule.limit]
                allowedAt = max(allowedAt, blocking.addingTimeInterval(rule.window))
            }
        }
        let wait = allowedAt.timeIntervalSince(now)
        return wait > 0 ? max(1, Int(wait.rounded(.up))) : nil
    }
}
