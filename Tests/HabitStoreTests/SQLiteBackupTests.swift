import Foundation
import HabitConcurrency
import HabitCore
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

/// `SQLiteBackup`: a copy taken while writers write, restored, row for row.
@Suite struct SQLiteBackupTests {
    /// Every row of every table of the database at `path`, as text, by table.
    func allRows(_ path: String) throws -> [String: [String]] {
        let connection = try SQLiteConnection(path: path, create: false)
        defer { connection.close() }
        let tables = try connection.rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        ) { $0.text(0) }
        var result: [String: [String]] = [:]
        for table in tables {
            let columns = try connection.rows(
                "SELECT name FROM pragma_table_info(?1)", [.text(table)]
            ) {
                $0.text(0)
            }
            let row = columns.map { "quote(\"\($0)\")" }.joined(separator: " || '|' || ")
            result[table] = try connection.rows("SELECT \(row) FROM \"\(table)\" ORDER BY 1") {
                $0.text(0)
            }
        }
        return result
    }

    @Test func aBackupTakenUnderWriteLoadRestoresEveryRow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("live.sqlite3")
        let store = try SQLiteStore(path: path)
        let user = try store.makeUser("load@example.com")
        let habit = try store.createHabit(
            fields(start: "2020-01-01"), owner: user.id, now: referenceTime)
        let first = date("2020-01-01")
        let acknowledged = Locked<Set<String>>([])
        let writesBegun = DispatchSemaphore(value: 0)
        let backup = directory.appending("backup.sqlite3")
        let acknowledgedBeforeBackup = Locked<Set<String>>([])
        let backupError = Locked<String?>(nil)
        // Three writers of distinct days, and one thread that takes the
        // backup once 150 writes have been acknowledged, while they go on.
        _ = runConcurrently(4) { index in
            if index == 3 {
                writesBegun.wait()
                acknowledgedBeforeBackup.withLock { $0 = acknowledged.withLock { $0 } }
                do {
                    try SQLiteBackup.copy(database: path, to: backup)
                } catch {
                    backupError.withLock { $0 = "\(error)" }
                }
                return
            }
            for step in 0..<400 {
                let day = first.adding(days: index * 1000 + step)
                let entry = ProgressEntry(date: day, value: Decimal(step + 1))
                guard (try? store.setProgress(entry, habitID: habit.id, owner: user.id)) != nil
                else { continue }
                let count = acknowledged.withLock { set -> Int in
                    set.insert(day.description)
                    return set.count
                }
                if count == 150 { writesBegun.signal() }
            }
        }
        #expect(backupError.withLock { $0 } == nil)
        store.close()

        let restored = directory.appending("restored.sqlite3")
        let counts = try SQLiteBackup.restore(from: backup, into: restored)
        let backupRows = try allRows(backup)
        let restoredRows = try allRows(restored)
        #expect(restoredRows == backupRows)
        #expect(counts.accounts == 1)
        #expect(counts.habits == 1)
        // Taken while writes went on: it holds every write acknowledged before
        // it started, and only whole writes (each a day of the live database).
        let restoredStore = try SQLiteStore(path: restored)
        defer { restoredStore.close() }
        let entries = try #require(
            try restoredStore.progress(
                habitID: habit.id, owner: user.id, from: first, to: first.adding(days: 3000)))
        let days = Set(entries.map(\.date.description))
        #expect(days.isSuperset(of: acknowledgedBeforeBackup.withLock { $0 }))
        #expect(days.isSubset(of: acknowledged.withLock { $0 }))
        #expect(counts.progress == days.count)
        #expect(TemporaryDirectory.mode(of: backup) == 0o600)
    }

    @Test func aBackupNeverReplacesAFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("live.sqlite3")
        try SQLiteStore(path: path).close()
        let backup = directory.appending("backup.sqlite3")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: backup))
        #expect(throws: SQLiteBackupError.destinationExists(path: backup)) {
            try SQLiteBackup.copy(database: path, to: backup)
        }
        #expect(try String(contentsOfFile: backup, encoding: .utf8) == "precious")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!leftovers.contains { $0.contains("partial") })
    }

    @Test func aRestoreRefusesADatabaseWithAccounts() throws {
        let directory = try TemporaryDirectory()
        let live = directory.appending("live.sqlite3")
        let store = try SQLiteStore(path: live)
        _ = try store.makeUser("one@example.com")
        store.close()
        let backup = directory.appending("backup.sqlite3")
        try SQLiteBackup.copy(database: live, to: backup)
        #expect(throws: SQLiteBackupError.targetNotEmpty(path: live, accounts: 1)) {
            try SQLiteBackup.restore(from: backup, into: live)
        }
        // An empty habits database, or an empty file, is fine.
        let empty = directory.appending("empty.sqlite3")
        try SQLiteStore(path: empty).close()
        #expect(try SQLiteBackup.restore(from: backup, into: empty).accounts == 1)
        let blank = directory.appending("blank.sqlite3")
        _ = FileManager.default.createFile(atPath: blank, contents: Data())
        #expect(try SQLiteBackup.restore(from: backup, into: blank).accounts == 1)
    }

    @Test func aRestoreRefusesADatabaseAServerHoldsAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let live = directory.appending("live.sqlite3")
        let store = try SQLiteStore(path: live)
        _ = try store.makeUser("one@example.com")
        store.close()
        let backup = directory.appending("backup.sqlite3")
        try SQLiteBackup.copy(database: live, to: backup)
        let target = directory.appending("served.sqlite3")
        try SQLiteStore(path: target).close()
        let before = try Data(contentsOf: URL(fileURLWithPath: target))
        let server = try SQLiteServerLock(database: target, mode: .serving)
        // A second server shares the database.
        let other = try SQLiteServerLock(database: target, mode: .serving)
        other.release()
        #expect(throws: SQLiteBackupError.databaseInUse(path: target)) {
            try SQLiteBackup.restore(from: backup, into: target)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        server.release()
        // Once the servers are gone the restore goes ahead, and while it
        // works no server can take the database.
        #expect(try SQLiteBackup.restore(from: backup, into: target).accounts == 1)
        let restoring = try SQLiteServerLock(database: target, mode: .restoring)
        #expect(throws: SQLiteServerLock.Failure.held(database: target)) {
            try SQLiteServerLock(database: target, mode: .serving)
        }
        restoring.release()
    }

    @Test func aRestoreLeavesTheSourcesSignInStateBehind() throws {
        let directory = try TemporaryDirectory()
        let live = directory.appending("live.sqlite3")
        let store = try SQLiteStore(path: live)
        _ = try store.makeUser("one@example.com")
        let now = Date()
        let refused: Bool? = try store.storeCode(
            email: "one@example.com", clients: ["ip:192.0.2.1"], codeHash: "hash", sentAt: now,
            expiresAt: now.addingTimeInterval(600), sendTimesSince: now.addingTimeInterval(-3600),
            refusal: { _ in nil })
        #expect(refused == nil)
        store.close()
        let backup = directory.appending("backup.sqlite3")
        try SQLiteBackup.copy(database: live, to: backup)
        let target = directory.appending("restored.sqlite3")
        try SQLiteBackup.restore(from: backup, into: target)
        let rows = try allRows(target)
        #expect(rows["users"]?.count == 1)
        for table in ["login_codes", "code_sends", "code_requests"] {
            #expect(rows[table] == [], "\(table)")
        }
    }

    @Test func aRestoreRefusesFilesThatAreNotHabitsBackups() throws {
        let directory = try TemporaryDirectory()
        let text = directory.appending("notes.txt")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(
            to: URL(fileURLWithPath: text))
        let target = directory.appending("target.sqlite3")
        #expect(throws: SQLiteBackupError.notAHabitsDatabase(path: text)) {
            try SQLiteBackup.restore(from: text, into: target)
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}
