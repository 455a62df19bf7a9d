import HabitCore
import HabitStorage

extension PostgresStore {
    /// The owner's habits among `habitIDs`, each with its checkpoint (if one
    /// is saved) and the generation of its entries, in one statement.
    ///
    /// Both come from the statement's one snapshot, so a checkpoint is never
    /// paired with a generation of a later write.
    package func historyCheckpoints(habitIDs: [Int64], owner: Int64) throws(StoreError)
        -> [Int64: HistoryCheckpointRecord]
    {
        guard !habitIDs.isEmpty else { return [:] }
        let ids = "{" + habitIDs.map { String($0) }.joined(separator: ",") + "}"
        return try read { connection throws(StoreError) in
            let rows = try connection.query(CheckpointSQL.select, [String(owner), ids])
            var result: [Int64: HistoryCheckpointRecord] = [:]
            for row in 0..<rows.count {
                guard let id = rows.int64(row, 0), let generation = rows.int64(row, 1) else {
                    throw Self.unreadable("a habit's checkpoint generation")
                }
                result[id] = HistoryCheckpointRecord(
                    checkpoint: try CheckpointSQL.checkpoint(rows, row, habitID: id),
                    generation: generation)
            }
            return result
        }
    }

    /// Saves `checkpoint` for the owner's habit unless its entries changed
    /// since `ifGeneration` was read (then the checkpoint may be stale, and
    /// is simply worked out again next time).
    ///
    /// The checkpoint covers the entries through the last day of the period
    /// `through` begins (`HistoryCheckpoint.lastDay(for:)`), worked out here
    /// from the habit as stored, so the entry trigger compares one column
    /// (`covers_through`). Should the habit's rules change between that
    /// read and the save, the checkpoint's `rules` no longer match it, so it
    /// is never applied.
    ///
    /// The save is one statement: it locks the habit's row `FOR SHARE`, so it waits for
    /// a transaction that is changing the habit's entries (their trigger
    /// bumps the generation first) and then sees the new generation. Running
    /// it again writes the same, so a lost connection may repeat it.
    package func saveHistoryCheckpoint(
        _ checkpoint: HistoryCheckpoint, habitID: Int64, owner: Int64, ifGeneration: Int64
    ) throws(StoreError) {
        let stats = checkpoint.stats
        _ = try read { connection throws(StoreError) in
            let found = try connection.query(HabitSQL.selectOne, [String(habitID), String(owner)])
            guard found.count == 1 else { return 0 }
            let covers = checkpoint.lastDay(for: try HabitSQL.habit(found, 0))
            return try connection.run(
                CheckpointSQL.save,
                [
                    String(habitID), String(owner), String(ifGeneration),
                    checkpoint.through.description, String(stats.currentStreak),
                    String(stats.strength), checkpoint.rules, String(stats.longestStreak),
                    String(stats.successCount), String(stats.failedCount),
                    String(stats.skippedCount), covers.description,
                ])
        }
    }
}

/// The checkpoint statements and how a row becomes a checkpoint.
private enum CheckpointSQL {
    // The LEFT JOIN gives every owned habit a row, with NULLs when it has no
    // checkpoint; habits of other owners give none.
    static let select = """
        SELECT h.id, h.progress_generation, c.through::text, c.current_streak, c.strength,
            c.rules, c.longest_streak, c.success_count, c.failed_count, c.skipped_count
        FROM habits h LEFT JOIN history_checkpoints c ON c.habit_id = h.id
        WHERE h.owner_id = $1::bigint AND h.id = ANY ($2::bigint[])
        """
    // The generation check and the write are one statement, and the lock on
    // the habit's row keeps a concurrent entry write from passing between
    // them (see `PostgresSchema.version4`).
    static let save = """
        WITH current AS (
            SELECT id FROM habits
            WHERE id = $1::bigint AND owner_id = $2::bigint AND progress_generation = $3::bigint
            FOR SHARE)
        INSERT INTO history_checkpoints (habit_id, through, current_streak, strength, rules,
            longest_streak, success_count, failed_count, skipped_count, covers_through)
        SELECT id, $4::date, $5::integer, $6::float8, $7::text, $8::integer, $9::integer,
            $10::integer, $11::integer, $12::date
        FROM current
        ON CONFLICT (habit_id) DO UPDATE SET through = excluded.through,
            current_streak = excluded.current_streak, strength = excluded.strength,
            rules = excluded.rules, longest_streak = excluded.longest_streak,
            success_count = excluded.success_count, failed_count = excluded.failed_count,
            skipped_count = excluded.skipped_count, covers_through = excluded.covers_through
        """

    /// The checkpoint in columns 2 to 9, or `nil` when the habit has none.
    static func checkpoint(_ rows: PostgresResult, _ row: Int, habitID: Int64) throws(StoreError)
        -> HistoryCheckpoint?
    {
        guard !rows.isNull(row, 2) else { return nil }
        guard let through = rows.localDate(row, 2),
            let current = rows.int64(row, 3), let strength = rows.double(row, 4),
            let longest = rows.int64(row, 6), let success = rows.int64(row, 7),
            let failed = rows.int64(row, 8), let skipped = rows.int64(row, 9)
        else { throw PostgresStore.unreadable("the history checkpoint of habit \(habitID)") }
        let stats = HabitStats(
            currentStreak: Int(current), longestStreak: Int(longest), successCount: Int(success),
            failedCount: Int(failed), skippedCount: Int(skipped), strength: strength)
        return HistoryCheckpoint(through: through, stats: stats, rules: rows.text(row, 5))
    }
}
