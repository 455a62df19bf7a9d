import Foundation
import HabitCore
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// The cap on all of a user's habits, archived ones included.
@Suite struct HabitTotalLimitTests {
    let database: TestDatabase
    var store: any TestStore { database.store }

    init(_ kind: StoreKind) throws {
        database = try kind.open()
    }

    /// Fills the account with `count` habits, all archived but the last `active`.
    private func fill(owner: Int64, count: Int, active: Int) throws {
        for index in 0..<count {
            let habit = try store.createHabit(
                fields("Habit \(index)"), owner: owner, now: referenceTime)
            if index < count - active {
                _ = try store.updateHabit(
                    id: habit.id, owner: owner, fields: habit.fields, status: .archived,
                    now: referenceTime)
            }
        }
    }

    @Test(arguments: StoreKind.allCases) static func archivedHabitsCountTowardTheTotal(
        _ kind: StoreKind
    ) throws {
        try Self(kind).archivedHabitsCountTowardTheTotal()
    }
    func archivedHabitsCountTowardTheTotal() throws {
        let owner = try store.makeUser("a@example.com").id
        try fill(owner: owner, count: Habit.maximumTotalCount - 1, active: 1)
        _ = try store.createHabit(fields("Last"), owner: owner, now: referenceTime)

        #expect(throws: StoreError.totalHabitLimit(maximum: Habit.maximumTotalCount)) {
            try store.createHabit(fields("One too many"), owner: owner, now: referenceTime)
        }
        #expect(try store.habits(owner: owner, status: .all).count == Habit.maximumTotalCount)
        // Another user is not affected.
        let other = try store.makeUser("b@example.com").id
        _ = try store.createHabit(fields(), owner: other, now: referenceTime)
    }

    @Test(arguments: StoreKind.allCases) static func concurrentCreatesNeverPassTheTotal(
        _ kind: StoreKind
    ) throws {
        try Self(kind).concurrentCreatesNeverPassTheTotal()
    }
    func concurrentCreatesNeverPassTheTotal() throws {
        let owner = try store.makeUser("a@example.com").id
        try fill(owner: owner, count: Habit.maximumTotalCount - 3, active: 0)
        let other = try database.another()
        defer { other.close() }
        let stores = [store, other]

        let outcomes = runConcurrently(8) { index in
            Result { () throws(StoreError) in
                try stores[index % 2].createHabit(
                    fields("Racer \(index)"), owner: owner, now: referenceTime)
            }
        }

        #expect(outcomes.compactMap { try? $0.get() }.count == 3)
        for case .failure(let error) in outcomes {
            #expect(error == .totalHabitLimit(maximum: Habit.maximumTotalCount))
        }
        #expect(try store.habits(owner: owner, status: .all).count == Habit.maximumTotalCount)
    }
}
