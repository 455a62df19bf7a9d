import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

@Suite struct SQLiteStoreOpeningTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func aFreshFileGetsTheWholeSchemaAndPrivateMode() throws {
        let path = directory.appending("fresh.sqlite")
        let store = try SQLiteStore(path: path)
        defer { store.close() }

        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(SQLiteStore.schemaVersion))
        let tables = try rawCount(
            """
            SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('users', 'habits',
                'progress', 'login_codes', 'code_sends', 'refresh_families', 'refresh_tokens')
            """, path: path)
        #expect(tables == 7)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let raw = try SQLiteConnection(path: path, create: false)
        defer { raw.close() }
        #expect(try raw.firstRow("PRAGMA journal_mode") { $0.text(0) } == "wal")
    }

    @Test func reopeningKeepsTheData() throws {
        let path = directory.appending("kept.sqlite")
        let first = try SQLiteStore(path: path)
        let owner = try first.makeUser("a@example.com").id
        let habit = try first.createHabit(fields(), owner: owner, now: referenceTime)
        let entry = ProgressEntry(date: date("2026-01-05"), value: decimal("0.7"))
        _ = try first.setProgress(entry, habitID: habit.id, owner: owner)
        first.close()

        let second = try SQLiteStore(path: path)
        defer { second.close() }
        #expect(try second.habit(id: habit.id, owner: owner) == habit)
        #expect(try second.allProgress(habitID: habit.id, owner: owner) == [entry])
        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(SQLiteStore.schemaVersion))
    }

    @Test func writesAreVisibleToAnotherStoreAtOnce() throws {
        let path = directory.appending("shared.sqlite")
        let writer = try SQLiteStore(path: path)
        let reader = try SQLiteStore(path: path)
        defer {
            reader.close()
            writer.close()
        }
        let owner = try writer.makeUser("a@example.com").id
        // The reader's connections have read before the write below.
        #expect(try reader.habits(owner: owner, status: .all).isEmpty)

        let habit = try writer.createHabit(fields(), owner: owner, now: referenceTime)

        #expect(try reader.habits(owner: owner, status: .all) == [habit])
    }

    @Test func aDatabaseFromANewerVersionIsRefused() throws {
        let path = directory.appending("newer.sqlite")
        try SQLiteStore(path: path).close()
        let connection = try SQLiteConnection(path: path, create: false)
        try connection.execute("PRAGMA user_version = \(SQLiteStore.schemaVersion + 1)")
        connection.close()

        #expect(
            throws: StoreError.newerSchema(
                found: SQLiteStore.schemaVersion + 1, supported: SQLiteStore.schemaVersion)
        ) {
            try SQLiteStore(path: path)
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedClearly() throws {
        let path = directory.appending("notes.txt")
        let text = String(repeating: "These are my notes, not a database.\n", count: 200)
        try text.write(toFile: path, atomically: true, encoding: .utf8)

        #expect(
            throws: StoreError.cannotOpen(path: path, reason: "the file is not a SQLite database")
        ) {
            try SQLiteStore(path: path)
        }
        // The file is left as it was.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        let path = directory.appending("other.sqlite")
        let connection = try SQLiteConnection(path: path, create: true)
        try connection.execute("CREATE TABLE songs (title TEXT)")
        connection.close()

        #expect(
            throws: StoreError.cannotOpen(
                path: path, reason: "it is a SQLite database of another program")
        ) {
            try SQLiteStore(path: path)
        }
    }

    @Test func aMissingDirectoryIsReported() throws {
        let path = directory.appending("missing/habits.sqlite")
        do {
            _ = try SQLiteStore(path: path)
            Issue.record("opening succeeded")
        } catch {
            guard case .cannotOpen(let reportedPath, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(reportedPath == path)
            #expect(!reason.isEmpty)
        }
    }

    @Test func closingTwiceIsHarmlessAndLaterCallsFail() throws {
        let store = try SQLiteStore(path: directory.appending("closed.sqlite"))
        let owner = try store.makeUser("a@example.com").id
        store.close()
        store.close()

        #expect(throws: StoreError.self) {
            try store.habits(owner: owner, status: .all)
        }
        #expect(throws: StoreError.self) {
            try store.createHabit(fields(), owner: owner, now: referenceTime)
        }
    }

    @Test func closingLeavesNoWriteAheadLogBehind() throws {
        let path = directory.appending("tidy.sqlite")
        let store = try SQLiteStore(path: path)
        let owner = try store.makeUser("a@example.com").id
        _ = try store.habits(owner: owner, status: .all)
        store.close()

        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func inMemoryStoresAreSeparateAndWork() throws {
        let first = try SQLiteStore(path: SQLiteStore.inMemoryPath)
        let second = try SQLiteStore(path: SQLiteStore.inMemoryPath)
        defer {
            first.close()
            second.close()
        }
        let owner = try first.makeUser("a@example.com").id
        let habit = try first.createHabit(fields(), owner: owner, now: referenceTime)

        #expect(try first.habits(owner: owner, status: .all) == [habit])
        #expect(try second.user(id: owner) == nil)
    }

    @Test func aStoreWithoutReadersDoesEverythingOnTheWriter() throws {
        let store = try SQLiteStore(path: directory.appending("single.sqlite"), readerCount: 0)
        defer { store.close() }
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        #expect(try store.habits(owner: owner, status: .active) == [habit])
    }

    @Test func concurrentReadsAndWritesAllSucceed() throws {
        let store = try SQLiteStore(path: directory.appending("busy.sqlite"))
        defer { store.close() }
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let start = date("2026-01-05")

        let failures = runConcurrently(8) { index in
            var failures = 0
            for step in 0..<50 {
                do {
                    if index.isMultiple(of: 2) {
                        let entry = ProgressEntry(
                            date: start.adding(days: index * 50 + step), value: Decimal(step))
                        if try store.setProgress(entry, habitID: habit.id, owner: owner) == nil {
                            failures += 1
                        }
                    } else {
                        _ = try store.habits(owner: owner, status: .active)
                        _ = try store.progress(
                            habitIDs: [habit.id], owner: owner, from: start,
                            to: start.adding(days: 400))
                    }
                } catch {
                    failures += 1
                }
            }
            return failures
        }

        #expect(failures == Array(repeating: 0, count: 8))
        #expect(try store.allProgress(habitID: habit.id, owner: owner)?.count == 4 * 50)
    }
}
