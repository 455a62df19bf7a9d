import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

/// The SQLite store on a file that fails its consistency check or whose
/// disk is full (`SQLITE_FULL` made with `max_page_count`, which needs no
/// root; the end-to-end tests fill a real file system).
@Suite struct SQLiteStoreDamageTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func thisVersionsShapeIsWhatAFreshFileHas() throws {
        let path = directory.appending("fresh.sqlite")
        let store = try SQLiteStore(path: path)
        defer { store.close() }
        let shape = try store.write { connection throws(StoreError) in
            try SchemaShape.read(connection)
        }
        #expect(shape == (try SchemaShape.current(for: .server)))
        #expect(shape.objects.contains { $0.hasPrefix("table progress(habit_id,date,value,") })
        #expect(shape.objects.contains("trigger progress_inserted ON progress"))
    }

    @Test(arguments: [
        ("DROP INDEX habits_by_owner", "its index habits_by_owner is missing"),
        ("DROP TRIGGER progress_updated", "its trigger progress_updated is missing"),
        ("DROP TABLE code_sends", "its table code_sends is missing"),
    ])
    func aFileMissingPartOfTheSchemaIsDamaged(_ sql: String, _ reason: String) throws {
        let path = directory.appending("damaged.sqlite")
        let store = try SQLiteStore(path: path)
        try store.write { connection throws(StoreError) in try connection.execute(sql) }
        store.close()
        #expect(throws: StoreError.damaged(path: path, reason: reason)) {
            try SQLiteStore(path: path, readerCount: 0)
        }
        // Salvaging skips the check, to read what is left.
        let salvaging = try SQLiteStore(path: path, readerCount: 0, checkingSchema: false)
        salvaging.close()
    }

    @Test func aHabitRowNoVersionWritesIsDamageNamingTheFile() throws {
        let path = directory.appending("row.sqlite")
        let store = try SQLiteStore(path: path)
        defer { store.close() }
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        try store.write { connection throws(StoreError) in
            try connection.execute("UPDATE habits SET action_days = 0")
        }
        #expect(
            throws: StoreError.damaged(
                path: path,
                reason: "habit \(habit.id)'s action days are not one or more days of the week")
        ) {
            try store.habits(owner: owner, status: .all)
        }
        let salvage = try store.salvage(owner: owner)
        #expect(salvage.items.isEmpty)
        #expect(salvage.leftOut.count == 1)
        guard case .habit(let error) = salvage.leftOut.first else {
            Issue.record("left out: \(salvage.leftOut)")
            return
        }
        #expect(
            "\(error)".contains(
                "habit \(habit.id)'s action days are not one or more days of the week"))
    }

    @Test func aWriteThatFindsTheDiskFullSaysSoAndChangesNothing() throws {
        let path = directory.appending("full.sqlite")
        let store = try SQLiteStore(path: path, readerCount: 0)
        defer { store.close() }
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        // No page beyond those the file has: the next page a write needs fails.
        try store.write { connection throws(StoreError) in
            let pages = try connection.firstRow("PRAGMA page_count") { $0.int64(0) } ?? 0
            try connection.execute("PRAGMA max_page_count = \(pages)")
        }
        let note = String(repeating: "n", count: 400)
        var failure: StoreError?
        var written = 0
        for day in 0..<400 {
            let entry = ProgressEntry(
                date: date("2026-01-01").adding(days: day), value: 1, note: note)
            do {
                _ = try store.setProgress(
                    entry, note: .replace(note), habitID: habit.id, owner: owner)
                written += 1
            } catch {
                failure = error
                break
            }
        }
        #expect(failure == .diskFull(path: path))
        #expect(try store.allProgress(habitID: habit.id, owner: owner)?.count == written)
    }
}
