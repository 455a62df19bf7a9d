import Foundation
import HabitCore
import Testing

@testable import HabitStorage
@testable import HabitStore

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

/// Keyed writes of an entry and a habit on both stores: the answer is
/// stored with the effect, and a repeat runs nothing.
@Suite struct KeyedWriteStoreTests {
    private static func record<Value>(_ key: String, body: String = "a")
        -> IdempotencyRecord<Value>
    {
        IdempotencyRecord(
            request: IdempotencyRequest(scope: "user:1", key: key, fingerprint: body),
            now: referenceTime
        ) { _ in IdempotentAnswer(status: 200, body: Data(key.utf8)) }
    }

    @Test(arguments: StoreKind.allCases)
    func aRepeatedPutAndDeleteRunNothing(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-03-01")
        let entry = ProgressEntry(date: day, value: 1)
        let put = try store.setProgress(
            entry, note: .keep, habitID: habit.id, owner: owner, expecting: nil,
            idempotency: Self.record("put"))
        guard case .performed(.written?) = put else {
            Issue.record("not written: \(put)")
            return
        }
        _ = try store.setProgress(
            ProgressEntry(date: day, value: 5), habitID: habit.id, owner: owner)
        let again = try store.setProgress(
            entry, note: .keep, habitID: habit.id, owner: owner, expecting: nil,
            idempotency: Self.record("put"))
        #expect(again == .replayed(IdempotentAnswer(status: 200, body: Data("put".utf8))))
        let reused = try store.deleteProgress(
            habitID: habit.id, owner: owner, date: day, now: referenceTime, expecting: nil,
            idempotency: Self.record("put", body: "b"))
        #expect(reused == .keyReused)
        #expect(
            try store.progress(habitID: habit.id, owner: owner, from: day, to: day)?.first?.value
                == 5)

        let deleted = try store.deleteHabit(
            id: habit.id, owner: owner, now: referenceTime, expecting: nil,
            idempotency: Self.record("delete"))
        guard case .performed(.written?) = deleted else {
            Issue.record("not deleted: \(deleted)")
            return
        }
        let deletedAgain = try store.deleteHabit(
            id: habit.id, owner: owner, now: referenceTime, expecting: nil,
            idempotency: Self.record("delete"))
        #expect(deletedAgain == .replayed(IdempotentAnswer(status: 200, body: Data("delete".utf8))))
    }
}
