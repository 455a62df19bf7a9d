import Foundation
import HabitCore

extension SQLiteStore {
    /// The owner's habits among `habitIDs`, each with its checkpoint (if one
    /// is saved) and the generation of its entries, in one statement.
    public func historyCheckpoints(habitIDs: [Int64], owner: Int64) throws(StoreError)
        -> [Int64: HistoryCheckpointRecord]
    {
        guard !habitIDs.isEmpty else { return [:] }
        let wanted = Set(habitIDs)
        let rows = try read { connection throws(StoreError) in
            try connection.rows(CheckpointSQL.select, [.integer(owner)]) {
                row throws(StoreError) -> (Int64, HistoryCheckpointRecord) in
                var checkpoint: HistoryCheckpoint?
                if !row.isNull(2), let through = row.localDate(2) {
                    let stats = HabitStats(
                        currentStreak: Int(row.int64(3)), longestStreak: Int(row.int64(6)),
                        successCount: Int(row.int64(7)), failedCount: Int(row.int64(8)),
                        skippedCount: Int(row.int64(9)), strength: row.double(4))
                    checkpoint = HistoryCheckpoint(
                        through: through, stats: stats, rules: row.text(5))
                }
                return (
                    row.int64(0),
                    HistoryCheckpointRecord(checkpoint: checkpoint, generation: row.int64(1))
                )
            }
        }
        var result: [Int64: HistoryCheckpointRecord] = [:]
        for (id, record) in rows where wanted.contains(id) { result[id] = record }
        return result
    }

    /// Saves `checkpoint` for the habit unless its entries changed since
    /// `ifGeneration` was read (then the checkpoint may be stale, and is
    /// simply worked out again next time).
    public func saveHistoryCheckpoint(
        _ checkpoint: HistoryCheckpoint, habitID: Int64, owner: Int64, ifGeneration: Int64
    ) throws(StoreError) {
        _ = try write { connection throws(StoreError) in
            try connection.run(
                CheckpointSQL.save,
                [
                    .integer(habitID), .text(checkpoint.through.description),
                    .integer(Int64(checkpoint.stats.currentStreak)),
                    .real(checkpoint.stats.strength), .text(checkpoint.rules), .integer(owner),
                    .integer(ifGeneration), .integer(Int64(checkpoint.stats.longestStreak)),
                    .integer(Int64(checkpoint.stats.successCount)),
                    .integer(Int64(checkpoint.stats.failedCount)),
                    .integer(Int64(checkpoint.stats.skippedCount)),
                ])
        }
    }
}

private enum CheckpointSQL {
    static let select = """
        SELECT h.id, h.progress_generation, c.through, c.current_streak, c.strength, c.rules,
            c.longest_streak, c.success_count, c.failed_count, c.skipped_count
        FROM habits h LEFT JOIN history_checkpoints c ON c.habit_id = h.id
        WHERE h.owner_id = ?1 ORDER BY h.id
        """
    // One statement: the generation check and the write cannot be split by
    // another writer.
    static let save = """
        INSERT OR REPLACE INTO history_checkpoints (habit_id, through, current_streak, strength, rules,
            longest_streak, success_count, failed_count, skipped_count)
        SELECT ?1, ?2, ?3, ?4, ?5, ?8, ?9, ?10, ?11
        WHERE EXISTS (
            SELECT 1 FROM habits WHERE id = ?1 AND owner_id = ?6 AND progress_generation = ?7)
        """
}
