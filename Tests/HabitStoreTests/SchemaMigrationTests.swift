import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

/// Databases written by earlier versions are brought up to date on opening.
@Suite struct SchemaMigrationTests {
    @Test func aVersionOneDatabaseGainsIdempotencyKeysAndKeepsItsData() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("version1.sqlite")
        try writeOldDatabase(
            at: path, version: 1, "INSERT INTO users (email, created_at) VALUES ('a@b.co', 0)")

        let store = try SQLiteStore(path: path)
        defer { store.close() }

        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        #expect(try store.user(id: 1)?.email == "a@b.co")
        let request = IdempotencyRequest(scope: "user:1", key: "k", fingerprint: "f")
        let answer = IdempotentAnswer(status: 400, body: Data("{}".utf8))
        _ = try store.recordAnswer(answer, for: request, now: referenceTime)
        let again = try store.recordAnswer(answer, for: request, now: referenceTime)
        guard case .replayed(let replayed) = again else {
            Issue.record("expected the stored answer again, got \(again)")
            return
        }
        #expect(replayed == answer)
    }

    @Test func aVersionThreeDatabaseGainsNotesAndItsEntriesHaveNone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("version3.sqlite")
        try writeOldDatabase(
            at: path, version: 3,
            """
            INSERT INTO users (email, created_at) VALUES ('a@b.co', 0);
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at)
            VALUES (1, 'Read', 'DAILY', 'pages', '2026-01-05', 127, '10', 'ACTIVE', 0, 0);
            INSERT INTO progress (habit_id, date, value, skipped) VALUES (1, '2026-03-02', '4', 0);
            """)

        let store = try SQLiteStore(path: path)
        defer { store.close() }

        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        let day = date("2026-03-02")
        #expect(
            try store.progress(habitID: 1, owner: 1, from: day, to: day) == [
                ProgressEntry(date: day, value: 4)
            ])
        let noted = try store.setProgress(
            ProgressEntry(date: day, value: 4), note: .replace("sick"), habitID: 1, owner: 1)
        #expect(noted?.note == "sick")
    }

    /// A version 4 checkpoint holds no counts or longest streak: it is
    /// deleted, never read with zeros, and new ones keep every figure.
    @Test func aVersionFourCheckpointIsDroppedAndNewOnesKeepTheCounts() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("version4.sqlite")
        try writeOldDatabase(
            at: path, version: 4,
            """
            INSERT INTO users (email, created_at) VALUES ('a@b.co', 0);
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at)
            VALUES (1, 'Read', 'DAILY', 'pages', '2026-01-05', 127, '10', 'ACTIVE', 0, 0);
            INSERT INTO history_checkpoints (habit_id, through, current_streak, strength, rules)
            VALUES (1, '2026-03-01', 7, 0.5, 'DAILY 2026-01-05 127 10');
            """)

        let store = try SQLiteStore(path: path)
        defer { store.close() }

        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        let record = try #require(try store.historyCheckpoints(habitIDs: [1], owner: 1)[1])
        #expect(record.checkpoint == nil)
        let habit = try #require(try store.habit(id: 1, owner: 1))
        let checkpoint = HistoryCheckpoint(
            through: date("2026-03-01"),
            stats: HabitStats(
                currentStreak: 7, longestStreak: 20, successCount: 50, failedCount: 3,
                skippedCount: 2, strength: 0.5),
            rules: HistoryCheckpoint.rules(of: habit))
        try store.saveHistoryCheckpoint(
            checkpoint, habitID: 1, owner: 1, ifGeneration: record.generation)
        #expect(try store.historyCheckpoints(habitIDs: [1], owner: 1)[1]?.checkpoint == checkpoint)
    }

    /// Version 6 splits the update trigger; a version 5 database keeps its
    /// entries, and its checkpoints are still dropped by a change of a day
    /// they cover and by an entry moved out of them, and not by a later day.
    @Test func aVersionFiveDatabaseKeepsItsCheckpointRules() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("version5.sqlite")
        try writeOldDatabase(
            at: path, version: 5,
            """
            INSERT INTO users (email, created_at) VALUES ('a@b.co', 0);
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at)
            VALUES (1, 'Read', 'DAILY', 'pages', '2026-01-05', 127, '10', 'ACTIVE', 0, 0),
                (1, 'Run', 'WEEKLY', 'km', '2026-01-05', 127, '10', 'ACTIVE', 0, 0);
            INSERT INTO progress (habit_id, date, value, skipped, note)
            VALUES (1, '2026-03-01', '4', 0, 'kept'), (1, '2026-02-20', '2', 0, NULL),
                (2, '2026-03-05', '1', 0, NULL);
            """ + Self.checkpoints)

        let store = try SQLiteStore(path: path)
        defer { store.close() }
        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        let day = date("2026-03-01")
        #expect(
            try store.progress(habitID: 1, owner: 1, from: day, to: day) == [
                ProgressEntry(date: day, value: 4, note: "kept")
            ])
        func generation(_ habitID: Int64) throws -> Int64 {
            try rawCount("SELECT progress_generation FROM habits WHERE id = \(habitID)", path: path)
        }
        // The fixture's inserts bumped them already: count from there.
        let first = (try generation(1), try generation(2))
        func hasCheckpoint(_ habitID: Int64) throws -> Bool {
            try rawCount(
                "SELECT count(*) FROM history_checkpoints WHERE habit_id = \(habitID)", path: path)
                == 1
        }

        // A new day after habit 1's checkpoint, then a change of it: kept.
        for value in [1, 2] {
            _ = try store.setProgress(
                ProgressEntry(date: date("2026-03-02"), value: Decimal(value)), note: .keep,
                habitID: 1, owner: 1)
        }
        #expect(try hasCheckpoint(1))
        #expect(try generation(1) == first.0 + 2)
        // A change of its last day drops it and keeps the note.
        let changed = try store.setProgress(
            ProgressEntry(date: day, value: 5), note: .keep, habitID: 1, owner: 1)
        #expect(changed?.note == "kept")
        #expect(try !hasCheckpoint(1))
        #expect(try generation(1) == first.0 + 3)
        // A day of habit 2's last week (a weekly habit) drops its checkpoint.
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-05"), value: 2), note: .keep, habitID: 2, owner: 1)
        #expect(try !hasCheckpoint(2))
        #expect(try generation(2) == first.1 + 1)

        // Moving habit 1's 2026-02-20 to habit 2's 2026-03-09, past its
        // checkpoint's week: habit 1's goes (the day it left), habit 2's stays.
        let raw = try SQLiteConnection(path: path, create: false)
        defer { raw.close() }
        try raw.execute(Self.checkpointsWithCover)
        try raw.execute(
            """
            UPDATE progress SET habit_id = 2, date = '2026-03-09'
            WHERE habit_id = 1 AND date = '2026-02-20'
            """)
        #expect(try !hasCheckpoint(1))
        #expect(try hasCheckpoint(2))
        #expect(try generation(1) == first.0 + 4)
        #expect(try generation(2) == first.1 + 2)
        // Moving it back into that week drops it; one bump for one habit.
        try raw.execute(
            "UPDATE progress SET date = '2026-03-03' WHERE habit_id = 2 AND date = '2026-03-09'")
        #expect(try !hasCheckpoint(2))
        #expect(try generation(2) == first.1 + 3)
    }

    /// The same as a version 16 store saves them, with the last day each
    /// covers: habit 2's is weekly, so its week's Sunday.
    private static let checkpointsWithCover = """
        INSERT INTO history_checkpoints (habit_id, through, current_streak, strength, rules,
            covers_through)
        VALUES (1, '2026-03-01', 7, 0.5, 'r', '2026-03-01'),
            (2, '2026-03-02', 1, 0.5, 'r', '2026-03-08');
        """

    /// Version 16 works out the last day each checkpoint covers from its
    /// habit's frequency; one saved later without it covers every day.
    @Test func aVersion15DatabasesCheckpointsGetTheirCover() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("version15.sqlite")
        try writeOldDatabase(
            at: path, version: 15,
            """
            INSERT INTO users (email, created_at) VALUES ('a@b.co', 0);
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at)
            VALUES (1, 'Read', 'DAILY', 'pages', '2026-01-05', 127, '10', 'ACTIVE', 0, 0),
                (1, 'Run', 'WEEKLY', 'km', '2026-01-05', 127, '10', 'ACTIVE', 0, 0),
                (1, 'Swim', 'DAILY', 'laps', '2026-01-05', 127, '10', 'ACTIVE', 0, 0);
            """ + Self.checkpoints)

        try SQLiteStore(path: path).close()
        let raw = try SQLiteConnection(path: path, create: false)
        defer { raw.close() }
        try raw.execute(
            """
            INSERT INTO history_checkpoints (habit_id, through, current_streak, strength, rules)
            VALUES (3, '2026-03-01', 7, 0.5, 'r')
            """)
        var covers: [String] = []
        try raw.forEachRow(
            "SELECT covers_through FROM history_checkpoints ORDER BY habit_id", []
        ) { row in covers.append(row.text(0)) }
        #expect(covers == ["2026-03-01", "2026-03-08", "9999-12-31"])
    }

    private static let checkpoints = """
        INSERT INTO history_checkpoints (habit_id, through, current_streak, strength, rules)
        VALUES (1, '2026-03-01', 7, 0.5, 'r'), (2, '2026-03-02', 1, 0.5, 'r');
        """
}
