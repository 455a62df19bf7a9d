import Foundation
import HabitCore
import HabitStorage

extension SQLiteStore {
    /// The owner's habits among `habitIDs`, each with its checkpoint (if one
    /// is saved) and the generation of its entries, in one statement.
    package func historyCheckpoints(habitIDs: [Int64], owner: Int64) throws(StoreError)
        -> [Int64: HistoryCheckpointRecord]
    {
        guard !habitIDs.isEmpty else { return [:] }
        let wanted = Set(habitIDs)
        let rows = try read { connection throws(StoreError) in
            try connection.rows(CheckpointSQL.select, [.integer(owner)]) {
                row throws(StoreError) -> (Int64, HistoryCheckpointRecord) in
                (row.int64(0), CheckpointSQL.record(row, from: 1))
            }
        }
        var result: [Int64: HistoryCheckpointRecord] = [:]
        for (id, record) in rows where wanted.contains(id) { result[id] = record }
        return result
    }

    /// The habits and their records in one statement: a command that lists
    /// habits with their streaks prepares and steps one statement, not two.
    package func habitsWithCheckpoints(owner: Int64, status: HabitStatusFilter)
        throws(StoreError) -> (habits: [Habit], records: [Int64: HistoryCheckpointRecord])
    {
        let rows = try read { connection throws(StoreError) in
            var targets = HabitSQL.targetReader()
            let read = { (row: SQLiteRow) throws(StoreError) -> (Habit, HistoryCheckpointRecord) in
                (
                    try HabitSQL.habit(row, targets: &targets),
                    CheckpointSQL.record(row, from: CheckpointSQL.habitColumnCount)
                )
            }
            switch status {
            case .all:
                return try connection.rows(CheckpointSQL.selectHabits, [.integer(owner)], read)
            case .active, .archived:
                return try connection.rows(
                    CheckpointSQL.selectHabitsWithStatus,
                    [.integer(owner), .text(status.rawValue)], read)
            }
        }
        var records: [Int64: HistoryCheckpointRecord] = [:]
        for (habit, record) in rows { records[habit.id] = record }
        return (rows.map(\.0), records)
    }

    /// Saves `checkpoint` for the habit unless its entries changed since
    /// `ifGeneration` was read (then the checkpoint may be stale, and is
    /// simply worked out again next time).
    ///
    /// The checkpoint covers the entries through the last day of the period
    /// `through` begins (`HistoryCheckpoint.lastDay(for:)`: the day, the
    /// Sunday, the month's last day, the block's last day), worked out here
    /// from the habit as stored, so the entry triggers compare one column.
    /// Should the habit's rules change between that read and the save, the
    /// checkpoint's `rules` no longer match it, so it is never applied.
    package func saveHistoryCheckpoint(
        _ checkpoint: HistoryCheckpoint, habitID: Int64, owner: Int64, ifGeneration: Int64
    ) throws(StoreError) {
        _ = try write { connection throws(StoreError) in
            guard
                let habit = try connection.firstRow(
                    HabitSQL.selectOne, [.integer(habitID), .integer(owner)], HabitSQL.habit)
            else { return 0 }
            let covers = checkpoint.lastDay(for: habit)
            return try connection.run(
                CheckpointSQL.save,
                [
                    .integer(habitID), .text(checkpoint.through.description),
                    .integer(Int64(checkpoint.stats.currentStreak)),
                    .real(checkpoint.stats.strength), .text(checkpoint.rules), .integer(owner),
                    .integer(ifGeneration), .integer(Int64(checkpoint.stats.longestStreak)),
                    .integer(Int64(checkpoint.stats.successCount)),
                    .integer(Int64(checkpoint.stats.failedCount)),
                    .integer(Int64(checkpoint.stats.skippedCount)),
                    .text(covers.description),
                ])
        }
    }
}

private enum CheckpointSQL {
    /// A record's columns, read by `record(_:from:)`.
    static let recordColumns = """
        h.progress_generation, c.through, c.current_streak, c.strength, c.rules,
            c.longest_streak, c.success_count, c.failed_count, c.skipped_count
        """
    /// The owner's habits, each with its checkpoint if it has one.
    static let owned = """
        FROM habits h LEFT JOIN history_checkpoints c ON c.habit_id = h.id
        WHERE h.owner_id = ?1
        """
    static let select = "SELECT h.id, \(recordColumns) \(owned) ORDER BY h.id"
    /// How many columns `HabitSQL.columns` has, before the record's.
    static let habitColumnCount = HabitSQL.columnCount
    /// `HabitOrder`'s rule, as `HabitSQL.order`.
    static let order = "ORDER BY h.position IS NULL, h.position, h.id"
    // The habit columns are named without the table: no checkpoint column
    // shares a name with one.
    static let selectHabits = "SELECT \(HabitSQL.columns), \(recordColumns) \(owned) \(order)"
    static let selectHabitsWithStatus = """
        SELECT \(HabitSQL.columns), \(recordColumns) \(owned) AND h.status = ?2 \(order)
        """

    /// The record in the `recordColumns` from column `first` on.
    static func record(_ row: SQLiteRow, from first: Int32) -> HistoryCheckpointRecord {
        var checkpoint: HistoryCheckpoint?
        if !row.isNull(first + 1), let through = row.localDate(first + 1) {
            let stats = HabitStats(
                currentStreak: Int(row.int64(first + 2)),
                longestStreak: Int(row.int64(first + 5)),
                successCount: Int(row.int64(first + 6)), failedCount: Int(row.int64(first + 7)),
                skippedCount: Int(row.int64(first + 8)), strength: row.double(first + 3))
            checkpoint = HistoryCheckpoint(
                through: through, stats: stats, rules: row.text(first + 4))
        }
        return HistoryCheckpointRecord(checkpoint: checkpoint, generation: row.int64(first))
    }
    // One statement: the generation check and the write cannot be split by
    // another writer.
    static let save = """
        INSERT OR REPLACE INTO history_checkpoints (habit_id, through, current_streak, strength, rules,
            longest_streak, success_count, failed_count, skipped_count, covers_through)
        SELECT ?1, ?2, ?3, ?4, ?5, ?8, ?9, ?10, ?11, ?12
        FROM habits WHERE id = ?1 AND owner_id = ?6 AND progress_generation = ?7
        """
}
