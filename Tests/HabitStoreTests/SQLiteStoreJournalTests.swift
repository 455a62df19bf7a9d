import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

/// A server's file is WAL; a client's has a rollback journal, so a read
/// makes no files, and a client's WAL file from before turns rollback once
/// a client opens it alone.
@Suite struct SQLiteStoreJournalTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The journal mode of the file at `path`, as a new connection sees it.
    private func journalMode(_ path: String) throws -> String? {
        let connection = try SQLiteConnection(path: path, create: false)
        defer { connection.close() }
        return try connection.firstRow("PRAGMA journal_mode") { row in row.text(0) }
    }

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    @Test func aServersFileIsWAL() throws {
        let path = directory.appending("server.sqlite")
        let store = try SQLiteStore(path: path, readerCount: 0)
        _ = try store.makeUser("a@example.com")
        #expect(exists(path + "-wal"))
        store.close()
        #expect(try journalMode(path) == "wal")
    }

    @Test func aClientsFileHasARollbackJournalAndAReadMakesNoFiles() throws {
        let path = directory.appending("client.sqlite")
        let first = try SQLiteStore(path: path, readerCount: 0, role: .client)
        let owner = try first.localUser(now: referenceTime).id
        let habit = try first.createHabit(fields(), owner: owner, now: referenceTime)
        first.close()
        #expect(try journalMode(path) == "delete")

        let store = try SQLiteStore(path: path, readerCount: 0, role: .client)
        #expect(try store.habits(owner: owner, status: .all).map(\.id) == [habit.id])
        for suffix in ["-wal", "-shm", "-journal"] { #expect(!exists(path + suffix)) }
        store.close()
    }

    @Test func aClientsWALFileStaysWALWhileSharedAndTurnsRollbackAlone() throws {
        let path = directory.appending("old-client.sqlite")
        let first = try SQLiteStore(path: path, readerCount: 0, role: .client)
        let owner = try first.localUser(now: referenceTime).id
        _ = try first.createHabit(fields(), owner: owner, now: referenceTime)
        first.close()
        // As a client before this version left it, opened by another
        // process that is still reading it.
        let other = try SQLiteConnection(path: path, create: false)
        defer { other.close() }
        #expect(try other.firstRow("PRAGMA journal_mode = WAL") { $0.text(0) } == "wal")
        #expect(try other.firstRow("SELECT count(*) FROM habits") { $0.int64(0) } == 1)

        let shared = try SQLiteStore(path: path, readerCount: 0, role: .client)
        _ = try shared.createHabit(fields("Walk"), owner: owner, now: referenceTime)
        #expect(try shared.habits(owner: owner, status: .all).count == 2)
        shared.close()
        #expect(try journalMode(path) == "wal")

        other.close()
        let alone = try SQLiteStore(path: path, readerCount: 0, role: .client)
        #expect(try alone.habits(owner: owner, status: .all).count == 2)
        alone.close()
        #expect(try journalMode(path) == "delete")
        #expect(!exists(path + "-wal"))
    }
}
