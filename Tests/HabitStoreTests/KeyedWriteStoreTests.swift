import Foundation
import HabitCore
import Testing

@testable import HabitStorage
@testable import HabitStore

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
