import HabitCore
import HabitStorage

/// The import's statements; the caller holds the write transaction.
enum ImportSQL {
    static let insertWithID = """
        INSERT INTO habits (id, owner_id, name, frequency, measurement_type, start_date,
            action_days, target_value, status, created_at, updated_at, change_seq, icon, color,
            goal, period_days, "group", position)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
            ?18)
        """
    /// The highest id ever given (AUTOINCREMENT keeps it), or the highest in use.
    static let highestID = """
        SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'habits'), 0),
            coalesce((SELECT max(id) FROM habits), 0))
        """
    /// How many entries go between two calls of a write's `progress`.
    static let progressStep = 500

}

/// The import's steps of the shared writes (`StoreStatements`).
extension SQLiteStore {
    package static func allHabits(_ connection: SQLiteConnection, owner: Int64)
        throws(StoreError) -> [Habit]
    {
        try HabitSQL.habits(connection, HabitSQL.selectAll, [.integer(owner)])
    }

    package static func allEntries(_ connection: SQLiteConnection, habitID: Int64, owner: Int64)
        throws(StoreError) -> [ProgressEntry]
    {
        try HabitSQL.entries(
            connection, HabitSQL.selectAllProgress, [.integer(habitID), .integer(owner)]) ?? []
    }

    /// AUTOINCREMENT keeps the highest id ever given, deleted ones included.
    package static func highestHabitID(_ connection: SQLiteConnection) throws(StoreError) -> Int64 {
        try connection.firstRow(ImportSQL.highestID) { row in row.int64(0) } ?? 0
    }

    /// Writes the entries, each stamped with the next of a block of change
    /// numbers taken at once (one update of the owner's row, not one each).
    package static func writeEntries(
        _ connection: SQLiteConnection, _ entries: [ProgressEntry], habitID: Int64, owner: Int64,
        progress: (@Sendable (Int) -> Void)?
    ) throws(StoreError) {
        guard !entries.isEmpty else { return }
        try EntryWritePlan.checkValues(entries)
        let last = try SQLiteStore.nextVersion(connection, owner: owner, count: entries.count)
        let first = last - Int64(entries.count) + 1
        for (index, entry) in entries.enumerated() {
            if let progress, index > 0, index % ImportSQL.progressStep == 0 {
                progress(ImportSQL.progressStep)
            }
            try connection.run(
                HabitSQL.upsertProgress,
                HabitSQL.entryBindings(
                    entry, habitID: habitID, owner: owner, version: first + Int64(index)))
        }
        if let progress, !entries.isEmpty {
            let rest = entries.count % ImportSQL.progressStep
            progress(rest == 0 ? ImportSQL.progressStep : rest)
        }
    }
}
