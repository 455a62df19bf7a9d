import Foundation
import HabitConcurrency

/// Access tokens this process has already verified, so a client's every
/// request does not pay for the HMAC, the base64 and the JSON again (a
/// profile of the habit list put token checks at a fifth of the CPU).
///
/// Safe because an access token cannot be revoked: it is valid, by its
/// signature, until its `exp`, and this cache answers only for the exact
/// token string it verified, only before that `exp` (checked on every use),
/// and only with the user id it carried. A token never seen, or whose entry
/// was dropped, is verified in full. Memory is bounded: each stripe holds at
/// most `capacity` tokens and is emptied when full.
///
/// Striped by thread (`ThreadStripes`), as `HabitListEncoder` is.
final class VerifiedAccessTokens: Sendable {
    static let stripeCount = 16
    static let capacity = 4096

    private struct Verified {
        var userID: Int64
        var expiresAt: Int64
    }

    private let stripes = ThreadStripes(count: stripeCount) { [String: Verified]() }

    /// The user of `token` when this thread verified it and it has not expired at `now`.
    func userID(of token: String, now: Date) -> Int64? {
        let seconds = now.timeIntervalSince1970
        return stripes.current.withLock { tokens in
            guard let verified = tokens[token] else { return nil }
            guard Double(verified.expiresAt) > seconds else {
                tokens[token] = nil
                return nil
            }
            return verified.userID
        }
    }

    /// Remembers a token just verified as an access token with `claims`.
    func remember(_ token: String, claims: TokenClaims) {
        stripes.current.withLock { tokens in
            if tokens.count >= Self.capacity { tokens.removeAll(keepingCapacity: true) }
            tokens[token] = Verified(userID: claims.userID, expiresAt: claims.expiresAt)
        }
    }
}
