import Foundation
import HabitConcurrency
import HabitCore
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

/// `importHabits` (one transaction, all or nothing) and the batch `setProgress`.
@Suite struct ImportTests {
    let store: SQLiteStore
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        store = try SQLiteStore(path: directory.appending("habits.sqlite"))
    }

    func newHabit(_ name: String, status: HabitStatus = .active, id: Int64? = nil, days: [String])
        -> HabitImportWrite.NewHabit
    {
        var habitFields = fields()
        habitFields.name = name
        return HabitImportWrite.NewHabit(
            fields: habitFields, status: status, preferredID: id,
            entries: days.map { ProgressEntry(date: date($0), value: 1) })
    }

    @Test func writesHabitsAndEntriesAndKeepsFreeIds() throws {
        let owner = try store.makeUser("a@example.com").id
        let (created, seen) = try store.importHabits(owner: owner, now: referenceTime) {
            snapshot throws(StoreError) in
            (
                HabitImportWrite(newHabits: [
                    newHabit("A", id: 7, days: ["2026-03-01", "2026-03-02"]),
                    newHabit("B", status: .archived, days: ["2026-03-01"]),
                ]), snapshot.habits.count
            )
        }
        #expect(seen == 0)
        #expect(created.map(\.id) == [7, 8])
        #expect(created.map(\.status) == [.active, .archived])
        #expect(
            try store.progress(
                habitID: 7, owner: owner, from: date("2026-03-01"), to: date("2026-03-31"))?.count
                == 2)
        // A second import sees the first and its entries, inside its transaction.
        let entries = try store.importHabits(owner: owner, now: referenceTime) {
            snapshot throws(StoreError) in
            (HabitImportWrite(), try snapshot.entries(habitID: 7).count)
        }.outcome
        #expect(entries == 2)
    }

    @Test(arguments: [0, 1, 500, 1_000, 1_234])
    func progressAddsUpToTheEntriesWritten(count: Int) throws {
        let owner = try store.makeUser("a@example.com").id
        let days = (0..<count).map { date("2020-01-01").adding(days: $0).description }
        let told = Locked(0)
        var write = HabitImportWrite(newHabits: [newHabit("A", days: days)])
        write.progress = { written in told.withLock { $0 += written } }
        _ = try store.importHabits(owner: owner, now: referenceTime) { _ throws(StoreError) in
            (write, ())
        }
        #expect(told.withLock { $0 } == count)
    }

    @Test func anyFailureWritesNothing() throws {
        let owner = try store.makeUser("a@example.com").id
        let kept = try store.createHabit(fields(), owner: owner, now: referenceTime)
        var bad = newHabit("C", days: ["2026-03-01"])
        bad.entries.append(ProgressEntry(date: date("2026-03-02"), value: -1))
        #expect(throws: StoreError.valueLimit(maximum: ProgressEntry.maximumValue)) {
            try store.importHabits(owner: owner, now: referenceTime) { _ throws(StoreError) in
                (
                    HabitImportWrite(
                        newHabits: [newHabit("A", days: ["2026-03-01"]), bad],
                        entries: [kept.id: [ProgressEntry(date: date("2026-03-05"), value: 3)]]),
                    ()
                )
            }
        }
        let sixteen = (1...15).map { newHabit("H\($0)", days: []) }
        #expect(throws: StoreError.habitLimit(maximum: Habit.maximumActiveCount)) {
            try store.importHabits(owner: owner, now: referenceTime) { _ throws(StoreError) in
                (HabitImportWrite(newHabits: sixteen), ())
            }
        }
        #expect(try store.habits(owner: owner, status: .all).map(\.id) == [kept.id])
        #expect(try store.allProgress(habitID: kept.id, owner: owner) == [])
    }

    @Test func batchIsAllOrNothingAndOwnerScoped() throws {
        let owner = try store.makeUser("a@example.com").id
        let other = try store.makeUser("b@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let good = [ProgressEntry(date: date("2026-03-01"), value: 2)]
        #expect(try store.setProgress(good, habitID: habit.id, owner: other) == nil)
        #expect(try store.setProgress(good, habitID: habit.id, owner: owner) == 1)
        let mixed = [
            ProgressEntry(date: date("2026-03-02"), value: 1),
            ProgressEntry(date: date("2026-03-03"), value: ProgressEntry.maximumValue + 1),
        ]
        #expect(throws: StoreError.self) {
            try store.setProgress(mixed, habitID: habit.id, owner: owner)
        }
        #expect(try store.allProgress(habitID: habit.id, owner: owner) == good)
    }
}
