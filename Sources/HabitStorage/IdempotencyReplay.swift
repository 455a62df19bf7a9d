import Foundation

/// What a store does with an idempotency key, decided from the row it read.
///
/// The rule both stores follow inside the operation's transaction: no live
/// entry for the key (never used, or older than `IdempotencyRequest.retention`
/// before `now`) → run the operation and store its answer in the same
/// transaction; a live entry with the request's fingerprint → answer it again
/// and run nothing; a live entry with another fingerprint → refuse, running
/// nothing.
package enum IdempotencyReplay: Equatable, Sendable {
    /// The key is free: run the operation and remember its answer.
    case run
    /// The same request came with the key before: its answer.
    case replay(IdempotentAnswer)
    /// Another request came with the key before.
    case reused

    /// What an entry a store keeps for a key holds.
    package struct StoredEntry: Equatable, Sendable {
        package var fingerprint: String
        package var answer: IdempotentAnswer
        /// When it was stored, in seconds since 1970.
        package var createdAt: TimeInterval

        package init(fingerprint: String, answer: IdempotentAnswer, createdAt: TimeInterval) {
            self.fingerprint = fingerprint
            self.answer = answer
            self.createdAt = createdAt
        }
    }

    /// The decision for `request` given the entry stored under its key
    /// (`nil` when there is none) at `now`.
    package static func decide(stored: StoredEntry?, for request: IdempotencyRequest, now: Date)
        -> IdempotencyReplay
    {
        let horizon = now.timeIntervalSince1970 - IdempotencyRequest.retention
        guard let stored, stored.createdAt > horizon else { return .run }
        guard stored.fingerprint == request.fingerprint else { return .reused }
        return .replay(stored.answer)
    }

    /// The outcome of an operation that does not run (`nil` for `.run`).
    package func outcome<Value>() -> Idempotent<Value>? {
        switch self {
        case .run: return nil
        case .replay(let answer): return .replayed(answer)
        case .reused: return .keyReused
        }
    }
}
