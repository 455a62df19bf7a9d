import Foundation

/// Idempotency keys for answers that no other store operation records.
///
/// Operations with an effect (creating a habit, an increment, storing a
/// sign-in code) take an `IdempotencyRecord` and remember their answer in
/// their own transaction. These methods cover the rest: a request refused
/// before it reached the store, and an answer that must be forgotten because
/// a step after the transaction failed.
package protocol IdempotencyRepository: Sendable {
    /// Remembers `answer` for `request` unless its key is already taken, in
    /// which case the outcome is `.replayed` (same fingerprint) or `.keyReused`.
    func recordAnswer(_ answer: IdempotentAnswer, for request: IdempotencyRequest, now: Date)
        throws(StoreError) -> Idempotent<Void>

    /// The answer remembered for `request`'s key without writing anything:
    /// `.replayed` (same fingerprint), `.keyReused`, or `nil` when the key is
    /// free. What a server checks before it reads what a write needs; the
    /// write still decides again in its own transaction.
    func earlierAnswer(for request: IdempotencyRequest, now: Date)
        throws(StoreError) -> Idempotent<Void>?

    /// Forgets the answer remembered for `request`'s key, if its fingerprint
    /// matches, so that a repeat runs the operation again.
    func forgetAnswer(for request: IdempotencyRequest) throws(StoreError)
}
