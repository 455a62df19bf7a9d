import Foundation
import HabitConcurrency

/// When this process last wrote each personal access token's use, so a
/// busy token costs one store write a minute rather than one per request
/// (the store's own condition keeps several processes to about the same).
final class AccessTokenUses: Sendable {
    /// Forgotten all at once past this many tokens: the worst it costs is
    /// one more write per token.
    static let maximumRemembered = 10_000

    private let written = Locked<[Int64: Date]>([:])

    /// Whether token `id`'s use at `now` is to be written: it was not
    /// written in the last `interval` seconds. Answers `true` once, and
    /// counts it written.
    func shouldRecord(_ id: Int64, now: Date, interval: TimeInterval) -> Bool {
        written.withLock { written in
            if let last = written[id], now.timeIntervalSince(last) < interval,
                now >= last
            {
                return false
            }
            if written.count >= Self.maximumRemembered { written.removeAll() }
            written[id] = now
            return true
        }
    }
}
