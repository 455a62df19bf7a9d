import Foundation
import Testing

@testable import HabitStorage

/// Refresh rotation with its grace window and reuse detection, which both
/// stores apply to the rows they read under their lock.
@Suite struct RefreshRotationDecisionTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let grace: TimeInterval = 30

    private func token(
        _ jti: String, parent: String? = nil, expiresIn: TimeInterval = 3_600,
        rotatedAgo: TimeInterval? = nil, revoked: Bool = false
    ) -> RefreshRotationDecision.StoredToken {
        RefreshRotationDecision.StoredToken(
            record: RefreshTokenRecord(
                jti: jti, familyID: "family", parentJTI: parent, userID: 7,
                issuedAt: now.addingTimeInterval(-60), expiresAt: now.addingTimeInterval(expiresIn)),
            rotatedAt: rotatedAgo.map { now.timeIntervalSince1970 - $0 }, familyRevoked: revoked)
    }

    /// A child as a caller would build it, with a family, user and parent
    /// the decision must replace.
    private func makeChild(_ parent: RefreshTokenRecord) -> RefreshTokenRecord {
        RefreshTokenRecord(
            jti: "new", familyID: "other", parentJTI: nil, userID: 99, issuedAt: now,
            expiresAt: now.addingTimeInterval(7_200))
    }

    private func decide(
        _ presented: RefreshRotationDecision.StoredToken?,
        child: RefreshRotationDecision.StoredToken? = nil
    ) -> RefreshRotationDecision {
        RefreshRotationDecision.decide(
            presented: presented, child: child, now: now, grace: grace, makeChild: makeChild)
    }

    @Test func anUnknownTokenIsInvalid() {
        #expect(decide(nil) == RefreshRotationDecision(answer: .invalid, effect: .none))
    }

    @Test func aTokenOfARevokedFamilyIsInvalid() {
        #expect(decide(token("a", revoked: true)).answer == .invalid)
        #expect(decide(token("a", rotatedAgo: 1, revoked: true)).effect == .none)
    }

    @Test(arguments: [0.0, -1])
    func aTokenAtOrPastItsExpiryIsInvalid(expiresIn: TimeInterval) {
        #expect(
            decide(token("a", expiresIn: expiresIn))
                == RefreshRotationDecision(answer: .invalid, effect: .none))
    }

    @Test func theNewestTokenRotatesIntoAChildOfItsFamily() {
        let decision = decide(token("a"))
        let child = RefreshTokenRecord(
            jti: "new", familyID: "family", parentJTI: "a", userID: 7, issuedAt: now,
            expiresAt: now.addingTimeInterval(7_200))
        #expect(decision.answer == .rotated(new: child))
        #expect(decision.effect == .storeChild(child, rotatedAt: now.timeIntervalSince1970))
    }

    @Test func onlyARotatedTokenNeedsItsChild() {
        #expect(!RefreshRotationDecision.needsChild(of: nil))
        #expect(!RefreshRotationDecision.needsChild(of: token("a")))
        #expect(RefreshRotationDecision.needsChild(of: token("a", rotatedAgo: 100)))
    }

    @Test(arguments: [0.0, 1, 30])
    func aSecondUseWithinTheGraceReplaysTheNewest(rotatedAgo: TimeInterval) {
        let child = token("b", parent: "a")
        #expect(
            decide(token("a", rotatedAgo: rotatedAgo), child: child)
                == RefreshRotationDecision(
                    answer: .replayedWithinGrace(newest: child.record), effect: .none))
    }

    @Test(arguments: [30.001, 31, 86_400])
    func aSecondUseAfterTheGraceRevokesTheFamily(rotatedAgo: TimeInterval) {
        #expect(
            decide(token("a", rotatedAgo: rotatedAgo), child: token("b", parent: "a"))
                == RefreshRotationDecision(answer: .reuseDetected, effect: .revokeFamily("family")))
    }

    @Test func aUseWithinTheGraceWhoseChildRotatedTooIsReuse() {
        let decision = decide(
            token("a", rotatedAgo: 1), child: token("b", parent: "a", rotatedAgo: 0))
        #expect(
            decision
                == RefreshRotationDecision(answer: .reuseDetected, effect: .revokeFamily("family")))
    }

    @Test func aUseWithinTheGraceWhoseChildExpiredIsReuse() {
        let decision = decide(
            token("a", rotatedAgo: 1), child: token("b", parent: "a", expiresIn: 0))
        #expect(decision.answer == .reuseDetected)
    }

    @Test func aUseWithinTheGraceWithoutAChildIsReuse() {
        #expect(decide(token("a", rotatedAgo: 1)).answer == .reuseDetected)
    }
}
