import Foundation
import HabitCore
import HabitStorage

/// The change feed, and the writes that answer versions (see
/// `ChangeFeedRepository`). Every write takes the owner's next change
/// number first, with `UPDATE users … RETURNING change_seq`: the row lock it
/// takes lasts until the transaction ends, so another write of the same
/// owner (in any server process) waits for it, and numbers commit in the
/// order they are given.
extension PostgresStore: ChangeFeedRepository {
    package func changes(owner: Int64, since: FeedCursor?, limit: Int, now: Date)
        throws(StoreError) -> ChangeFeedAnswer
    {
        try purgeTombstones(owner: owner, now: now)
        return try transaction { connection throws(StoreError) -> ChangeFeedAnswer in
            // One snapshot for the head and the rows.
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            let head = try connection.query(ChangeSQL.head, [String(owner)])
            let number = head.count > 0 ? head.int64(0, 0) ?? 0 : 0
            let purged = head.count > 0 ? head.int64(0, 1) ?? 0 : 0
            guard
                let cursor = ChangeAssembly.start(
                    since: since, owner: owner, head: number, purgedThrough: purged)
            else { return .expired }
            let rows = String(limit + 1)
            let habitRows = try connection.query(
                ChangeSQL.changedHabits, [String(owner), String(cursor.position), rows])
            let habits = try (0..<habitRows.count).map { row throws(StoreError) in
                Change.habit(try HabitSQL.versionedHabit(habitRows, row))
            }
            let entryRows = try connection.query(
                ChangeSQL.changedEntries, [String(owner), String(cursor.position), rows])
            let entries = try (0..<entryRows.count).map { row throws(StoreError) -> Change in
                let entry = try HabitSQL.entry(entryRows, row, from: 1)
                return .entry(
                    habitID: entryRows.int64(row, 0) ?? 0,
                    Versioned(entry, version: entryRows.int64(row, 5) ?? 0))
            }
            let tombstoneRows = try connection.query(
                ChangeSQL.changedTombstones, [String(owner), String(cursor.tombstonesAfter), rows])
            let tombstones = try (0..<tombstoneRows.count).map { row throws(StoreError) -> Change in
                let habitID = tombstoneRows.int64(row, 0) ?? 0
                let number = tombstoneRows.int64(row, 2) ?? 0
                guard !tombstoneRows.isNull(row, 1) else {
                    return .habitDeleted(habitID: habitID, version: number)
                }
                guard let date = tombstoneRows.localDate(row, 1) else {
                    throw Self.unreadable("a tombstone of habit \(habitID)")
                }
                return .entryDeleted(habitID: habitID, date: date, version: number)
            }
            return .page(
                ChangeAssembly.page(
                    habits: habits, entries: entries, tombstones: tombstones, limit: limit,
                    after: cursor, head: number))
        }
    }

    @discardableResult
    package func purgeTombstones(owner: Int64, now: Date) throws(StoreError) -> Int {
        let horizon = Self.seconds(
            now.addingTimeInterval(-ChangeAssembly.tombstoneRetention))
        let due = try read { connection throws(StoreError) in
            try connection.query(ChangeSQL.anyExpired, [String(owner), horizon]).count > 0
        }
        guard due else { return 0 }
        return try transaction { connection throws(StoreError) -> Int in
            try connection.query(ChangeSQL.raisePurged, [String(owner), horizon])
            return try connection.run(ChangeSQL.purge, [String(owner), horizon])
        }
    }

    package func versionedHabit(id: Int64, owner: Int64) throws(StoreError) -> Versioned<Habit>? {
        try read { connection throws(StoreError) in
            let rows = try connection.query(HabitSQL.selectOne, [String(id), String(owner)])
            return rows.count == 0 ? nil : try HabitSQL.versionedHabit(rows, 0)
        }
    }

    package func habitVersions(owner: Int64) throws(StoreError) -> [Int64: Int64] {
        try read { connection throws(StoreError) in
            let rows = try connection.query(ChangeSQL.habitVersions, [String(owner)])
            var versions: [Int64: Int64] = [:]
            for row in 0..<rows.count {
                if let id = rows.int64(row, 0) { versions[id] = rows.int64(row, 1) ?? 0 }
            }
            return versions
        }
    }

    package func entryVersions(habitID: Int64, owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [LocalDate: Int64]
    {
        try read { connection throws(StoreError) in
            let rows = try connection.query(
                ChangeSQL.entryVersions,
                [String(habitID), String(owner), from.description, to.description])
            var versions: [LocalDate: Int64] = [:]
            for row in 0..<rows.count {
                if let date = rows.localDate(row, 0) { versions[date] = rows.int64(row, 1) ?? 0 }
            }
            return versions
        }
    }
}

/// The change numbers, tombstones and feed statements.
enum ChangeSQL {
    /// Takes the owner's next `$2` numbers, answering the last; the row
    /// lock it takes is held until the transaction ends.
    static let take = """
        UPDATE users SET change_seq = change_seq + $2::bigint WHERE id = $1::bigint
        RETURNING change_seq
        """
    static let head = "SELECT change_seq, changes_purged_through FROM users WHERE id = $1::bigint"
    static let changedHabits = """
        SELECT \(HabitSQL.columns) FROM habits
        WHERE owner_id = $1::bigint AND change_seq > $2::bigint ORDER BY change_seq LIMIT $3::bigint
        """
    static let changedEntries = """
        SELECT habit_id, date::text, value::text, skipped, note, change_seq FROM progress
        WHERE owner_id = $1::bigint AND change_seq > $2::bigint ORDER BY change_seq LIMIT $3::bigint
        """
    /// Tombstones still true (as SQLite's `changedTombstones`).
    static let changedTombstones = """
        SELECT t.habit_id, t.date::text, t.change_seq FROM change_tombstones t
        WHERE t.owner_id = $1::bigint AND t.change_seq > $2::bigint
            AND (t.kind = 'habit'
                OR (NOT EXISTS (SELECT 1 FROM progress p WHERE p.habit_id = t.habit_id AND p.date = t.date)
                    AND EXISTS (SELECT 1 FROM habits h WHERE h.id = t.habit_id)))
        ORDER BY t.change_seq LIMIT $3::bigint
        """
    static let buryHabit = """
        INSERT INTO change_tombstones (owner_id, kind, habit_id, date, change_seq, deleted_at)
        VALUES ($1::bigint, 'habit', $2::bigint, NULL, $3::bigint, to_timestamp($4::float8))
        """
    static let buryEntry = """
        INSERT INTO change_tombstones (owner_id, kind, habit_id, date, change_seq, deleted_at)
        VALUES ($1::bigint, 'entry', $2::bigint, $3::date, $4::bigint, to_timestamp($5::float8))
        ON CONFLICT (habit_id, date) DO UPDATE SET change_seq = excluded.change_seq,
            deleted_at = excluded.deleted_at
        """
    static let anyExpired = """
        SELECT 1 FROM change_tombstones
        WHERE owner_id = $1::bigint AND deleted_at < to_timestamp($2::float8) LIMIT 1
        """
    static let raisePurged = """
        UPDATE users SET changes_purged_through = greatest(changes_purged_through, coalesce(
            (SELECT max(change_seq) FROM change_tombstones
             WHERE owner_id = $1::bigint AND deleted_at < to_timestamp($2::float8)), 0))
        WHERE id = $1::bigint
        """
    static let purge = """
        DELETE FROM change_tombstones
        WHERE owner_id = $1::bigint AND deleted_at < to_timestamp($2::float8)
        """
    static let habitVersions = "SELECT id, change_seq FROM habits WHERE owner_id = $1::bigint"
    static let entryVersions = """
        SELECT p.date::text, p.change_seq FROM progress p JOIN habits h ON h.id = p.habit_id
        WHERE p.habit_id = $1::bigint AND h.owner_id = $2::bigint
            AND p.date BETWEEN $3::date AND $4::date
        """

}

/// The change-number step of the shared writes (`StoreStatements`).
extension PostgresStore {
    /// Takes the owner's next `count` change numbers, answering the last
    /// (the first is `last - count + 1`); from then until the transaction
    /// ends, the owner's row is locked.
    package static func nextVersion(_ connection: PostgresConnection, owner: Int64, count: Int)
        throws(StoreError) -> Int64
    {
        let rows = try connection.query(ChangeSQL.take, [String(owner), String(count)])
        guard rows.count == 1, let last = rows.int64(0, 0) else {
            throw .ownerMissing(owner: owner)
        }
        return last
    }
}
