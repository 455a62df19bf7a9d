import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

/// A habit's icon and colour in both stores: written, read by every habit
/// read, changed and removed, carried by the change feed and imports.
@Suite struct HabitMarksStoreTests {
    static func marked(_ name: String = "Run") -> HabitFields {
        var marked = fields(name)
        marked.icon = "🏃"
        marked.color = "#1e90ff"
        return marked
    }

    @Test(arguments: StoreKind.allCases)
    func marksAreStoredChangedAndRemoved(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        let created = try store.createHabit(Self.marked(), owner: owner, now: referenceTime)
        #expect(created.icon == "🏃" && created.color == "#1e90ff")
        #expect(try store.habit(id: created.id, owner: owner) == created)
        #expect(try store.habits(owner: owner, status: .all) == [created])
        let listed = try store.habitsWithCheckpoints(owner: owner, status: .active).habits
        #expect(listed == [created])

        var changed = created.fields
        changed.icon = "👨‍👩‍👧‍👦"
        changed.color = nil
        let updated = try #require(
            try store.updateHabit(
                id: created.id, owner: owner, fields: changed, status: .archived,
                now: referenceTime))
        #expect(updated.icon == "👨‍👩‍👧‍👦" && updated.color == nil)
        let read = try #require(try store.habit(id: created.id, owner: owner))
        #expect(read.icon == "👨‍👩‍👧‍👦" && read.color == nil && read.status == .archived)

        let plain = try store.createHabit(fields("Read"), owner: owner, now: referenceTime)
        #expect(try store.habit(id: plain.id, owner: owner)?.icon == nil)
    }

    @Test(arguments: StoreKind.allCases)
    func theChangeFeedCarriesMarks(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        let created = try store.createHabit(Self.marked(), owner: owner, now: referenceTime)
        let changes = try ChangeFeedTests.readAll(store, owner: owner).changes
        let habits = changes.compactMap { change -> Habit? in
            if case .habit(let habit, _) = change { return habit }
            return nil
        }
        #expect(habits == [created])
    }

    @Test(arguments: StoreKind.allCases)
    func importedHabitsKeepTheirMarks(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        let (created, _) = try store.importHabits(owner: owner, now: referenceTime) {
            _ throws(StoreError) in
            (
                HabitImportWrite(newHabits: [
                    HabitImportWrite.NewHabit(
                        fields: Self.marked(), status: .active, preferredID: nil, entries: [])
                ]), 0
            )
        }
        let id = try #require(created.first?.id)
        let read = try #require(try store.habit(id: id, owner: owner))
        #expect(read.icon == "🏃" && read.color == "#1e90ff")
    }

    /// A replica (the command line's copy of a server account) keeps the
    /// marks the feed brings, and a later state without them removes them.
    @Test func aReplicaKeepsTheMarksItIsGiven() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("replica.sqlite"))
        let owner = try store.makeUser("a@example.com").id
        var habit = Habit(id: 41, fields: Self.marked(), createdAt: referenceTime)
        try store.replica(owner: owner) { replica throws(StoreError) in
            try replica.putHabit(habit)
        }
        #expect(try store.habit(id: 41, owner: owner)?.icon == "🏃")
        habit.icon = nil
        habit.color = "#000000"
        try store.replica(owner: owner) { replica throws(StoreError) in
            try replica.putHabit(habit)
        }
        let read = try #require(try store.habit(id: 41, owner: owner))
        #expect(read.icon == nil && read.color == "#000000")
    }
}
