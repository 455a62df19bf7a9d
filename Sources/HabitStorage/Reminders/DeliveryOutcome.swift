import Foundation

/// What became of one attempt of a claimed delivery.
package enum DeliveryOutcome: Hashable, Sendable {
    case delivered
    /// Failed; tried again at `at`.
    case retry(at: Date, error: String)
    /// Failed for the last time.
    case failed(error: String)
}
