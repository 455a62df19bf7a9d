import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// Opening a PostgreSQL database: migrations under the advisory lock, and
/// refusals that name the database without its password.
@Suite struct PostgresStoreOpeningTests {
    /// A new empty schema on the shared server (the case is cancelled, or
    /// fails under CI, without PostgreSQL); returns the URL that uses it.
    static func schema() throws -> String {
        try PostgresTestServer.sharedOrCancel().newSchema(prefix: "o_")
    }

    @Test func storesOpeningAtOnceMigrateOnce() throws {
        let url = try #require(PostgresURL(try Self.schema()))
        let outcomes = runConcurrently(6) { _ in
            Result { () throws(StoreError) in
                try PostgresStore(url: url, poolSize: 1, environment: [:])
            }
        }
        for outcome in outcomes { #expect((try? outcome.get()) != nil, "\(outcome)") }
        let store = try #require(try outcomes.first?.get())
        let versions = try store.read { connection throws(StoreError) in
            try connection.query("SELECT count(*), max(version) FROM schema_version")
        }
        #expect(versions.int64(0, 0) == 1)
        #expect(versions.int64(0, 1) == Int64(PostgresStore.schemaVersion))
    }

    /// A database of schema 3 (before history checkpoints) with habits and
    /// entries: opening adds the generations, the table and the triggers,
    /// keeps every entry, and the first list's checkpoints equal the whole
    /// history and are kept true from then on.
    @Test func aVersionThreeDatabaseGainsCheckpointsAndKeepsItsData() throws {
        let url = try #require(PostgresURL(try Self.schema()))
        let old = try PostgresConnection(url: url, environment: [:])
        try old.execute(PostgresSchema.versionTable)
        for step in PostgresSchema.migrations.prefix(3) { try old.execute(step) }
        try old.execute(
            """
            INSERT INTO schema_version (version) VALUES (3);
            INSERT INTO users (id, email, created_at) VALUES (1, 'a@b.co', now());
            INSERT INTO habits (id, owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at)
            VALUES (1, 1, 'Read', 'DAILY', 'pages', '2026-03-02', 127, 10, 'ACTIVE', now(), now()),
                (2, 1, 'Run', 'WEEKLY', 'km', '2026-03-02', 127, 5, 'ACTIVE', now(), now());
            INSERT INTO progress (habit_id, date, value, skipped, note)
            SELECT 1, d::date, 10, false, NULL
            FROM generate_series('2026-03-02'::date, '2026-03-18'::date, '1 day') AS d;
            UPDATE progress SET note = 'first' WHERE habit_id = 1 AND date = '2026-03-02';
            INSERT INTO progress (habit_id, date, value, skipped, note)
            VALUES (2, '2026-03-03', 5, false, NULL), (2, '2026-03-11', 5, false, NULL);
            """)
        old.close()

        let store = try PostgresStore(url: url, poolSize: 2, environment: [:])
        defer { store.close() }
        let version = try store.read { connection throws(StoreError) in
            try connection.query("SELECT max(version) FROM schema_version").int64(0, 0)
        }
        #expect(version == Int64(PostgresStore.schemaVersion))
        let first = date("2026-03-02")
        #expect(
            try store.progress(habitID: 1, owner: 1, from: first, to: first) == [
                ProgressEntry(date: first, value: 10, note: "first")
            ])
        let records = try store.historyCheckpoints(habitIDs: [1, 2], owner: 1)
        #expect(records[1] == HistoryCheckpointRecord(checkpoint: nil, generation: 0))
        #expect(records[2] == HistoryCheckpointRecord(checkpoint: nil, generation: 0))

        let habits = try store.habits(owner: 1, status: .all)
        let asOf = date("2026-03-19")
        let summaries = try store.streakSummaries(of: habits, owner: 1, asOf: asOf)
        for habit in habits {
            let entries = try #require(try store.allProgress(habitID: habit.id, owner: 1))
            let full = HabitHistory(habit: habit, entries: entries).stats(today: asOf)
            #expect(summaries[habit.id]?.currentStreak == full.currentStreak, "\(habit.name)")
            #expect(abs((summaries[habit.id]?.strength ?? -1) - full.strength) < 1e-12)
        }
        let made = try store.historyCheckpoints(habitIDs: [1, 2], owner: 1)
        #expect(made[1]?.checkpoint?.through == date("2026-03-18"))
        #expect(made[2]?.checkpoint?.through == date("2026-03-09"))

        // The triggers are in place: an entry in the weekly habit's last
        // counted week drops its checkpoint and leaves the daily one.
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-15"), value: 5), habitID: 2, owner: 1)
        let after = try store.historyCheckpoints(habitIDs: [1, 2], owner: 1)
        #expect(after[1]?.checkpoint == made[1]?.checkpoint)
        #expect(after[2]?.checkpoint == nil)
        #expect(after[2].map { $0.generation != 0 } == true)
    }

    @Test func aNewerSchemaIsRefused() throws {
        let url = try #require(PostgresURL(try Self.schema()))
        let store = try PostgresStore(url: url, poolSize: 1, environment: [:])
        _ = try store.read { connection throws(StoreError) in
            try connection.run("UPDATE schema_version SET version = version + 1")
        }
        store.close()
        let supported = PostgresStore.schemaVersion
        #expect(throws: StoreError.newerSchema(found: supported + 1, supported: supported)) {
            try PostgresStore(url: url, poolSize: 1, environment: [:])
        }
    }

    @Test func anotherProgramsHabitsTableIsLeftAlone() throws {
        let server = try PostgresTestServer.sharedOrCancel()
        let text = try server.newSchema(prefix: "o_")
        let schema = text.components(separatedBy: "%3D").last ?? ""
        try server.psql("CREATE TABLE \(schema).habits (id integer)")
        let error = #expect(throws: StoreError.self) {
            try PostgresStore(url: try #require(PostgresURL(text)), poolSize: 1, environment: [:])
        }
        guard case .cannotOpen(_, let reason) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("habits did not create"))
    }

    @Test func aWrongPasswordNamesTheDatabaseWithoutIt() throws {
        let server = try PostgresTestServer.sharedOrCancel()
        let url = try #require(PostgresURL(server.url(password: "Wrong-pass-123")))
        let error = #expect(throws: StoreError.self) {
            try PostgresStore(url: url, poolSize: 1, environment: [:])
        }
        // Every field, as any program would show them.
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("postgres://habits@127.0.0.1"), "\(text)")
        #expect(text.contains("password authentication failed"), "\(text)")
        #expect(!text.contains("Wrong-pass-123"), "\(text)")
    }

    @Test func aClosedStoreIsUnavailableNotAnError() throws {
        let url = try #require(PostgresURL(try Self.schema()))
        let store = try PostgresStore(url: url, poolSize: 2, environment: [:])
        store.close()
        #expect {
            _ = try store.habits(owner: 1, status: .all)
        } throws: { error in
            if case .unavailable = error as? StoreError { return true }
            return false
        }
    }
}
