import Foundation

/// Asks a store operation to remember its answer under an idempotency key, in
/// the operation's own transaction.
///
/// Inside that transaction the store first looks the key up: a live entry
/// with the same fingerprint is answered again (the operation does not run),
/// one with another fingerprint is refused. Otherwise the operation runs and
/// `answer` turns its outcome into what to remember, so the effect and its key
/// are committed together or not at all: a crash cannot apply an operation
/// without recording its key. A failure whose answer is remembered leaves no
/// trace of the operation but the key, and is still thrown to the caller.
package struct IdempotencyRecord<Value> {
    package var request: IdempotencyRequest
    /// When the operation runs: entries older than `IdempotencyRequest.retention`
    /// before it are gone.
    package var now: Date
    /// What to remember for an outcome, or `nil` to remember nothing (the
    /// operation's effect stands; a failure is rolled back as usual). Runs
    /// inside the transaction and must not call the store.
    package var answer: (Result<Value, StoreError>) -> IdempotentAnswer?

    package init(
        request: IdempotencyRequest, now: Date,
        answer: @escaping (Result<Value, StoreError>) -> IdempotentAnswer?
    ) {
        self.request = request
        self.now = now
        self.answer = answer
    }

    /// The same record for an operation whose outcome `transform` turns
    /// into this one's: its answer is what this record answers for it.
    package func pulledBack<Other>(_ transform: @escaping (Other) -> Value)
        -> IdempotencyRecord<Other>
    {
        let answer = self.answer
        return IdempotencyRecord<Other>(request: request, now: now) { outcome in
            answer(outcome.map(transform))
        }
    }
}
