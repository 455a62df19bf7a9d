import Foundation

/// What checking a sign-in code answers and does to the code's row,
/// decided from the row a store read under its lock.
///
/// The order of the checks: no code → `.missing`; at or past its expiry →
/// `.expired`; `maximumAttempts` wrong tries already → `.burned` (so with 5,
/// the sixth try is refused even with the right code); a match consumes
/// the code → `.accepted`; otherwise the try is counted → `.rejected`.
package struct CodeCheckDecision: Hashable, Sendable {
    /// What the store does to the code's row before it commits.
    package enum Effect: Hashable, Sendable {
        /// Leave the row as it is.
        case none
        /// Delete the code: it is used up.
        case deleteCode
        /// Add one to the code's count of wrong tries.
        case countAttempt
    }

    /// The pending code a store keeps for an address.
    package struct PendingCode: Hashable, Sendable {
        package var codeHash: String
        /// When it expires, in seconds since 1970.
        package var expiresAt: TimeInterval
        /// How many wrong tries it has seen.
        package var attempts: Int64

        package init(codeHash: String, expiresAt: TimeInterval, attempts: Int64) {
            self.codeHash = codeHash
            self.expiresAt = expiresAt
            self.attempts = attempts
        }
    }

    package var answer: CodeCheck
    package var effect: Effect

    package init(answer: CodeCheck, effect: Effect) {
        self.answer = answer
        self.effect = effect
    }

    /// The decision for the code stored for an address (`nil` when there is
    /// none) at `now`; `matches` tells whether the code tried hashes to the
    /// stored hash, and is asked only when the code may still be used.
    package static func decide(
        pending: PendingCode?, now: Date, maximumAttempts: Int, matches: (String) -> Bool
    ) -> CodeCheckDecision {
        guard let pending else { return CodeCheckDecision(answer: .missing, effect: .none) }
        if now.timeIntervalSince1970 >= pending.expiresAt {
            return CodeCheckDecision(answer: .expired, effect: .none)
        }
        if pending.attempts >= Int64(maximumAttempts) {
            return CodeCheckDecision(answer: .burned, effect: .none)
        }
        if matches(pending.codeHash) {
            return CodeCheckDecision(answer: .accepted, effect: .deleteCode)
        }
        return CodeCheckDecision(answer: .rejected, effect: .countAttempt)
    }
}
