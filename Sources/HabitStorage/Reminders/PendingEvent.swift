import Foundation
import HabitConcurrency

/// A webhook event a write request raises, queued by the store inside the
/// write's own transaction, so that the write and its event commit together:
/// no crash between a commit and a later queueing can lose the event
/// (deliveries are promised at least once).
///
/// The server binds one (`PendingEvent.$current`) around the handler of a
/// write route. Each write transaction of the store asks `payload(for:)`
/// with its outcome before COMMIT and, given a payload, inserts the
/// deliveries with the write; after COMMIT it calls `committed()`. So only
/// the first committed write of the request queues the event, and an outcome
/// that wrote nothing (a version mismatch, a habit that is not there, a
/// replayed idempotent answer, a failure) or a transaction rolled back
/// queues none.
package final class PendingEvent: Sendable {
    /// The event the write under way raises, if any.
    @TaskLocal package static var current: PendingEvent?

    package let owner: Int64
    /// `entry.changed` or `habit.changed`.
    package let event: String
    /// The id receivers deduplicate by.
    package let eventID: String
    package let now: Date
    private let makePayload: @Sendable (_ createdHabitID: Int64?) -> String
    private let queued = AtomicFlag()

    /// `payload` makes the JSON body from the id of the habit the write
    /// created (`nil` for writes that create none).
    package init(
        owner: Int64, event: String, eventID: String, now: Date,
        payload: @escaping @Sendable (_ createdHabitID: Int64?) -> String
    ) {
        self.owner = owner
        self.event = event
        self.eventID = eventID
        self.now = now
        self.makePayload = payload
    }

    /// The JSON to queue with a transaction that ends with `outcome`; `nil`
    /// when that transaction wrote nothing or the event is already queued.
    package func payload(for outcome: Any) -> String? {
        guard !queued.isRaised, let outcome = outcome as? any WriteOutcome, outcome.wroteSomething
        else { return nil }
        return makePayload(outcome.createdHabitID)
    }

    /// The transaction that queued the event has committed.
    package func committed() {
        _ = queued.raise()
    }

    /// Whether a committed transaction queued the event.
    package var isQueued: Bool { queued.isRaised }
}
