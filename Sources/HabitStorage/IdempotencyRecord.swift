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
public struct IdempotencyRecord<Value> {
    public var request: IdempotencyRequest
    /// When the operation runs: entries older than `IdempotencyRequest.retention`
    /// before it are gone.
    public var now: Date
    /// What to remember for an outcome, or `nil` to remember nothing (the
    /// operation's effect stands; a failure is rolled back as usual). Runs
    /// inside the transaction and must not call the store.
    public var answer: (Result<Value, StoreError>) -> IdempotentAnswer?

    public init(
        request: IdempotencyRequest, now: Date,
        answer: @escaping (Result<Value, StoreError>) -> IdempotentAnswer?
    ) {
        self.request = request
        self.now = now
        self.answer = answer
    }

    /// The same record for an operation whose outcome `transform` turns
    /// into this one's: its answer is what this record answers for it.
    public func pulledBack<Other>(_ transform: @escaping (Other) -> Value)
        -> IdempotencyRecord<Other>
    {
        let answer = self.answer
        return IdempotencyRecord<Other>(request: request, now: now) { outcome in
            answer(outcome.map(transform))
        }
    }
}
