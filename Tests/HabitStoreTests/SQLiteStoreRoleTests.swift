import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

/// A client's database (local mode, the replica) has no server tables; a
/// client's file from before version 15 loses them only while they are
/// empty, and a server refuses a client's file in one sentence.
@Suite struct SQLiteStoreRoleTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// How many of the server's tables the file at `path` has.
    private func serverTableCount(_ path: String) throws -> Int64 {
        let names = Schema.serverTables.map { "'\($0)'" }.joined(separator: ", ")
        return try rawCount(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (\(names))",
            path: path)
    }

    /// A file as version `version` of habits left it (`writeOldDatabase`),
    /// with a user, a habit and an entry, and `extra` SQL.
    private func oldFile(_ name: String, version: Int, extra: String = "") throws -> String {
        let path = directory.appending(name)
        try writeOldDatabase(
            at: path, version: version,
            """
            INSERT INTO users (email, created_at) VALUES ('local@localhost', 0);
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at)
            VALUES (1, 'Read', 'DAILY', 'pages', '2026-01-05', 127, '10', 'ACTIVE', 0, 0);
            INSERT INTO progress (habit_id, date, value, skipped, owner_id)
            VALUES (1, '2026-03-02', '4', 0, 1);
            \(extra)
            """)
        return path
    }

    @Test func aNewClientFileHasNoServerTablesAndKeepsHabits() throws {
        let path = directory.appending("client.sqlite")
        let store = try SQLiteStore(path: path, readerCount: 0, role: .client)
        let owner = try store.localUser(now: referenceTime).id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let entry = ProgressEntry(date: date("2026-01-05"), value: decimal("0.7"))
        _ = try store.setProgress(entry, habitID: habit.id, owner: owner)
        store.close()

        #expect(try serverTableCount(path) == 0)
        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        let again = try SQLiteStore(path: path, readerCount: 0, role: .client)
        defer { again.close() }
        #expect(try again.allProgress(habitID: habit.id, owner: owner) == [entry])
        // Deleting cascades through the tables a client has.
        #expect(try again.deleteHabit(id: habit.id, owner: owner))
        #expect(try again.habits(owner: owner, status: .all).isEmpty)
    }

    @Test func aClientsFileFromVersion14LosesItsEmptyServerTablesAndKeepsItsData() throws {
        let path = try oldFile("version14.sqlite", version: 14)
        #expect(try serverTableCount(path) == 13)

        let store = try SQLiteStore(path: path, readerCount: 0, role: .client)
        defer { store.close() }
        #expect(try serverTableCount(path) == 0)
        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        #expect(try store.habits(owner: 1, status: .all).map(\.name) == ["Read"])
        let day = date("2026-03-02")
        #expect(
            try store.progress(habitID: 1, owner: 1, from: day, to: day) == [
                ProgressEntry(date: day, value: 4)
            ])
    }

    /// Someone pointed the command line at a server's file: nothing of the
    /// server's is dropped, and the server still opens it.
    @Test(arguments: [
        "INSERT INTO login_codes (email, code_hash, expires_at, attempts) VALUES ('a@b.co', 'h', 0, 0)",
        """
        INSERT INTO access_tokens (owner_id, name, scope, token_hash, created_at)
        VALUES (1, 'bar', 'read', 'h', 0)
        """,
    ])
    func aFileWhoseServerTablesHoldRowsStaysAServers(extra: String) throws {
        let path = try oldFile("server.sqlite", version: 14, extra: extra)

        try SQLiteStore(path: path, readerCount: 0, role: .client).close()
        #expect(try serverTableCount(path) == 13)
        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        let server = try SQLiteStore(path: path, readerCount: 0)
        defer { server.close() }
        #expect(try server.habits(owner: 1, status: .all).map(\.name) == ["Read"])
    }

    @Test func aClientOpensAServersFileAsItIs() throws {
        let path = directory.appending("server.sqlite")
        try SQLiteStore(path: path, readerCount: 0).close()
        let client = try SQLiteStore(path: path, readerCount: 0, role: .client)
        let owner = try client.localUser(now: referenceTime).id
        _ = try client.createHabit(fields(), owner: owner, now: referenceTime)
        client.close()
        #expect(try serverTableCount(path) == 13)
        try SQLiteStore(path: path, readerCount: 0).close()
    }

    @Test func aServerRefusesAClientsFileAndLeavesItAsItIs() throws {
        let path = directory.appending("client.sqlite")
        try SQLiteStore(path: path, readerCount: 0, role: .client).close()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect(
            throws: StoreError.cannotOpen(
                path: path,
                reason: "it is the database of a habits client (local mode or a server's "
                    + "replica), which has no sign-in or reminder tables")
        ) {
            try SQLiteStore(path: path, readerCount: 0)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// A client's shape is checked as strictly as a server's.
    @Test(arguments: [
        ("DROP TABLE history_checkpoints", "its table history_checkpoints is missing"),
        ("DROP INDEX habits_by_owner", "its index habits_by_owner is missing"),
        ("DROP TRIGGER progress_updated", "its trigger progress_updated is missing"),
    ])
    func aDamagedClientsFileIsDamaged(sql: String, reason: String) throws {
        let path = directory.appending("client.sqlite")
        try SQLiteStore(path: path, readerCount: 0, role: .client).close()
        let connection = try SQLiteConnection(path: path, create: false)
        try connection.execute(sql)
        connection.close()

        #expect(throws: StoreError.damaged(path: path, reason: reason)) {
            try SQLiteStore(path: path, readerCount: 0, role: .client)
        }
    }
}
