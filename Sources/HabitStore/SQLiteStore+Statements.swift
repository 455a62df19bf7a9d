import Foundation
import HabitCore
import HabitStorage

/// The steps the shared writes (`StoreStatements+Writes`) are built on, in
/// SQLite's SQL. Every write runs in the writer's `BEGIN IMMEDIATE`
/// transaction, which no other writer (thread or process) runs beside, so
/// the owner and key locks have nothing to do.
extension SQLiteStore: StoreStatements {
    package func writeTransaction<Value: Sendable>(
        _ body: (SQLiteConnection) throws(StoreError) -> Value
    ) throws(StoreError) -> Value {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) -> Value in
                try body(connection)
            }
        }
    }

    package static func lockOwner(_ connection: SQLiteConnection, owner: Int64) {}

    package static func owns(_ connection: SQLiteConnection, habitID: Int64, owner: Int64)
        throws(StoreError) -> Bool
    {
        try connection.firstRow(HabitSQL.selectOwned, [.integer(habitID), .integer(owner)]) {
            _ in true
        } ?? false
    }

    package static func habitForWrite(
        _ connection: SQLiteConnection, id: Int64, owner: Int64, deleting: Bool
    ) throws(StoreError) -> Versioned<Habit>? {
        try connection.firstRow(
            HabitSQL.selectOne, [.integer(id), .integer(owner)], HabitSQL.versionedHabit)
    }

    package static func insertHabit(
        _ connection: SQLiteConnection, _ row: HabitInsert, owner: Int64, version: Int64
    ) throws(StoreError) -> Int64 {
        let common =
            HabitSQL.values(row.fields) + [
                .text(row.status.rawValue), .real(row.createdAt.timeIntervalSince1970),
                .real(row.updatedAt.timeIntervalSince1970), .integer(version),
            ] + HabitSQL.marks(row.fields)
        if let id = row.keptID {
            try connection.run(
                ImportSQL.insertWithID, [.integer(id), .integer(owner)] + common)
        } else {
            try connection.run(HabitSQL.insert, [.integer(owner)] + common)
        }
        return connection.lastInsertRowID
    }

    package static func updateHabit(
        _ connection: SQLiteConnection, id: Int64, owner: Int64, fields: HabitFields,
        status: HabitStatus, now: Date, version: Int64
    ) throws(StoreError) {
        let bindings = HabitSQL.updateBindings(
            id: id, owner: owner, fields, status: status, at: now, version: version)
        try connection.run(HabitSQL.update, bindings)
    }

    /// Progress goes with the habit: ON DELETE CASCADE, with foreign keys on.
    package static func deleteHabit(
        _ connection: SQLiteConnection, id: Int64, owner: Int64, now: Date, version: Int64
    ) throws(StoreError) {
        try connection.run(HabitSQL.delete, [.integer(id), .integer(owner)])
        try connection.run(
            ChangeSQL.buryHabit,
            [.integer(owner), .integer(id), .integer(version), .real(now.timeIntervalSince1970)])
    }

    package static func writeEntry(
        _ connection: SQLiteConnection, _ entry: ProgressEntry, habitID: Int64, owner: Int64,
        version: Int64
    ) throws(StoreError) {
        let bindings = HabitSQL.entryBindings(
            entry, habitID: habitID, owner: owner, version: version)
        try connection.run(HabitSQL.upsertProgress, bindings)
    }

    package static func deleteEntry(
        _ connection: SQLiteConnection, habitID: Int64, owner: Int64, date: LocalDate,
        now: Date, version: Int64
    ) throws(StoreError) {
        try connection.run(HabitSQL.removeEntry, [.integer(habitID), .text(date.description)])
        try connection.run(
            ChangeSQL.buryEntry,
            [
                .integer(owner), .integer(habitID), .text(date.description), .integer(version),
                .real(now.timeIntervalSince1970),
            ])
    }

}
