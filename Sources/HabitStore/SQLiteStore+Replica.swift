import Foundation
import HabitCore
import HabitStorage

/// A server-mode replica: a habits database like local mode's (the same
/// schema, read by the same queries), plus the tables sync keeps beside it.
///
/// The sync tables are created here rather than by `Schema`, so the server's
/// and local mode's databases never have them; `SchemaShape` allows objects
/// of a file's own. Every change a command makes is applied to the habits
/// tables and appended to `sync_outbox` in one `BEGIN IMMEDIATE`
/// transaction (`replica(_:)`), so a crash never leaves one without the other.
extension SQLiteStore {
    static let replicaTables = """
        CREATE TABLE IF NOT EXISTS sync_state (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS sync_outbox (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            habit_id INTEGER NOT NULL,
            date TEXT,
            payload TEXT NOT NULL,
            idempotency_key TEXT NOT NULL,
            base_version TEXT,
            created_at REAL NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'rejected'))
        );
        CREATE TABLE IF NOT EXISTS sync_ids (
            provisional INTEGER PRIMARY KEY,
            server INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS sync_versions (
            habit_id INTEGER NOT NULL,
            date TEXT NOT NULL,
            version TEXT NOT NULL,
            PRIMARY KEY (habit_id, date)
        ) WITHOUT ROWID;
        """

    /// Creates the sync tables when missing (a new replica); opening an
    /// existing one writes nothing.
    package func prepareReplica() throws(StoreError) {
        try write { connection throws(StoreError) in
            let present = try connection.firstRow(
                "SELECT count(*) FROM sqlite_master WHERE name = 'sync_versions'"
            ) { $0.int64(0) }
            if present == 1 { return }
            try connection.transaction(.immediate) { () throws(StoreError) in
                try connection.execute(Self.replicaTables)
            }
        }
    }

    /// Runs `body` in one write transaction of the replica, as `owner`:
    /// committed when it returns, rolled back when it throws.
    package func replica<Result: Sendable>(
        owner: Int64, _ body: (ReplicaTransaction) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) -> Result in
                try body(ReplicaTransaction(connection: connection, owner: owner))
            }
        }
    }

    /// Runs `body` in one read transaction of the replica (`BEGIN DEFERRED`),
    /// for what only reads: it takes no write lock, so a sync that finds
    /// nothing to send costs no write. `body` must not write.
    package func replicaSnapshot<Result: Sendable>(
        owner: Int64, _ body: (ReplicaTransaction) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        try read { connection throws(StoreError) in
            try connection.transaction(.deferred) { () throws(StoreError) -> Result in
                try body(ReplicaTransaction(connection: connection, owner: owner))
            }
        }
    }
}

/// What a replica transaction can read and write; only valid inside
/// `SQLiteStore.replica(owner:_:)`.
///
/// Its writes are statements of its own, naming only the columns every
/// version since the first has (columns added later have defaults), so the
/// server's write paths can change without touching a replica's.
package struct ReplicaTransaction {
    let connection: SQLiteConnection
    package let owner: Int64

    private static let upsertEntry = """
        INSERT INTO progress (habit_id, date, value, skipped, note) VALUES (?1, ?2, ?3, ?4, ?5)
        ON CONFLICT (habit_id, date) DO UPDATE SET value = excluded.value,
            skipped = excluded.skipped, note = excluded.note
        """
    private static let deleteEntry = "DELETE FROM progress WHERE habit_id = ?1 AND date = ?2"
    private static let deleteHabit = "DELETE FROM habits WHERE id = ?1 AND owner_id = ?2"

    // MARK: Habits and entries

    package func habits() throws(StoreError) -> [Habit] {
        try HabitSQL.habits(connection, HabitSQL.selectAll, [.integer(owner)])
    }

    package func habit(id: Int64) throws(StoreError) -> Habit? {
        try connection.firstRow(
            HabitSQL.selectOne, [.integer(id), .integer(owner)], HabitSQL.habit)
    }

    package func entry(habitID: Int64, date: LocalDate) throws(StoreError) -> ProgressEntry? {
        try connection.firstRow(
            "SELECT date, value, skipped, note FROM progress WHERE habit_id = ?1 AND date = ?2",
            [.integer(habitID), .text(date.description)]
        ) { row throws(StoreError) in try HabitSQL.entry(row, from: 0) }
    }

    /// Every entry of a habit, sorted by date.
    package func entries(habitID: Int64) throws(StoreError) -> [ProgressEntry] {
        try HabitSQL.entries(
            connection, HabitSQL.selectAllProgress, [.integer(habitID), .integer(owner)]) ?? []
    }

    /// A new active habit with the id given (a provisional, negative one),
    /// after the same checks as local mode: room for it and a free name.
    package func createHabit(_ fields: HabitFields, id: Int64, now: Date) throws(StoreError)
        -> Habit
    {
        try SQLiteStore.room(connection, owner: owner).checkNewHabit(named: fields.name)
        let habit = Habit(
            id: id, fields: fields, status: .active, createdAt: now, updatedAt: now)
        try putHabit(habit)
        return habit
    }

    /// Changes a habit after local mode's checks; `nil` when there is none.
    package func updateHabit(id: Int64, fields: HabitFields, status: HabitStatus, now: Date)
        throws(StoreError) -> Habit?
    {
        guard let current = try habit(id: id) else { return nil }
        if HabitRoom.isChecked(changing: current, toName: fields.name, status: status) {
            try SQLiteStore.room(connection, owner: owner).checkChange(
                of: current, toName: fields.name, status: status)
        }
        var updated = Habit(
            id: id, fields: fields, status: status, createdAt: current.createdAt, updatedAt: now)
        updated.createdAt = current.createdAt
        try putHabit(updated)
        return updated
    }

    /// Stores `habit` as it is (the server's state), inserting or replacing
    /// by id; no limit is checked: the server has decided.
    package func putHabit(_ habit: Habit) throws(StoreError) {
        let created = (habit.createdAt ?? Date(timeIntervalSince1970: 0)).timeIntervalSince1970
        let updated = (habit.updatedAt ?? habit.createdAt ?? Date(timeIntervalSince1970: 0))
            .timeIntervalSince1970
        try connection.run(
            """
            INSERT INTO habits (id, owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at, icon, color, goal,
                period_days, "group", position)
            VALUES (?11, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?12, ?13, ?14, ?15, ?16, ?17)
            ON CONFLICT (id) DO UPDATE SET name = excluded.name,
                frequency = excluded.frequency, measurement_type = excluded.measurement_type,
                start_date = excluded.start_date, action_days = excluded.action_days,
                target_value = excluded.target_value, status = excluded.status,
                updated_at = excluded.updated_at, icon = excluded.icon, color = excluded.color,
                goal = excluded.goal, period_days = excluded.period_days,
                "group" = excluded."group", position = excluded.position
            """,
            [.integer(owner)] + HabitSQL.values(habit.fields)
                + [
                    .text(habit.status.rawValue), .real(created), .real(updated),
                    .integer(habit.id),
                ] + HabitSQL.marks(habit.fields))
    }

    /// Deletes a habit with its entries and versions; whether there was one.
    @discardableResult
    package func removeHabit(id: Int64) throws(StoreError) -> Bool {
        try connection.run("DELETE FROM sync_versions WHERE habit_id = ?1", [.integer(id)])
        return try connection.run(Self.deleteHabit, [.integer(id), .integer(owner)]) > 0
    }

    /// Replaces the day's entry (value, skip and note) as it is.
    package func putEntry(_ entry: ProgressEntry, habitID: Int64) throws(StoreError) {
        try connection.run(
            Self.upsertEntry,
            [
                .integer(habitID), .text(entry.date.description),
                .text(DecimalText.text(entry.value)), .integer(entry.skipped ? 1 : 0),
                entry.note.map { .text($0) } ?? .null,
            ])
    }

    /// Adds to the day's value as local mode does (the skip mark cleared,
    /// the maximum value checked); `nil` when there is no such habit.
    package func increment(habitID: Int64, date: LocalDate, amount: Decimal, note: NoteChange)
        throws(StoreError) -> ProgressEntry?
    {
        guard try habit(id: habitID) != nil else { return nil }
        let stored = try entry(habitID: habitID, date: date)
        // Unconditional (no version expected), so the plan always writes.
        let plan = try EntryWritePlan.increment(
            date: date, amount: amount, note: note,
            stored: stored.map { Versioned($0, version: 0) },
            expecting: nil)
        guard case .write(let updated) = plan else { return stored }
        try putEntry(updated, habitID: habitID)
        return updated
    }

    /// Deletes the day's entry and its version.
    package func removeEntry(habitID: Int64, date: LocalDate) throws(StoreError) {
        try connection.run(
            "DELETE FROM sync_versions WHERE habit_id = ?1 AND date = ?2",
            [.integer(habitID), .text(date.description)])
        try connection.run(Self.deleteEntry, [.integer(habitID), .text(date.description)])
    }

    /// Gives a provisional habit the id the server assigned: its entries,
    /// versions and waiting changes move along. When the server's habit is
    /// already here (pulled), the provisional one's entries join it.
    package func renumberHabit(from provisional: Int64, to server: Int64) throws(StoreError) {
        if try habit(id: server) == nil, var moved = try habit(id: provisional) {
            moved.id = server
            try putHabit(moved)
        }
        try connection.run(
            "UPDATE OR REPLACE progress SET habit_id = ?2 WHERE habit_id = ?1",
            [.integer(provisional), .integer(server)])
        try connection.run(
            "UPDATE OR REPLACE sync_versions SET habit_id = ?2 WHERE habit_id = ?1",
            [.integer(provisional), .integer(server)])
        try connection.run(Self.deleteHabit, [.integer(provisional), .integer(owner)])
        try connection.run(
            "UPDATE sync_outbox SET habit_id = ?2 WHERE habit_id = ?1",
            [.integer(provisional), .integer(server)])
        try connection.run(
            "INSERT OR REPLACE INTO sync_ids (provisional, server) VALUES (?1, ?2)",
            [.integer(provisional), .integer(server)])
    }

    /// The server id a provisional id became, if it did.
    package func serverID(forProvisional id: Int64) throws(StoreError) -> Int64? {
        try connection.firstRow(
            "SELECT server FROM sync_ids WHERE provisional = ?1", [.integer(id)]
        ) { $0.int64(0) }
    }

    /// An id below every id in use: for a habit created while offline.
    package func nextProvisionalID() throws(StoreError) -> Int64 {
        let lowest = try connection.firstRow(
            """
            SELECT min(m) FROM (SELECT min(id) AS m FROM habits
                UNION ALL SELECT min(habit_id) FROM sync_outbox
                UNION ALL SELECT min(provisional) FROM sync_ids)
            """
        ) { $0.optionalInt64(0) }
        return min(lowest.flatMap { $0 } ?? 0, 0) - 1
    }

    /// Removes every habit and entry of the replica (a full resync follows);
    /// the outbox stays.
    package func removeEverything() throws(StoreError) {
        try connection.run("DELETE FROM habits WHERE owner_id = ?1", [.integer(owner)])
        try connection.run("DELETE FROM sync_versions")
    }

    // MARK: Versions and state

    /// The version this replica holds of a habit (`date` nil) or an entry.
    package func version(habitID: Int64, date: LocalDate?) throws(StoreError) -> String? {
        try connection.firstRow(
            "SELECT version FROM sync_versions WHERE habit_id = ?1 AND date = ?2",
            [.integer(habitID), .text(date?.description ?? "")]
        ) { $0.text(0) }
    }

    package func setVersion(_ version: String?, habitID: Int64, date: LocalDate?)
        throws(StoreError)
    {
        if let version {
            try connection.run(
                "INSERT OR REPLACE INTO sync_versions (habit_id, date, version) VALUES (?1, ?2, ?3)",
                [.integer(habitID), .text(date?.description ?? ""), .text(version)])
        } else {
            try connection.run(
                "DELETE FROM sync_versions WHERE habit_id = ?1 AND date = ?2",
                [.integer(habitID), .text(date?.description ?? "")])
        }
    }

    /// A value of the sync state (the feed's cursor, when it last synced).
    package func state(_ key: String) throws(StoreError) -> String? {
        try connection.firstRow("SELECT value FROM sync_state WHERE key = ?1", [.text(key)]) {
            $0.text(0)
        }
    }

    package func setState(_ value: String?, for key: String) throws(StoreError) {
        if let value {
            try connection.run(
                "INSERT OR REPLACE INTO sync_state (key, value) VALUES (?1, ?2)",
                [.text(key), .text(value)])
        } else {
            try connection.run("DELETE FROM sync_state WHERE key = ?1", [.text(key)])
        }
    }

    // MARK: Outbox

    /// Appends a change; returns its sequence number.
    @discardableResult
    package func appendOutbox(_ record: OutboxRecord) throws(StoreError) -> Int64 {
        try connection.run(
            """
            INSERT INTO sync_outbox (kind, habit_id, date, payload, idempotency_key,
                base_version, created_at, attempts, last_error, state)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """,
            [
                .text(record.kind), .integer(record.habitID),
                record.date.map { .text($0) } ?? .null,
                .text(record.payload), .text(record.idempotencyKey),
                record.baseVersion.map { .text($0) } ?? .null,
                .real(record.createdAt.timeIntervalSince1970), .integer(Int64(record.attempts)),
                record.lastError.map { .text($0) } ?? .null, .text(record.state.rawValue),
            ])
        return connection.lastInsertRowID
    }

    /// The outbox in order, only the records in `state` when given.
    package func outbox(state: OutboxRecord.State? = nil) throws(StoreError) -> [OutboxRecord] {
        let columns = """
            seq, kind, habit_id, date, payload, idempotency_key, base_version, created_at,
            attempts, last_error, state
            """
        let sql =
            state == nil
            ? "SELECT \(columns) FROM sync_outbox ORDER BY seq"
            : "SELECT \(columns) FROM sync_outbox WHERE state = ?1 ORDER BY seq"
        return try connection.rows(sql, state.map { [.text($0.rawValue)] } ?? []) { row in
            OutboxRecord(
                sequence: row.int64(0), kind: row.text(1), habitID: row.int64(2),
                date: row.optionalText(3), payload: row.text(4), idempotencyKey: row.text(5),
                baseVersion: row.optionalText(6),
                createdAt: Date(timeIntervalSince1970: row.double(7)),
                attempts: Int(row.int64(8)), lastError: row.optionalText(9),
                state: OutboxRecord.State(rawValue: row.text(10)) ?? .pending)
        }
    }

    /// Records an attempt's outcome on a waiting change.
    package func markOutbox(
        _ sequence: Int64, state: OutboxRecord.State, attempts: Int, lastError: String?
    ) throws(StoreError) {
        try connection.run(
            "UPDATE sync_outbox SET state = ?2, attempts = ?3, last_error = ?4 WHERE seq = ?1",
            [
                .integer(sequence), .text(state.rawValue), .integer(Int64(attempts)),
                lastError.map { .text($0) } ?? .null,
            ])
    }

    package func removeOutbox(_ sequence: Int64) throws(StoreError) {
        try connection.run("DELETE FROM sync_outbox WHERE seq = ?1", [.integer(sequence)])
    }
}

extension ReplicaTransaction {
    /// Waiting changes of the same habit (and day, or the habit itself when
    /// `date` is nil) after `sequence` now expect `version`: the server's
    /// version after this device's own earlier change, not another device's.
    package func rebaseOutbox(
        habitID: Int64, date: String?, after sequence: Int64, version: String?
    )
        throws(StoreError)
    {
        try connection.run(
            """
            UPDATE sync_outbox SET base_version = ?4
            WHERE habit_id = ?1 AND date IS ?2 AND seq > ?3 AND state = 'pending'
            """,
            [
                .integer(habitID), date.map { .text($0) } ?? .null, .integer(sequence),
                version.map { .text($0) } ?? .null,
            ])
    }

    /// How many changes wait to be sent, and since when (the oldest).
    package func pendingSummary() throws(StoreError) -> (count: Int, since: Date?) {
        try connection.firstRow(
            "SELECT count(*), min(created_at) FROM sync_outbox WHERE state = 'pending'"
        ) { row in
            (Int(row.int64(0)), row.optionalDouble(1).map(Date.init(timeIntervalSince1970:)))
        } ?? (0, nil)
    }
}
