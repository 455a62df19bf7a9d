import Foundation

/// What presenting a refresh token answers and does to its family,
/// decided from the rows a store read under its lock.
///
/// In order: unknown jti, revoked family, or a token at or past its expiry
/// → `.invalid`; never rotated (the newest) → rotated now, its child
/// stored → `.rotated`; rotated at most `grace` seconds ago and its child
/// is still the newest and unexpired → `.replayedWithinGrace(newest:
/// child)`; any other presentation of a rotated token → the family is
/// revoked → `.reuseDetected`.
package struct RefreshRotationDecision: Hashable, Sendable {
    /// What the store writes before it commits.
    package enum Effect: Hashable, Sendable {
        /// Nothing.
        case none
        /// Store `child`, mark the presented token rotated at `rotatedAt`
        /// (seconds since 1970), and keep the family until at least the
        /// child's expiry.
        case storeChild(RefreshTokenRecord, rotatedAt: TimeInterval)
        /// Revoke the family with this id.
        case revokeFamily(String)
    }

    /// A stored refresh token with what rotation needs to know about it.
    package struct StoredToken: Hashable, Sendable {
        package var record: RefreshTokenRecord
        /// When it was rotated, in seconds since 1970; `nil` while it is the newest.
        package var rotatedAt: TimeInterval?
        package var familyRevoked: Bool

        package init(record: RefreshTokenRecord, rotatedAt: TimeInterval?, familyRevoked: Bool) {
            self.record = record
            self.rotatedAt = rotatedAt
            self.familyRevoked = familyRevoked
        }
    }

    package var answer: RefreshRotation
    package var effect: Effect

    package init(answer: RefreshRotation, effect: Effect) {
        self.answer = answer
        self.effect = effect
    }

    /// Whether the decision needs the presented token's child: only a
    /// rotated token's does (a store reads it then, and need not otherwise).
    package static func needsChild(of presented: StoredToken?) -> Bool {
        presented?.rotatedAt != nil
    }

    /// The decision for token `presented` (`nil` when its jti is unknown),
    /// with `child`, the token that replaced it (`nil` when there is none
    /// or `needsChild` said it was not needed), at `now`.
    ///
    /// The child `makeChild` returns is given the presented token's family
    /// and user and it as parent, whatever the closure set.
    package static func decide(
        presented: StoredToken?, child: StoredToken?, now: Date, grace: TimeInterval,
        makeChild: (RefreshTokenRecord) -> RefreshTokenRecord
    ) -> RefreshRotationDecision {
        let instant = now.timeIntervalSince1970
        guard let presented, !presented.familyRevoked,
            instant < presented.record.expiresAt.timeIntervalSince1970
        else { return RefreshRotationDecision(answer: .invalid, effect: .none) }
        guard let rotatedAt = presented.rotatedAt else {
            var new = makeChild(presented.record)
            new.familyID = presented.record.familyID
            new.userID = presented.record.userID
            new.parentJTI = presented.record.jti
            return RefreshRotationDecision(
                answer: .rotated(new: new), effect: .storeChild(new, rotatedAt: instant))
        }
        if instant - rotatedAt <= grace, let child, child.rotatedAt == nil,
            child.record.parentJTI == presented.record.jti,
            instant < child.record.expiresAt.timeIntervalSince1970
        {
            return RefreshRotationDecision(
                answer: .replayedWithinGrace(newest: child.record), effect: .none)
        }
        return RefreshRotationDecision(
            answer: .reuseDetected, effect: .revokeFamily(presented.record.familyID))
    }
}
