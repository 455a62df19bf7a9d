import Foundation
import HabitCore
import HabitStorage

extension SQLiteStore {
    /// Every row `StoreExport` holds, read in one transaction so the copy is
    /// of one moment even while a server writes.
    package func export() throws(StoreError) -> StoreExport {
        try write { connection throws(StoreError) in
            try connection.transaction(.deferred) { () throws(StoreError) -> StoreExport in
                var export = StoreExport()
                export.users = try ExportSQL.rows(
                    connection, "SELECT id, email, created_at FROM users ORDER BY id",
                    [.integer, .text, .real])
                export.habits = try ExportSQL.rows(
                    connection,
                    """
                    SELECT id, owner_id, name, frequency, measurement_type, start_date,
                        action_days, target_value, status, created_at, updated_at, icon, color,
                        goal, period_days, "group", position
                    FROM habits ORDER BY id
                    """,
                    [
                        .integer, .integer, .text, .text, .text, .text, .integer, .text, .text,
                        .real, .real, .text, .text, .text, .integer, .text, .integer,
                    ])
                export.progress = try ExportSQL.rows(
                    connection,
                    """
                    SELECT habit_id, date, value, skipped, note FROM progress
                    ORDER BY habit_id, date
                    """,
                    [.integer, .text, .text, .integer, .text])
                export.refreshFamilies = try ExportSQL.rows(
                    connection,
                    "SELECT family_id, user_id, revoked, expires_at FROM refresh_families",
                    [.text, .integer, .integer, .real])
                export.refreshTokens = try ExportSQL.rows(
                    connection,
                    """
                    SELECT jti, family_id, parent_jti, user_id, issued_at, expires_at, rotated_at
                    FROM refresh_tokens
                    """,
                    [.text, .text, .text, .integer, .real, .real, .real])
                export.lastHabitID =
                    try connection.firstRow(
                        "SELECT seq FROM sqlite_sequence WHERE name = 'habits'"
                    ) { row in row.int64(0) } ?? 0
                return export
            }
        }
    }
}

private enum ExportSQL {
    enum Kind {
        case integer, text, real
    }

    static func rows(_ connection: SQLiteConnection, _ sql: String, _ kinds: [Kind])
        throws(StoreError) -> [[String?]]
    {
        try connection.rows(sql) { row in
            kinds.enumerated().map { index, kind -> String? in
                let column = Int32(index)
                if row.isNull(column) { return nil }
                switch kind {
                case .integer: return String(row.int64(column))
                case .text: return row.text(column)
                // Swift's shortest exact form: SQLite's own text for a REAL
                // keeps 15 digits, which loses sub-millisecond precision.
                case .real: return String(row.double(column))
                }
            }
        }
    }
}

extension SQLiteStore {
    /// Every habit of `owner` whose row reads, with its entries that read,
    /// for saving what a damaged database still holds (`habits export` on a
    /// file that fails its consistency check). Rows that do not read, and
    /// entries in a table that is gone, are left out and said why; SQLite
    /// finding the file itself malformed still throws `.damaged`.
    package func salvage(owner: Int64) throws(StoreError) -> StoreSalvage {
        try read { connection throws(StoreError) in
            var salvage = StoreSalvage()
            try connection.forEachRow(HabitSQL.selectAll, [.integer(owner)]) {
                row throws(StoreError) in
                do throws(StoreError) {
                    salvage.items.append(.init(habit: try HabitSQL.habit(row), entries: []))
                } catch {
                    salvage.leftOut.append(.habit(error))
                }
            }
            for index in salvage.items.indices {
                let habit = salvage.items[index].habit
                var unreadable = 0
                do throws(StoreError) {
                    try connection.forEachRow(
                        HabitSQL.selectAllProgress, [.integer(habit.id), .integer(owner)]
                    ) { row throws(StoreError) in
                        guard !row.isNull(0) else { return }
                        do throws(StoreError) {
                            salvage.items[index].entries.append(try HabitSQL.entry(row, from: 0))
                        } catch {
                            unreadable += 1
                        }
                    }
                } catch {
                    salvage.leftOut.append(.entries(habitID: habit.id, error))
                    continue
                }
                if unreadable > 0 {
                    salvage.leftOut.append(
                        .unreadableEntries(habitID: habit.id, count: unreadable))
                }
            }
            return salvage
        }
    }
}
