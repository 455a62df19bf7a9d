import Foundation
import HabitCore
import HabitStorage

/// The steps the shared writes (`StoreStatements+Writes`) are built on, in
/// PostgreSQL's SQL. Writes of one owner from any server process take
/// turns on the owner's row (`lockOwner`), and requests with one
/// idempotency key on the key's advisory lock (`lockKey`).
extension PostgresStore: StoreStatements {
    package func writeTransaction<Value: Sendable>(
        _ body: (PostgresConnection) throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        try transaction(body)
    }

    package static func owns(_ connection: PostgresConnection, habitID: Int64, owner: Int64)
        throws(StoreError) -> Bool
    {
        try connection.query(HabitSQL.selectOwned, [String(habitID), String(owner)]).count > 0
    }

    /// `FOR UPDATE` for a delete, `FOR NO KEY UPDATE` for a change, which
    /// leaves the foreign-key checks of the habit's progress unblocked.
    package static func habitForWrite(
        _ connection: PostgresConnection, id: Int64, owner: Int64, deleting: Bool
    ) throws(StoreError) -> Versioned<Habit>? {
        let rows = try connection.query(
            HabitSQL.selectOne + (deleting ? " FOR UPDATE" : " FOR NO KEY UPDATE"),
            [String(id), String(owner)])
        return rows.count > 0 ? try HabitSQL.versionedHabit(rows, 0) : nil
    }

    /// A kept id also moves the identity sequence past it, so the next
    /// habit gets a higher one.
    package static func insertHabit(
        _ connection: PostgresConnection, _ row: HabitInsert, owner: Int64, version: Int64
    ) throws(StoreError) -> Int64 {
        let common =
            HabitSQL.values(row.fields) + [
                row.status.rawValue, seconds(row.createdAt), seconds(row.updatedAt),
                String(version),
            ] + HabitSQL.marks(row.fields)
        let inserted: PostgresResult
        if let id = row.keptID {
            inserted = try connection.query(
                ImportSQL.insertWithID, [String(id), String(owner)] + common)
            try connection.query(ImportSQL.moveSequence, [String(id)])
        } else {
            inserted = try connection.query(ImportSQL.insert, [String(owner)] + common)
        }
        guard inserted.count == 1, let id = inserted.int64(0, 0) else {
            throw internalError("the new habit was not stored")
        }
        return id
    }

    package static func updateHabit(
        _ connection: PostgresConnection, id: Int64, owner: Int64, fields: HabitFields,
        status: HabitStatus, now: Date, version: Int64
    ) throws(StoreError) {
        try connection.query(
            HabitSQL.update,
            HabitSQL.values(fields) + [
                status.rawValue, seconds(now), String(id), String(owner), String(version),
            ] + HabitSQL.marks(fields))
    }

    /// Progress goes with the habit: ON DELETE CASCADE.
    package static func deleteHabit(
        _ connection: PostgresConnection, id: Int64, owner: Int64, now: Date, version: Int64
    ) throws(StoreError) {
        try connection.query(HabitSQL.delete, [String(id), String(owner)])
        try connection.query(
            ChangeSQL.buryHabit, [String(owner), String(id), String(version), seconds(now)])
    }

    package static func writeEntry(
        _ connection: PostgresConnection, _ entry: ProgressEntry, habitID: Int64, owner: Int64,
        version: Int64
    ) throws(StoreError) {
        try connection.query(
            HabitSQL.upsertProgress,
            [
                String(habitID), entry.date.description, DecimalText.text(entry.value),
                entry.skipped ? "true" : "false", entry.note, String(owner), String(version),
            ])
    }

    package static func deleteEntry(
        _ connection: PostgresConnection, habitID: Int64, owner: Int64, date: LocalDate,
        now: Date, version: Int64
    ) throws(StoreError) {
        try connection.query(HabitSQL.removeEntry, [String(habitID), date.description])
        try connection.query(
            ChangeSQL.buryEntry,
            [String(owner), String(habitID), date.description, String(version), seconds(now)])
    }

}
