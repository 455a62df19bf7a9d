import Foundation

/// When a failed delivery is tried again: exponential backoff with jitter,
/// bounded in total.
///
/// Attempt `n` (1 for the first failure) waits `base × 2^(n−1)`, at most
/// `cap`, scaled by a jitter factor in `[0.5, 1]`, so receivers that failed
/// together are not hit together again. A delivery whose next attempt would
/// come after `created + maximumAge` is given up.
package struct RetrySchedule: Hashable, Sendable {
    /// Mail and ntfy channels: a reminder is worth little an hour late.
    package static let channel = RetrySchedule(base: 30, cap: 15 * 60, maximumAge: 60 * 60)
    /// Webhooks: retried for up to 24 hours (receivers deduplicate), at
    /// most 15 minutes apart like the channels, so a receiver back from an
    /// outage has its backlog within 15 minutes, not hours later. A receiver
    /// still down costs little: after one attempt that gets no answer, the
    /// rest of the run skips its host (`DeliveryLanes`).
    package static let webhook = RetrySchedule(base: 30, cap: 15 * 60, maximumAge: 24 * 60 * 60)

    package var base: TimeInterval
    package var cap: TimeInterval
    package var maximumAge: TimeInterval

    package init(base: TimeInterval, cap: TimeInterval, maximumAge: TimeInterval) {
        self.base = base
        self.cap = cap
        self.maximumAge = maximumAge
    }

    /// The delay before attempt `failures + 1`, `jitter` in `0...1` picking
    /// a point of the band `[delay / 2, delay]`.
    package func delay(afterFailures failures: Int, jitter: Double) -> TimeInterval {
        let exponent = Double(max(0, min(failures - 1, 30)))
        let full = min(cap, base * pow(2, exponent))
        return full * (0.5 + 0.5 * min(1, max(0, jitter)))
    }

    /// The next attempt of a delivery created at `created` that has failed
    /// `failures` times, the last at `now`; `nil` to give up.
    package func nextAttempt(created: Date, failures: Int, now: Date, jitter: Double) -> Date? {
        let next = now.addingTimeInterval(delay(afterFailures: failures, jitter: jitter))
        return next.timeIntervalSince(created) <= maximumAge ? next : nil
    }
}
