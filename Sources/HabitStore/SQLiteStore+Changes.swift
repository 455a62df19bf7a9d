import Foundation
import HabitCore
import HabitStorage

/// The change feed, and the writes that answer versions (see
/// `ChangeFeedRepository`). Every write runs in the writer's `BEGIN
/// IMMEDIATE` transaction, which no other writer (thread or process) can
/// run beside: the change number it takes is committed before the next
/// writer can take one.
extension SQLiteStore: ChangeFeedRepository {
    package func changes(owner: Int64, since: FeedCursor?, limit: Int, now: Date)
        throws(StoreError) -> ChangeFeedAnswer
    {
        try purgeTombstones(owner: owner, now: now)
        return try read { connection throws(StoreError) in
            // One snapshot for the head and the rows.
            try connection.transaction(.deferred) { () throws(StoreError) -> ChangeFeedAnswer in
                let head = try connection.firstRow(ChangeSQL.head, [.integer(owner)]) { row in
                    (number: row.int64(0), purged: row.int64(1))
                }
                guard
                    let cursor = ChangeAssembly.start(
                        since: since, owner: owner, head: head?.number ?? 0,
                        purgedThrough: head?.purged ?? 0)
                else { return .expired }
                let rows = Int64(limit) + 1
                let habits = try connection.rows(
                    ChangeSQL.changedHabits,
                    [.integer(owner), .integer(cursor.position), .integer(rows)]
                ) { row throws(StoreError) in Change.habit(try HabitSQL.versionedHabit(row)) }
                var reader = HabitSQL.amountReader()
                var entries: [Change] = []
                try connection.forEachRow(
                    ChangeSQL.changedEntries,
                    [.integer(owner), .integer(cursor.position), .integer(rows)]
                ) { row throws(StoreError) in
                    let entry = try HabitSQL.entry(row, from: 1, reader: &reader)
                    entries.append(
                        .entry(habitID: row.int64(0), Versioned(entry, version: row.int64(5))))
                }
                let tombstones = try connection.rows(
                    ChangeSQL.changedTombstones,
                    [.integer(owner), .integer(cursor.tombstonesAfter), .integer(rows)]
                ) { row throws(StoreError) -> Change in
                    let habitID = row.int64(0)
                    let number = row.int64(2)
                    guard !row.isNull(1) else {
                        return .habitDeleted(habitID: habitID, version: number)
                    }
                    guard let date = row.localDate(1) else {
                        throw HabitSQL.damage("a tombstone's date is not a date")
                    }
                    return .entryDeleted(habitID: habitID, date: date, version: number)
                }
                return .page(
                    ChangeAssembly.page(
                        habits: habits, entries: entries, tombstones: tombstones, limit: limit,
                        after: cursor, head: head?.number ?? 0))
            }
        }
    }

    @discardableResult
    package func purgeTombstones(owner: Int64, now: Date) throws(StoreError) -> Int {
        let horizon = now.timeIntervalSince1970 - ChangeAssembly.tombstoneRetention
        let due = try read { connection throws(StoreError) in
            try connection.firstRow(ChangeSQL.anyExpired, [.integer(owner), .real(horizon)]) {
                _ in true
            }
        }
        guard due != nil else { return 0 }
        return try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) -> Int in
                try connection.run(ChangeSQL.raisePurged, [.integer(owner), .real(horizon)])
                return try connection.run(ChangeSQL.purge, [.integer(owner), .real(horizon)])
            }
        }
    }

    package func versionedHabit(id: Int64, owner: Int64) throws(StoreError) -> Versioned<Habit>? {
        try read { connection throws(StoreError) in
            try connection.firstRow(
                HabitSQL.selectOne, [.integer(id), .integer(owner)], HabitSQL.versionedHabit)
        }
    }

    package func habitVersions(owner: Int64) throws(StoreError) -> [Int64: Int64] {
        try read { connection throws(StoreError) in
            var versions: [Int64: Int64] = [:]
            try connection.forEachRow(ChangeSQL.habitVersions, [.integer(owner)]) { row in
                versions[row.int64(0)] = row.int64(1)
            }
            return versions
        }
    }

    package func entryVersions(habitID: Int64, owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [LocalDate: Int64]
    {
        try read { connection throws(StoreError) in
            var versions: [LocalDate: Int64] = [:]
            try connection.forEachRow(
                ChangeSQL.entryVersions,
                [
                    .integer(habitID), .integer(owner), .text(from.description),
                    .text(to.description),
                ]
            ) { row in
                if let date = row.localDate(0) { versions[date] = row.int64(1) }
            }
            return versions
        }
    }
}

/// The change numbers, tombstones and feed statements.
enum ChangeSQL {
    /// Takes the owner's next `count` change numbers; answers the last.
    static let take = """
        UPDATE users SET change_seq = change_seq + ?2 WHERE id = ?1 RETURNING change_seq
        """
    static let head = "SELECT change_seq, changes_purged_through FROM users WHERE id = ?1"
    static let changedHabits = """
        SELECT \(HabitSQL.columns) FROM habits
        WHERE owner_id = ?1 AND change_seq > ?2 ORDER BY change_seq LIMIT ?3
        """
    static let changedEntries = """
        SELECT habit_id, date, value, skipped, note, change_seq FROM progress
        WHERE owner_id = ?1 AND change_seq > ?2 ORDER BY change_seq LIMIT ?3
        """
    /// Tombstones still true: an entry's is passed over once the day has an
    /// entry again (numbered later) or its habit is gone (its own tombstone
    /// says so).
    static let changedTombstones = """
        SELECT t.habit_id, t.date, t.change_seq FROM change_tombstones t
        WHERE t.owner_id = ?1 AND t.change_seq > ?2
            AND (t.kind = 'habit'
                OR (NOT EXISTS (SELECT 1 FROM progress p WHERE p.habit_id = t.habit_id AND p.date = t.date)
                    AND EXISTS (SELECT 1 FROM habits h WHERE h.id = t.habit_id)))
        ORDER BY t.change_seq LIMIT ?3
        """
    static let buryHabit = """
        INSERT INTO change_tombstones (owner_id, kind, habit_id, date, change_seq, deleted_at)
        VALUES (?1, 'habit', ?2, NULL, ?3, ?4)
        """
    static let buryEntry = """
        INSERT INTO change_tombstones (owner_id, kind, habit_id, date, change_seq, deleted_at)
        VALUES (?1, 'entry', ?2, ?3, ?4, ?5)
        ON CONFLICT (habit_id, date) DO UPDATE SET change_seq = excluded.change_seq,
            deleted_at = excluded.deleted_at
        """
    static let anyExpired = """
        SELECT 1 FROM change_tombstones WHERE owner_id = ?1 AND deleted_at < ?2 LIMIT 1
        """
    static let raisePurged = """
        UPDATE users SET changes_purged_through = max(changes_purged_through, coalesce(
            (SELECT max(change_seq) FROM change_tombstones WHERE owner_id = ?1 AND deleted_at < ?2),
            0))
        WHERE id = ?1
        """
    static let purge = "DELETE FROM change_tombstones WHERE owner_id = ?1 AND deleted_at < ?2"
    static let habitVersions = "SELECT id, change_seq FROM habits WHERE owner_id = ?1"
    static let entryVersions = """
        SELECT p.date, p.change_seq FROM progress p JOIN habits h ON h.id = p.habit_id
        WHERE p.habit_id = ?1 AND h.owner_id = ?2 AND p.date BETWEEN ?3 AND ?4
        """

}

/// The change-number step of the shared writes (`StoreStatements`).
extension SQLiteStore {
    /// Takes the owner's next `count` change numbers inside the caller's
    /// write transaction; answers the last (the first is `last - count + 1`).
    package static func nextVersion(_ connection: SQLiteConnection, owner: Int64, count: Int)
        throws(StoreError) -> Int64
    {
        let last = try connection.firstRow(
            ChangeSQL.take, [.integer(owner), .integer(Int64(count))]
        ) {
            row in row.int64(0)
        }
        guard let last else { throw .ownerMissing(owner: owner) }
        return last
    }
}
