import Foundation
import HabitCore
import ServerTestSupport
import StorageTestSupport
import TestSupport
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// A habit's position (`HabitOrder`) in both stores: written, changed and
/// removed; every list reads habits in its order; the change feed, the
/// replica and `habits-server migrate` carry it; and a database of the
/// version before gains the column with its habits unplaced.
@Suite struct HabitPositionStoreTests {
    /// Four habits: Read and Run never placed, Walk at 2048, Swim at 1024.
    static func make(in store: any TestStore, owner: Int64) throws -> [Habit] {
        var walk = fields("Walk")
        walk.position = 2048
        var swim = fields("Swim")
        swim.position = 1024
        return try [fields("Read"), fields("Run"), walk, swim].map { fields throws in
            try store.createHabit(fields, owner: owner, now: referenceTime)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func listsFollowThePositionsThenTheIDs(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        let made = try Self.make(in: store, owner: owner)
        #expect(made.map(\.position) == [nil, nil, 2048, 1024])
        #expect(try store.habit(id: made[2].id, owner: owner)?.position == 2048)
        let expected = ["Swim", "Walk", "Read", "Run"]
        #expect(try store.habits(owner: owner, status: .all).map(\.name) == expected)
        #expect(try store.habits(owner: owner, status: .active).map(\.name) == expected)
        #expect(
            try store.habitsWithCheckpoints(owner: owner, status: .all).habits.map(\.name)
                == expected)
        #expect(
            try store.habitsWithCheckpoints(owner: owner, status: .active).habits.map(\.name)
                == expected)

        // Run moves first; Swim's position is removed (it goes among the unplaced).
        var run = made[1].fields
        run.position = 0
        _ = try store.updateHabit(
            id: made[1].id, owner: owner, fields: run, status: .active, now: referenceTime)
        var swim = made[3].fields
        swim.position = nil
        _ = try store.updateHabit(
            id: made[3].id, owner: owner, fields: swim, status: .active, now: referenceTime)
        #expect(
            try store.habits(owner: owner, status: .all).map(\.name)
                == ["Run", "Walk", "Read", "Swim"])
        #expect(try store.habit(id: made[3].id, owner: owner)?.position == nil)

        let fed = try ChangeFeedTests.readAll(store, owner: owner).changes.compactMap {
            change -> Habit? in
            if case .habit(let habit, _) = change { return habit }
            return nil
        }
        #expect(fed.first { $0.id == made[1].id }?.position == 0)
        #expect(fed.first { $0.id == made[2].id }?.position == 2048)
    }

    @Test(arguments: StoreKind.allCases)
    func importedHabitsKeepTheirPositions(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        var placed = fields("Walk")
        placed.position = 5
        let (created, _) = try store.importHabits(owner: owner, now: referenceTime) {
            _ throws(StoreError) in
            (
                HabitImportWrite(newHabits: [
                    HabitImportWrite.NewHabit(
                        fields: fields("Read"), status: .active, preferredID: nil, entries: []),
                    HabitImportWrite.NewHabit(
                        fields: placed, status: .active, preferredID: 40, entries: []),
                ]), 0
            )
        }
        #expect(created.map(\.position) == [nil, 5])
        #expect(try store.habits(owner: owner, status: .all).map(\.name) == ["Walk", "Read"])
    }

    /// The replica keeps the position the feed brings, and removes it
    /// when a later state has none.
    @Test func aReplicaKeepsThePositionItIsGiven() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("replica.sqlite"))
        defer { store.close() }
        let owner = try store.makeUser("a@example.com").id
        var habit = Habit(id: 41, fields: fields("Read"), createdAt: referenceTime)
        habit.position = 3072
        try store.replica(owner: owner) { replica throws(StoreError) in
            try replica.putHabit(habit)
            try replica.putHabit(Habit(id: 42, fields: fields("Run"), createdAt: referenceTime))
        }
        #expect(try store.habit(id: 41, owner: owner)?.position == 3072)
        #expect(try store.habits(owner: owner, status: .all).map(\.id) == [41, 42])
        habit.position = nil
        try store.replica(owner: owner) { replica throws(StoreError) in
            try replica.putHabit(habit)
        }
        #expect(try store.habit(id: 41, owner: owner)?.position == nil)
    }

    /// `habits-server migrate`'s copy keeps the positions.
    @Test func theMigrationCopyKeepsThePositions() throws {
        let directory = try TemporaryDirectory()
        let source = try SQLiteStore(path: directory.appending("habits.sqlite"))
        defer { source.close() }
        let owner = try source.makeUser("a@example.com").id
        let habits = try Self.make(in: source, owner: owner)
        let database = try StoreKind.postgres.open()
        let destination = try #require(database.store as? PostgresStore)
        _ = try destination.importRows(try source.export())
        let copied = try destination.habits(owner: owner, status: .all)
        #expect(copied.map(\.name) == ["Swim", "Walk", "Read", "Run"])
        #expect(Set(copied.map(\.fields)) == Set(habits.map(\.fields)))
    }

    /// A database of the version before: its habits stay, unplaced, and
    /// can then be placed.
    @Test func aDatabaseOfTheVersionBeforeGainsPositions() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("before.sqlite")
        try writeOldDatabase(
            at: path, version: Schema.version - 1,
            """
            INSERT INTO users (email, created_at) VALUES ('a@b.co', 0);
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at, "group")
            VALUES (1, 'Read', 'DAILY', 'pages', '2026-01-05', 127, '10', 'ACTIVE', 0, 0, 'Home'),
                (1, 'Run', 'WEEKLY', 'km', '2026-01-05', 127, '5', 'ACTIVE', 0, 0, NULL);
            INSERT INTO progress (habit_id, date, value, skipped, owner_id)
            VALUES (1, '2026-03-01', '4', 0, 1);
            """)
        let store = try SQLiteStore(path: path)
        defer { store.close() }
        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        let habits = try store.habits(owner: 1, status: .all)
        #expect(habits.map(\.name) == ["Read", "Run"])
        #expect(habits.allSatisfy { $0.position == nil })
        #expect(habits.first?.group == "Home")
        #expect(try store.allProgress(habitID: 1, owner: 1)?.count == 1)
        var run = habits[1].fields
        run.position = 7
        _ = try store.updateHabit(id: 2, owner: 1, fields: run, status: .active, now: referenceTime)
        #expect(try store.habits(owner: 1, status: .all).map(\.name) == ["Run", "Read"])
    }

    @Test func aPostgresDatabaseOfTheVersionBeforeGainsPositions() throws {
        let url = try #require(
            PostgresURL(try PostgresTestServer.sharedOrCancel().newSchema(prefix: "p_")))
        let old = try PostgresConnection(url: url, environment: [:])
        try old.execute(PostgresSchema.versionTable)
        let before = PostgresSchema.migrations.count - 1
        for step in PostgresSchema.migrations.prefix(before) { try old.execute(step) }
        try old.execute(
            """
            INSERT INTO schema_version (version) VALUES (\(before));
            INSERT INTO users (email, created_at) VALUES ('a@b.co', now());
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at, "group")
            VALUES (1, 'Read', 'DAILY', 'pages', '2026-01-05', 127, 10, 'ACTIVE', now(), now(),
                'Home'),
                (1, 'Run', 'WEEKLY', 'km', '2026-01-05', 127, 5, 'ACTIVE', now(), now(), NULL);
            """)
        old.close()
        let store = try PostgresStore(url: url, poolSize: 2, environment: [:])
        defer { store.close() }
        let habits = try store.habits(owner: 1, status: .all)
        #expect(habits.map(\.name) == ["Read", "Run"])
        #expect(habits.allSatisfy { $0.position == nil } && habits.first?.group == "Home")
        var run = habits[1].fields
        run.position = 7
        _ = try store.updateHabit(id: 2, owner: 1, fields: run, status: .active, now: referenceTime)
        #expect(try store.habits(owner: 1, status: .all).map(\.name) == ["Run", "Read"])
    }
}
