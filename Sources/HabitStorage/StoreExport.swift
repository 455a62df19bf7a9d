/// The rows of a store worth moving to another one, as text.
///
/// Accounts, habits, progress and sign-in sessions (refresh-token families
/// and tokens), each row's columns in the order `SQLiteStore.export()`
/// documents, `nil` for NULL. Times are unix seconds in Swift's shortest
/// exact form, decimals and dates as stored. Pending sign-in codes, send
/// records and idempotency keys are not included: they live minutes to a day,
/// and a request in flight during a migration is retried anyway.
package struct StoreExport: Sendable {
    /// id, email, created_at
    package var users: [[String?]] = []
    /// id, owner_id, name, frequency, measurement_type, start_date,
    /// action_days, target_value, status, created_at, updated_at, icon, color,
    /// goal, period_days, group, position
    package var habits: [[String?]] = []
    /// habit_id, date, value, skipped (0 or 1), note
    package var progress: [[String?]] = []
    /// family_id, user_id, revoked (0 or 1), expires_at
    package var refreshFamilies: [[String?]] = []
    /// jti, family_id, parent_jti, user_id, issued_at, expires_at, rotated_at
    package var refreshTokens: [[String?]] = []
    /// The highest habit id ever given, deleted habits' included, so the
    /// new store never gives one of those ids again.
    package var lastHabitID: Int64 = 0

    package init() {}
}
