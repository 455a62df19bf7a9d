import HabitStorage

/// What `PostgresStore.importRows` copied.
package struct ImportCounts: Sendable, Hashable {
    package var users = 0
    package var habits = 0
    package var progress = 0
    package var sessions = 0
}

extension PostgresStore {
    /// Copies `export` into this database in one transaction, keeping every
    /// id (clients hold habit ids), then moves the id sequences past them.
    ///
    /// Refuses a database that already has accounts: merging two sets of ids
    /// is not a migration. Nothing is written when anything fails.
    package func importRows(_ export: StoreExport) throws(StoreError) -> ImportCounts {
        try transaction { connection throws(StoreError) -> ImportCounts in
            // No server may write while the copy runs and the sequences move.
            try connection.execute("LOCK TABLE users, habits IN EXCLUSIVE MODE")
            let existing = try connection.query("SELECT count(*) FROM users")
            if let count = existing.int64(0, 0), count > 0 {
                throw .cannotOpen(
                    path: url.description,
                    reason: "it already holds \(count) accounts; migrate into an empty database")
            }
            for row in export.users { try connection.query(ExportSQL.user, row) }
            for row in export.habits { try connection.query(ExportSQL.habit, row) }
            for row in export.progress {
                var row = row
                row[3] = row[3] == "0" ? "false" : "true"
                try connection.query(ExportSQL.progress, row)
            }
            for row in export.refreshFamilies {
                var row = row
                row[2] = row[2] == "0" ? "false" : "true"
                try connection.query(ExportSQL.family, row)
            }
            for row in export.refreshTokens { try connection.query(ExportSQL.token, row) }
            try connection.query(ExportSQL.moveUserSequence)
            try connection.query(ExportSQL.moveHabitSequence, [String(export.lastHabitID)])
            // The copied rows enter each user's change feed.
            try connection.execute(PostgresSchema.numberChanges)
            return ImportCounts(
                users: export.users.count, habits: export.habits.count,
                progress: export.progress.count, sessions: export.refreshFamilies.count)
        }
    }
}

private enum ExportSQL {
    static let user = """
        INSERT INTO users (id, email, created_at) VALUES ($1::bigint, $2, to_timestamp($3::float8))
        """
    static let habit = """
        INSERT INTO habits (id, owner_id, name, frequency, measurement_type, start_date,
            action_days, target_value, status, created_at, updated_at, icon, color, goal,
            period_days, "group", position)
        VALUES ($1::bigint, $2::bigint, $3, $4, $5, $6::date, $7::smallint, $8::numeric, $9,
            to_timestamp($10::float8), to_timestamp($11::float8), $12, $13, $14,
            $15::integer, $16, $17::integer)
        """
    static let progress = """
        INSERT INTO progress (habit_id, date, value, skipped, note)
        VALUES ($1::bigint, $2::date, $3::numeric, $4::boolean, $5)
        """
    static let family = """
        INSERT INTO refresh_families (family_id, user_id, revoked, expires_at)
        VALUES ($1, $2::bigint, $3::boolean, to_timestamp($4::float8))
        """
    static let token = """
        INSERT INTO refresh_tokens (jti, family_id, parent_jti, user_id, issued_at, expires_at,
            rotated_at)
        VALUES ($1, $2, $3, $4::bigint, to_timestamp($5::float8), to_timestamp($6::float8),
            to_timestamp($7::float8))
        """
    // The sequences continue past the highest id copied, and for habits
    // past the highest SQLite ever gave (AUTOINCREMENT never reuses one).
    static let moveUserSequence = """
        SELECT setval(pg_get_serial_sequence('users', 'id'),
            coalesce((SELECT max(id) FROM users), 0) + 1, false)
        """
    static let moveHabitSequence = """
        SELECT setval(pg_get_serial_sequence('habits', 'id'),
            greatest(coalesce((SELECT max(id) FROM habits), 0), $1::bigint) + 1, false)
        """
}
