import Foundation
import HabitCore
import Testing

@testable import HabitStorage

/// The replay decision both stores make inside a keyed write's transaction.
@Suite struct IdempotencyReplayTests {
    private let request = IdempotencyRequest(
        scope: "user:1", key: "k", fingerprint: "PUT /api/me/habits/1/progress/2026-11-20/ ab")
    private let answer = IdempotentAnswer(status: 200, body: Data(#"{"value":3}"#.utf8))
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func entry(fingerprint: String? = nil, age: TimeInterval)
        -> IdempotencyReplay.StoredEntry
    {
        IdempotencyReplay.StoredEntry(
            fingerprint: fingerprint ?? request.fingerprint, answer: answer,
            createdAt: now.timeIntervalSince1970 - age)
    }

    @Test func noEntryRuns() {
        #expect(IdempotencyReplay.decide(stored: nil, for: request, now: now) == .run)
    }

    @Test func theSameRequestWithinTheRetentionReplays() {
        let decision = IdempotencyReplay.decide(
            stored: entry(age: IdempotencyRequest.retention - 1), for: request, now: now)
        #expect(decision == .replay(answer))
    }

    @Test func anotherRequestWithinTheRetentionIsReused() {
        let decision = IdempotencyReplay.decide(
            stored: entry(fingerprint: "DELETE /api/me/habits/1/ e3", age: 0), for: request,
            now: now)
        #expect(decision == .reused)
    }

    @Test(arguments: [0.0, 1, 86_400])
    func anEntryAsOldAsTheRetentionIsFree(extra: TimeInterval) {
        let age = IdempotencyRequest.retention + extra
        #expect(IdempotencyReplay.decide(stored: entry(age: age), for: request, now: now) == .run)
        let other = entry(fingerprint: "other", age: age)
        #expect(IdempotencyReplay.decide(stored: other, for: request, now: now) == .run)
    }

    @Test func theOutcomeOfEachDecision() {
        let run: Idempotent<Int>? = IdempotencyReplay.run.outcome()
        let replay: Idempotent<Int>? = IdempotencyReplay.replay(answer).outcome()
        let reused: Idempotent<Int>? = IdempotencyReplay.reused.outcome()
        #expect(run == nil)
        #expect(replay == .replayed(answer))
        #expect(reused == .keyReused)
    }
}
