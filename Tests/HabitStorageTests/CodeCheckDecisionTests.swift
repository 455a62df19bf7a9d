import Foundation
import Testing

@testable import HabitStorage

/// The order of a sign-in code's checks, which both stores apply to the
/// row they read under their lock.
@Suite struct CodeCheckDecisionTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func pending(expiresIn: TimeInterval = 600, attempts: Int64 = 0)
        -> CodeCheckDecision.PendingCode
    {
        CodeCheckDecision.PendingCode(
            codeHash: "right", expiresAt: now.timeIntervalSince1970 + expiresIn,
            attempts: attempts)
    }

    private func decide(_ pending: CodeCheckDecision.PendingCode?, code: String = "right")
        -> CodeCheckDecision
    {
        CodeCheckDecision.decide(
            pending: pending, now: now, maximumAttempts: 5, matches: { $0 == code })
    }

    @Test func noCodeIsMissingAndChangesNothing() {
        #expect(decide(nil) == CodeCheckDecision(answer: .missing, effect: .none))
    }

    @Test(arguments: [0.0, -1, -86_400])
    func aCodeAtOrPastItsExpiryIsExpiredEvenWhenRight(expiresIn: TimeInterval) {
        #expect(
            decide(pending(expiresIn: expiresIn))
                == CodeCheckDecision(answer: .expired, effect: .none))
    }

    @Test func expiryIsCheckedBeforeTheAttempts() {
        #expect(decide(pending(expiresIn: 0, attempts: 5)).answer == .expired)
    }

    @Test(arguments: [Int64(5), 6, 50])
    func aCodeWithTheMaximumOfWrongTriesIsBurnedEvenWhenRight(attempts: Int64) {
        #expect(
            decide(pending(attempts: attempts)) == CodeCheckDecision(answer: .burned, effect: .none)
        )
    }

    @Test func theRightCodeIsAcceptedAndDeleted() {
        #expect(
            decide(pending(attempts: 4))
                == CodeCheckDecision(answer: .accepted, effect: .deleteCode))
    }

    @Test func aWrongCodeIsRejectedAndCounted() {
        #expect(
            decide(pending(attempts: 4), code: "wrong")
                == CodeCheckDecision(answer: .rejected, effect: .countAttempt))
    }

    @Test func matchesIsNotAskedOfAnExpiredOrBurnedCode() {
        var asked = 0
        for code in [pending(expiresIn: -1), pending(attempts: 5)] {
            _ = CodeCheckDecision.decide(
                pending: code, now: now, maximumAttempts: 5,
                matches: { _ in
                    asked += 1
                    return true
                })
        }
        #expect(asked == 0)
    }
}
