import Foundation
import HabitCore
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// A day's note: kept by value-only writes, replaced or removed on request,
/// gone with the entry.
@Suite struct ProgressNoteTests {
    let database: TestDatabase
    var store: any TestStore { database.store }

    init(_ kind: StoreKind) throws {
        database = try kind.open()
    }

    @Test(arguments: StoreKind.allCases) static func aValueOnlyWriteKeepsTheNote(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aValueOnlyWriteKeepsTheNote()
    }
    func aValueOnlyWriteKeepsTheNote() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-03-02")

        let noted = try store.setProgress(
            ProgressEntry(date: day, value: 1), note: .replace("sick"), habitID: habit.id,
            owner: owner)
        #expect(noted == ProgressEntry(date: day, value: 1, note: "sick"))
        let set = try store.setProgress(
            ProgressEntry(date: day, value: 3, skipped: true), note: .keep, habitID: habit.id,
            owner: owner)
        #expect(set == ProgressEntry(date: day, value: 3, skipped: true, note: "sick"))
        let added = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: day, amount: 2)
        #expect(added == ProgressEntry(date: day, value: 5, note: "sick"))

        #expect(
            try store.progress(habitID: habit.id, owner: owner, from: day, to: day) == [
                ProgressEntry(date: day, value: 5, note: "sick")
            ])
        #expect(
            try store.progress(habitIDs: [habit.id], owner: owner, from: day, to: day) == [
                habit.id: [ProgressEntry(date: day, value: 5, note: "sick")]
            ])
        #expect(
            try store.allProgress(habitID: habit.id, owner: owner) == [
                ProgressEntry(date: day, value: 5, note: "sick")
            ])
    }

    @Test(arguments: StoreKind.allCases) static func aNoteIsReplacedOrRemovedOnlyWhenAsked(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aNoteIsReplacedOrRemovedOnlyWhenAsked()
    }
    func aNoteIsReplacedOrRemovedOnlyWhenAsked() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-03-02")

        let fresh = try store.setProgress(
            ProgressEntry(date: day, value: 1, note: "ignored"), note: .keep, habitID: habit.id,
            owner: owner)
        #expect(fresh?.note == nil)
        let added = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: day, amount: 1, note: .replace("tired"))
        #expect(added == ProgressEntry(date: day, value: 2, note: "tired"))
        let replaced = try store.setProgress(
            ProgressEntry(date: day, value: 2), note: .replace("better"), habitID: habit.id,
            owner: owner)
        #expect(replaced?.note == "better")
        let removed = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: day, amount: 1, note: .replace(nil))
        #expect(removed == ProgressEntry(date: day, value: 3))
        #expect(
            try store.progress(habitID: habit.id, owner: owner, from: day, to: day) == [
                ProgressEntry(date: day, value: 3)
            ])
    }

    @Test(arguments: StoreKind.allCases) static func deletingTheEntryRemovesTheNote(
        _ kind: StoreKind
    ) throws {
        try Self(kind).deletingTheEntryRemovesTheNote()
    }
    func deletingTheEntryRemovesTheNote() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-03-02")
        _ = try store.setProgress(
            ProgressEntry(date: day, value: 0, skipped: true), note: .replace("sick"),
            habitID: habit.id, owner: owner)

        #expect(try store.deleteProgress(habitID: habit.id, owner: owner, date: day) == true)
        let again = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: day, amount: 1)
        #expect(again == ProgressEntry(date: day, value: 1))
    }

    @Test(arguments: StoreKind.allCases) static func anotherOwnersHabitGetsNoNote(
        _ kind: StoreKind
    ) throws {
        try Self(kind).anotherOwnersHabitGetsNoNote()
    }
    func anotherOwnersHabitGetsNoNote() throws {
        let owner = try store.makeUser("a@example.com").id
        let other = try store.makeUser("b@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-03-02")

        #expect(
            try store.setProgress(
                ProgressEntry(date: day, value: 1), note: .replace("x"), habitID: habit.id,
                owner: other) == nil)
        #expect(try store.progress(habitID: habit.id, owner: owner, from: day, to: day) == [])
    }

    @Test(arguments: StoreKind.allCases) static func batchesAndImportsWriteTheirNotes(
        _ kind: StoreKind
    ) throws {
        try Self(kind).batchesAndImportsWriteTheirNotes()
    }
    func batchesAndImportsWriteTheirNotes() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let first = date("2026-03-02")
        let second = date("2026-03-03")
        _ = try store.setProgress(
            ProgressEntry(date: second, value: 1, note: "old"), habitID: habit.id, owner: owner)

        let count = try store.setProgress(
            [
                ProgressEntry(date: first, value: 1, note: "long run"),
                ProgressEntry(date: second, value: 2),
            ], habitID: habit.id, owner: owner)
        #expect(count == 2)
        #expect(
            try store.allProgress(habitID: habit.id, owner: owner) == [
                ProgressEntry(date: first, value: 1, note: "long run"),
                ProgressEntry(date: second, value: 2),
            ])

        let imported = try store.importHabits(owner: owner, now: referenceTime) { _ in
            (
                HabitImportWrite(newHabits: [
                    .init(
                        fields: fields("Write"), status: .active,
                        entries: [ProgressEntry(date: first, value: 1, note: "a chapter")])
                ]), ()
            )
        }
        let id = try #require(imported.created.first?.id)
        #expect(
            try store.allProgress(habitID: id, owner: owner) == [
                ProgressEntry(date: first, value: 1, note: "a chapter")
            ])
    }
}
