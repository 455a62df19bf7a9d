import Foundation
import HabitCore
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// `incrementProgress`: the read and the write in one transaction.
@Suite struct IncrementProgressTests {
    let database: TestDatabase
    var store: any TestStore { database.store }

    init(_ kind: StoreKind) throws {
        database = try kind.open()
    }

    @Test(arguments: StoreKind.allCases) static func addsToTheDayStartingFromZeroAndUnskipsIt(
        _ kind: StoreKind
    ) throws {
        try Self(kind).addsToTheDayStartingFromZeroAndUnskipsIt()
    }
    func addsToTheDayStartingFromZeroAndUnskipsIt() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-03-02")

        let first = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: day, amount: decimal("0.7"))
        #expect(first == ProgressEntry(date: day, value: decimal("0.7"), skipped: false))
        _ = try store.setProgress(
            ProgressEntry(date: day, value: decimal("0.7"), skipped: true), habitID: habit.id,
            owner: owner)
        let second = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: day, amount: decimal("0.1"))

        #expect(second == ProgressEntry(date: day, value: decimal("0.8"), skipped: false))
        #expect(
            try store.progress(habitID: habit.id, owner: owner, from: day, to: day) == [
                ProgressEntry(date: day, value: decimal("0.8"), skipped: false)
            ])
    }

    @Test(arguments: StoreKind.allCases) static func anotherOwnersOrAnUnknownHabitIsNil(
        _ kind: StoreKind
    ) throws {
        try Self(kind).anotherOwnersOrAnUnknownHabitIsNil()
    }
    func anotherOwnersOrAnUnknownHabitIsNil() throws {
        let owner = try store.makeUser("a@example.com").id
        let other = try store.makeUser("b@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-03-02")

        #expect(
            try store.incrementProgress(habitID: habit.id, owner: other, date: day, amount: 1)
                == nil)
        #expect(
            try store.incrementProgress(habitID: habit.id + 99, owner: owner, date: day, amount: 1)
                == nil)
        #expect(try store.progress(habitID: habit.id, owner: owner, from: day, to: day) == [])
    }

    @Test(arguments: StoreKind.allCases) static func aSumPastTheMaximumWritesNothing(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aSumPastTheMaximumWritesNothing()
    }
    func aSumPastTheMaximumWritesNothing() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-03-02")
        _ = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: day, amount: ProgressEntry.maximumValue - 1)

        #expect(throws: StoreError.valueLimit(maximum: ProgressEntry.maximumValue)) {
            try store.incrementProgress(
                habitID: habit.id, owner: owner, date: day, amount: decimal("1.5"))
        }
        let exact = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: day, amount: 1)
        #expect(exact?.value == ProgressEntry.maximumValue)
    }

    @Test(arguments: StoreKind.allCases)
    static func tenThreadsOnTwoStoresOverOneFileLoseNoIncrement(_ kind: StoreKind) throws {
        try Self(kind).tenThreadsOnTwoStoresOverOneFileLoseNoIncrement()
    }
    func tenThreadsOnTwoStoresOverOneFileLoseNoIncrement() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-03-02")
        // Two stores on one file: two writers, as two processes would have.
        let other = try database.another()
        defer { other.close() }
        let stores = [store, other]
        let perThread = 20

        let failures = runConcurrently(10) { index in
            var failures: [StoreError] = []
            for _ in 0..<perThread {
                do throws(StoreError) {
                    _ = try stores[index % 2].incrementProgress(
                        habitID: habit.id, owner: owner, date: day, amount: decimal("0.1"))
                } catch {
                    failures.append(error)
                }
            }
            return failures
        }

        #expect(failures.flatMap { $0 } == [])
        let entry = try store.progress(habitID: habit.id, owner: owner, from: day, to: day)
        #expect(entry?.first?.value == decimal("0.1") * Decimal(10 * perThread))
    }
}
