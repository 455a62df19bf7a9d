import Foundation

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
                        action_days, target_value, status, created_at, updated_at
                    FROM habits ORDER BY id
                    """,
                    [
                        .integer, .integer, .text, .text, .text, .text, .integer, .text, .text,
                        .real, .real,
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
