import Foundation

/// The rows refresh rotation reads and writes, as a store's transaction
/// reaches them while it holds the presented token's lock.
///
/// Each store says only how to read and write them (its SQL);
/// `carryOut(jti:now:grace:makeChild:)` reads, lets
/// `RefreshRotationDecision` decide, and applies its effect, the same for
/// every store.
package protocol RefreshTokenRows {
    /// Token `jti` with whether its family is revoked; `nil` when unknown.
    func token(jti: String) throws(StoreError) -> RefreshRotationDecision.StoredToken?
    /// The token whose parent is `jti`, if any.
    func child(of jti: String) throws(StoreError) -> RefreshRotationDecision.StoredToken?
    /// Stores `child`, marks token `parent` rotated at `rotatedAt` (seconds
    /// since 1970), and keeps the family at least until the child expires.
    func store(child: RefreshTokenRecord, rotating parent: String, at rotatedAt: TimeInterval)
        throws(StoreError)
    /// Revokes the family with id `familyID`.
    func revokeFamily(_ familyID: String) throws(StoreError)
}

extension RefreshTokenRows {
    /// Presents token `jti` at `now`: reads it (and, once rotated, its
    /// child), decides with `RefreshRotationDecision.decide`, and applies
    /// the decision's effect.
    package func carryOut(
        jti: String, now: Date, grace: TimeInterval,
        makeChild: (RefreshTokenRecord) -> RefreshTokenRecord
    ) throws(StoreError) -> RefreshRotation {
        let presented = try token(jti: jti)
        let child = RefreshRotationDecision.needsChild(of: presented) ? try child(of: jti) : nil
        let decision = RefreshRotationDecision.decide(
            presented: presented, child: child, now: now, grace: grace, makeChild: makeChild)
        switch decision.effect {
        case .none: break
        case .storeChild(let child, let rotatedAt):
            try store(child: child, rotating: jti, at: rotatedAt)
        case .revokeFamily(let familyID): try revokeFamily(familyID)
        }
        return decision.answer
    }
}
