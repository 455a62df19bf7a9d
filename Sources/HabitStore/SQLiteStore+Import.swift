import CSQLite
import Foundation
import HabitCore
import HabitStorage

extension SQLiteStore {
    public func importHabits<Outcome: Sendable>(
        owner: Int64, now: Date,
        _ plan: (any HabitImportSnapshot) throws(StoreError) -> (HabitImportWrite, Outcome)
    ) throws(StoreError) -> (created: [Habit], outcome: Outcome) {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) {
                () throws(StoreError) -> (created: [Habit], outcome: Outcome) in
                let habits = try connection.rows(
                    HabitSQL.selectAll, [.integer(owner)], HabitSQL.habit)
                let snapshot = ImportSnapshot(connection: connection, owner: owner, habits: habits)
                let (write, outcome) = try plan(snapshot)
                if write.isEmpty { return ([], outcome) }
                let created = try ImportSQL.apply(
                    write, existing: habits, connection: connection, owner: owner, now: now)
                return (created, outcome)
            }
        }
    }

    public func setProgress(_ entries: [ProgressEntry], habitID: Int64, owner: Int64)
        throws(StoreError) -> Int?
    {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) -> Int? in
                let owned = try connection.firstRow(
                    HabitSQL.selectOwned, [.integer(habitID), .integer(owner)]
                ) { _ in true }
                guard owned != nil else { return nil }
                try ImportSQL.writeEntries(
                    entries, habitID: habitID, owner: owner, connection: connection)
                return entries.count
            }
        }
    }
}

/// The owner's habits inside the import's transaction.
private struct ImportSnapshot: HabitImportSnapshot {
    let connection: SQLiteConnection
    let owner: Int64
    let habits: [Habit]

    func entries(habitID: Int64) throws(StoreError) -> [ProgressEntry] {
        try HabitSQL.entries(
            connection, HabitSQL.selectAllProgress, [.integer(habitID), .integer(owner)]) ?? []
    }
}

/// The import's statements; the caller holds the write transaction.
private enum ImportSQL {
    static let insertWithID = """
        INSERT INTO habits (id, owner_id, name, frequency, measurement_type, start_date,
            action_days, target_value, status, created_at, updated_at, change_seq, icon, color)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
        """
    static let insert = """
        INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
            action_days, target_value, status, created_at, updated_at, change_seq, icon, color)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
        """
    /// The highest id ever given (AUTOINCREMENT keeps it), or the highest in use.
    static let highestID = """
        SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'habits'), 0),
            coalesce((SELECT max(id) FROM habits), 0))
        """
    static let upsert = HabitSQL.upsertProgress

    static func apply(
        _ write: HabitImportWrite, existing: [Habit], connection: SQLiteConnection, owner: Int64,
        now: Date
    ) throws(StoreError) -> [Habit] {
        _ = try write.check(against: existing)
        for (habitID, entries) in write.entries.sorted(by: { $0.key < $1.key }) {
            try writeEntries(
                entries, habitID: habitID, owner: owner, connection: connection,
                progress: write.progress)
        }
        var highest =
            try connection.firstRow(highestID) { row in row.int64(0) } ?? 0
        var created: [Habit] = []
        for habit in write.newHabits {
            let createdAt = habit.createdAt ?? now
            let updatedAt = habit.updatedAt ?? createdAt
            // The habit's number comes before its entries'.
            let number = try ChangeSQL.next(connection, owner: owner)
            let common =
                HabitSQL.values(habit.fields) + [
                    .text(habit.status.rawValue), .real(createdAt.timeIntervalSince1970),
                    .real(updatedAt.timeIntervalSince1970), .integer(number),
                ] + HabitSQL.marks(habit.fields)
            if let id = habit.preferredID, id > highest {
                try connection.run(insertWithID, [.integer(id), .integer(owner)] + common)
            } else {
                try connection.run(insert, [.integer(owner)] + common)
            }
            let id = connection.lastInsertRowID
            highest = max(highest, id)
            try writeEntries(
                habit.entries, habitID: id, owner: owner, connection: connection,
                progress: write.progress)
            created.append(
                Habit(
                    id: id, fields: habit.fields, status: habit.status, createdAt: createdAt,
                    updatedAt: updatedAt))
        }
        return created
    }

    /// How many entries go between two calls of a write's `progress`.
    static let progressStep = 500

    /// Writes the entries, each stamped with the next of a block of change
    /// numbers taken at once (one update of the owner's row, not one each).
    static func writeEntries(
        _ entries: [ProgressEntry], habitID: Int64, owner: Int64, connection: SQLiteConnection,
        progress: (@Sendable (Int) -> Void)? = nil
    ) throws(StoreError) {
        guard !entries.isEmpty else { return }
        try EntryWritePlan.checkValues(entries)
        let last = try ChangeSQL.next(connection, owner: owner, count: entries.count)
        let first = last - Int64(entries.count) + 1
        for (index, entry) in entries.enumerated() {
            if let progress, index > 0, index % progressStep == 0 { progress(progressStep) }
            try connection.run(
                upsert,
                [
                    .integer(habitID), .text(entry.date.description),
                    .text(DecimalText.text(entry.value)), .integer(entry.skipped ? 1 : 0),
                    entry.note.map { .text($0) } ?? .null, .integer(owner),
                    .integer(first + Int64(index)),
                ])
        }
        if let progress, !entries.isEmpty {
            let rest = entries.count % progressStep
            progress(rest == 0 ? progressStep : rest)
        }
    }
}
