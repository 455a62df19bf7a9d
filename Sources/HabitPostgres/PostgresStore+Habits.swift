import Foundation
import HabitCore
import HabitStore

extension PostgresStore: HabitRepository {
    public func habits(owner: Int64, status: HabitStatusFilter) throws(StoreError) -> [Habit] {
        try read { connection throws(StoreError) in
            let rows: PostgresResult
            switch status {
            case .all:
                rows = try connection.query(HabitSQL.selectAll, [String(owner)])
            case .active, .archived:
                rows = try connection.query(
                    HabitSQL.selectWithStatus, [String(owner), status.rawValue])
            }
            return try (0..<rows.count).map { row throws(StoreError) in
                try HabitSQL.habit(rows, row)
            }
        }
    }

    public func habit(id: Int64, owner: Int64) throws(StoreError) -> Habit? {
        try read { connection throws(StoreError) in
            let rows = try connection.query(HabitSQL.selectOne, [String(id), String(owner)])
            return rows.count == 0 ? nil : try HabitSQL.habit(rows, 0)
        }
    }

    public func createHabit(_ fields: HabitFields, owner: Int64, now: Date) throws(StoreError)
        -> Habit
    {
        let outcome = try writeOnce(nil as IdempotencyRecord<Habit>?) {
            connection throws(StoreError) in
            try HabitSQL.insertHabit(connection, fields, owner: owner, now: now)
        }
        return try Self.performed(outcome)
    }

    public func createHabit(
        _ fields: HabitFields, owner: Int64, now: Date, idempotency: IdempotencyRecord<Habit>
    ) throws(StoreError) -> Idempotent<Habit> {
        try writeOnce(idempotency) { connection throws(StoreError) in
            try HabitSQL.insertHabit(connection, fields, owner: owner, now: now)
        }
    }

    /// Locks the habit's row (`FOR NO KEY UPDATE`), and when re-activating
    /// also the owner's row, as `createHabit` does, so the active count it
    /// checks cannot change before the update commits.
    public func updateHabit(
        id: Int64, owner: Int64, fields: HabitFields, status: HabitStatus, now: Date
    ) throws(StoreError) -> Habit? {
        try transaction { connection throws(StoreError) -> Habit? in
            let rows = try connection.query(
                HabitSQL.selectOne + " FOR NO KEY UPDATE", [String(id), String(owner)])
            guard rows.count > 0 else { return nil }
            let current = try HabitSQL.habit(rows, 0)
            // Becoming active, or renamed while active: under the owner's
            // lock, as createHabit takes it, so no other transaction adds or
            // names an active habit meanwhile.
            if status == .active,
                current.status != .active || !HabitFields.sameName(current.name, fields.name)
            {
                try HabitSQL.lockOwner(connection, owner)
                if current.status != .active {
                    try HabitSQL.requireRoomForActiveHabit(connection, owner: owner)
                }
                try HabitSQL.requireFreeName(fields.name, connection, owner: owner, except: id)
            }
            try connection.query(
                HabitSQL.update,
                HabitSQL.values(fields) + [
                    status.rawValue, Self.seconds(now), String(id), String(owner),
                ])
            return Habit(
                id: id, fields: fields, status: status, createdAt: current.createdAt,
                updatedAt: now)
        }
    }

    public func deleteHabit(id: Int64, owner: Int64) throws(StoreError) -> Bool {
        // Progress goes with it: ON DELETE CASCADE.
        try write { connection throws(StoreError) in
            try connection.run(HabitSQL.delete, [String(id), String(owner)]) > 0
        }
    }

    public func progress(habitID: Int64, owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [ProgressEntry]?
    {
        try read { connection throws(StoreError) in
            let rows = try connection.query(
                HabitSQL.selectProgressRange,
                [String(habitID), String(owner), from.description, to.description])
            if rows.count == 0 { return nil }
            var entries: [ProgressEntry] = []
            for row in 0..<rows.count where !rows.isNull(row, 0) {
                entries.append(try HabitSQL.entry(rows, row, from: 0))
            }
            return entries
        }
    }

    /// Every habit of the owner that is among `habitIDs` has a key, with an
    /// empty list when it has no entries in the range.
    public func progress(habitIDs: [Int64], owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [Int64: [ProgressEntry]]
    {
        guard !habitIDs.isEmpty else { return [:] }
        let wanted = Set(habitIDs)
        return try read { connection throws(StoreError) in
            let rows = try connection.query(
                HabitSQL.selectOwnerProgressRange,
                [String(owner), from.description, to.description])
            var result: [Int64: [ProgressEntry]] = [:]
            for row in 0..<rows.count {
                guard let habitID = rows.int64(row, 0), wanted.contains(habitID) else { continue }
                if rows.isNull(row, 1) {
                    result[habitID] = []
                } else {
                    result[habitID, default: []].append(try HabitSQL.entry(rows, row, from: 1))
                }
            }
            return result
        }
    }

    /// One upsert, scoped to the owner inside the statement, answering the
    /// note it left.
    public func setProgress(
        _ entry: ProgressEntry, note: NoteChange, habitID: Int64, owner: Int64
    ) throws(StoreError) -> ProgressEntry? {
        try read { connection throws(StoreError) -> ProgressEntry? in
            let rows = try connection.query(
                HabitSQL.upsertProgress,
                [
                    String(habitID), entry.date.description, DecimalText.text(entry.value),
                    entry.skipped ? "true" : "false", String(owner), note.applied(to: nil),
                    note == .keep ? "true" : "false",
                ])
            guard rows.count == 1 else { return nil }
            var stored = entry
            stored.note = rows.optionalText(0, 0)
            return stored
        }
    }

    public func incrementProgress(
        habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal, note: NoteChange
    ) throws(StoreError) -> ProgressEntry? {
        let outcome = try writeOnce(nil as IdempotencyRecord<ProgressEntry?>?) {
            connection throws(StoreError) in
            try HabitSQL.increment(
                connection, habitID: habitID, owner: owner, date: date, amount: amount, note: note)
        }
        return try Self.performed(outcome)
    }

    public func incrementProgress(
        habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal, note: NoteChange,
        idempotency: IdempotencyRecord<ProgressEntry?>
    ) throws(StoreError) -> Idempotent<ProgressEntry?> {
        try writeOnce(idempotency) { connection throws(StoreError) in
            try HabitSQL.increment(
                connection, habitID: habitID, owner: owner, date: date, amount: amount, note: note)
        }
    }

    /// One statement: whether the habit is the owner's and what it removed.
    public func deleteProgress(habitID: Int64, owner: Int64, date: LocalDate) throws(StoreError)
        -> Bool?
    {
        try write { connection throws(StoreError) in
            let rows = try connection.query(
                HabitSQL.deleteProgress, [String(habitID), date.description, String(owner)])
            guard rows.int64(0, 0) ?? 0 > 0 else { return nil }
            return rows.int64(0, 1) ?? 0 > 0
        }
    }

    /// Every entry of one habit, sorted by date; `nil` when the habit is not
    /// the owner's (as `SQLiteStore.allProgress`).
    public func allProgress(habitID: Int64, owner: Int64) throws(StoreError) -> [ProgressEntry]? {
        try progress(
            habitID: habitID, owner: owner, from: HabitSQL.earliestDate, to: HabitSQL.latestDate)
    }

    /// The value of an operation run without an idempotency key.
    static func performed<Value>(_ outcome: Idempotent<Value>) throws(StoreError) -> Value {
        guard case .performed(let value) = outcome else {
            throw internalError("an operation without a key was replayed")
        }
        return value
    }
}

/// The habit statements and how rows become values.
enum HabitSQL {
    static let columns = """
        id, name, frequency, measurement_type, start_date::text, action_days, target_value::text,
        status, extract(epoch FROM created_at)::float8, extract(epoch FROM updated_at)::float8
        """
    static let selectAll = "SELECT \(columns) FROM habits WHERE owner_id = $1 ORDER BY id"
    static let selectWithStatus = """
        SELECT \(columns) FROM habits WHERE owner_id = $1 AND status = $2 ORDER BY id
        """
    static let selectOne = "SELECT \(columns) FROM habits WHERE id = $1 AND owner_id = $2"
    static let counts = """
        SELECT count(*), count(*) FILTER (WHERE status = 'ACTIVE') FROM habits WHERE owner_id = $1
        """
    static let insert = """
        INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
            action_days, target_value, status, created_at, updated_at)
        VALUES ($1, $2, $3, $4, $5::date, $6::smallint, $7::numeric, 'ACTIVE',
            to_timestamp($8::float8), to_timestamp($8::float8))
        RETURNING id
        """
    static let update = """
        UPDATE habits SET name = $1, frequency = $2, measurement_type = $3, start_date = $4::date,
            action_days = $5::smallint, target_value = $6::numeric, status = $7,
            updated_at = to_timestamp($8::float8)
        WHERE id = $9 AND owner_id = $10
        """
    static let delete = "DELETE FROM habits WHERE id = $1 AND owner_id = $2"
    // `FOR NO KEY UPDATE`, not `FOR UPDATE`: it serialises the limit checks
    // of one owner without blocking the foreign-key checks (KEY SHARE) of
    // other writes that refer to the user.
    static let lockOwner = "SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE"

    // The LEFT JOIN gives one row with a NULL date for an owned habit without
    // entries, and no row for a habit that is not the owner's.
    static let selectProgressRange = """
        SELECT p.date::text, p.value::text, p.skipped, p.note FROM habits h
        LEFT JOIN progress p ON p.habit_id = h.id AND p.date BETWEEN $3::date AND $4::date
        WHERE h.id = $1 AND h.owner_id = $2 ORDER BY p.date
        """
    static let selectOwnerProgressRange = """
        SELECT h.id, p.date::text, p.value::text, p.skipped, p.note FROM habits h
        LEFT JOIN progress p ON p.habit_id = h.id AND p.date BETWEEN $2::date AND $3::date
        WHERE h.owner_id = $1 ORDER BY h.id, p.date
        """
    // $7 keeps the stored note ($6 is then NULL, a new entry's note).
    static let upsertProgress = """
        INSERT INTO progress (habit_id, date, value, skipped, note)
        SELECT $1::bigint, $2::date, $3::numeric, $4::boolean, $6::text
        WHERE EXISTS (SELECT 1 FROM habits WHERE id = $1::bigint AND owner_id = $5::bigint)
        ON CONFLICT (habit_id, date) DO UPDATE SET value = excluded.value,
            skipped = excluded.skipped,
            note = CASE WHEN $7::boolean THEN progress.note ELSE excluded.note END
        RETURNING note
        """
    static let deleteProgress = """
        WITH owned AS (SELECT id FROM habits WHERE id = $1::bigint AND owner_id = $3::bigint),
        removed AS (
            DELETE FROM progress WHERE habit_id IN (SELECT id FROM owned) AND date = $2::date
            RETURNING 1)
        SELECT (SELECT count(*) FROM owned), (SELECT count(*) FROM removed)
        """
    // The increment is this one statement: ON CONFLICT DO UPDATE locks the
    // day's row and adds to its latest committed value, so concurrent
    // increments from any process all count. The WHERE clauses refuse a sum
    // past the maximum (no row comes back; nothing is written).
    // $7 keeps the stored note ($6 is then NULL, a new entry's note).
    static let increment = """
        INSERT INTO progress (habit_id, date, value, skipped, note)
        SELECT $1::bigint, $2::date, $3::numeric, false, $6::text
        WHERE EXISTS (SELECT 1 FROM habits WHERE id = $1::bigint AND owner_id = $4::bigint)
            AND $3::numeric <= $5::numeric
        ON CONFLICT (habit_id, date) DO UPDATE
        SET value = progress.value + excluded.value, skipped = false,
            note = CASE WHEN $7::boolean THEN progress.note ELSE excluded.note END
        WHERE progress.value + excluded.value <= $5::numeric
        RETURNING value::text, note
        """
    static let selectOwned = "SELECT 1 FROM habits WHERE id = $1 AND owner_id = $2"
    /// The widest range a date column holds here (four-digit years).
    static let earliestDate = LocalDate.earliest
    static let latestDate = LocalDate.latest

    /// Parameters name … target_value, in the order of `insert` and `update`.
    static func values(_ fields: HabitFields) -> [String?] {
        [
            fields.name, fields.frequency.rawValue, fields.measurementType,
            fields.startDate.description, String(fields.actionDays.bits),
            DecimalText.text(fields.targetValue),
        ]
    }

    static func lockOwner(_ connection: PostgresConnection, _ owner: Int64) throws(StoreError) {
        try connection.query(lockOwner, [String(owner)])
    }

    /// Inserts an active habit after checking both limits, holding the
    /// owner's row lock so no other transaction counts at the same time.
    static func insertHabit(
        _ connection: PostgresConnection, _ fields: HabitFields, owner: Int64, now: Date
    ) throws(StoreError) -> Habit {
        try lockOwner(connection, owner)
        let counts = try connection.query(Self.counts, [String(owner)])
        if counts.int64(0, 0) ?? 0 >= Int64(Habit.maximumTotalCount) {
            throw .totalHabitLimit(maximum: Habit.maximumTotalCount)
        }
        if counts.int64(0, 1) ?? 0 >= Int64(Habit.maximumActiveCount) {
            throw .habitLimit(maximum: Habit.maximumActiveCount)
        }
        try requireFreeName(fields.name, connection, owner: owner, except: nil)
        let inserted = try connection.query(
            insert, [String(owner)] + values(fields) + [PostgresStore.seconds(now)])
        guard inserted.count == 1, let id = inserted.int64(0, 0) else {
            throw PostgresStore.internalError("the new habit was not stored")
        }
        return Habit(id: id, fields: fields, status: .active, createdAt: now, updatedAt: now)
    }

    /// Fails with `.nameTaken` when an active habit of the owner other
    /// than `except` has `name` (`HabitFields.sameName`, compared here as
    /// the SQLite store does, whatever the database's collation); the
    /// caller holds the owner's lock.
    static func requireFreeName(
        _ name: String, _ connection: PostgresConnection, owner: Int64, except id: Int64?
    ) throws(StoreError) {
        let active = try connection.query(activeNames, [String(owner)])
        for row in 0..<active.count
        where active.int64(row, 0) != id && HabitFields.sameName(active.text(row, 1), name) {
            throw .nameTaken(name: name)
        }
    }

    static let activeNames = "SELECT id, name FROM habits WHERE owner_id = $1 AND status = 'ACTIVE'"

    static func requireRoomForActiveHabit(_ connection: PostgresConnection, owner: Int64)
        throws(StoreError)
    {
        let counts = try connection.query(Self.counts, [String(owner)])
        if counts.int64(0, 1) ?? 0 >= Int64(Habit.maximumActiveCount) {
            throw .habitLimit(maximum: Habit.maximumActiveCount)
        }
    }

    /// Adds `amount` to the day's value (see `increment`).
    static func increment(
        _ connection: PostgresConnection, habitID: Int64, owner: Int64, date: LocalDate,
        amount: Decimal, note: NoteChange
    ) throws(StoreError) -> ProgressEntry? {
        let rows = try connection.query(
            increment,
            [
                String(habitID), date.description, DecimalText.text(amount), String(owner),
                DecimalText.text(ProgressEntry.maximumValue), note.applied(to: nil),
                note == .keep ? "true" : "false",
            ])
        if rows.count == 1 {
            guard let value = rows.decimal(0, 0) else {
                throw PostgresStore.unreadable("the progress entry of \(date)")
            }
            return ProgressEntry(
                date: date, value: value, skipped: false, note: rows.optionalText(0, 1))
        }
        let owned = try connection.query(selectOwned, [String(habitID), String(owner)])
        guard owned.count > 0 else { return nil }
        throw .valueLimit(maximum: ProgressEntry.maximumValue)
    }

    static func habit(_ rows: PostgresResult, _ row: Int) throws(StoreError) -> Habit {
        let id = rows.int64(row, 0) ?? 0
        guard let frequency = Frequency(rawValue: rows.text(row, 2)),
            let startDate = rows.localDate(row, 4),
            let bits = rows.int64(row, 5), (0...127).contains(bits),
            let targetValue = rows.decimal(row, 6),
            let status = HabitStatus(rawValue: rows.text(row, 7)),
            let created = rows.double(row, 8), let updated = rows.double(row, 9)
        else { throw PostgresStore.unreadable("habit \(id)") }
        return Habit(
            id: id, name: rows.text(row, 1), frequency: frequency,
            measurementType: rows.text(row, 3), startDate: startDate,
            actionDays: ActionDays(bits: UInt8(bits)), targetValue: targetValue, status: status,
            createdAt: PostgresStore.date(created), updatedAt: PostgresStore.date(updated))
    }

    /// The entry in columns `from` (date), `from + 1` (value), `from + 2`
    /// (skipped), `from + 3` (note).
    static func entry(_ rows: PostgresResult, _ row: Int, from column: Int) throws(StoreError)
        -> ProgressEntry
    {
        guard let date = rows.localDate(row, column), let value = rows.decimal(row, column + 1)
        else { throw PostgresStore.unreadable("the progress entry of \(rows.text(row, column))") }
        return ProgressEntry(
            date: date, value: value, skipped: rows.bool(row, column + 2),
            note: rows.optionalText(row, column + 3))
    }
}

// MARK: - Imports

extension PostgresStore {
    /// One transaction holding the owner's row lock (`FOR NO KEY UPDATE`, as
    /// habit creation takes it), so the limits it checks cannot change
    /// before it commits; the plan sees the owner's habits and entries
    /// through that transaction. A preferred id is kept when it is above
    /// every id the identity sequence has given, which then moves past it.
    public func importHabits<Outcome: Sendable>(
        owner: Int64, now: Date,
        _ plan: (any HabitImportSnapshot) throws(StoreError) -> (HabitImportWrite, Outcome)
    ) throws(StoreError) -> (created: [Habit], outcome: Outcome) {
        try transaction { connection throws(StoreError) -> (created: [Habit], outcome: Outcome) in
            try HabitSQL.lockOwner(connection, owner)
            let rows = try connection.query(HabitSQL.selectAll, [String(owner)])
            let habits = try (0..<rows.count).map { row throws(StoreError) in
                try HabitSQL.habit(rows, row)
            }
            let snapshot = PostgresImportSnapshot(
                connection: connection, owner: owner, habits: habits)
            let (write, outcome) = try plan(snapshot)
            if write.isEmpty { return ([], outcome) }
            _ = try write.check(against: habits)
            for (habitID, entries) in write.entries.sorted(by: { $0.key < $1.key }) {
                try ImportSQL.write(
                    entries, habitID: habitID, owner: owner, connection, write.progress)
            }
            let sequence = try connection.query(ImportSQL.highestID)
            var highest = sequence.int64(0, 0) ?? 0
            var created: [Habit] = []
            for habit in write.newHabits {
                let createdAt = habit.createdAt ?? now
                let updatedAt = habit.updatedAt ?? createdAt
                let common =
                    HabitSQL.values(habit.fields) + [
                        habit.status.rawValue, Self.seconds(createdAt), Self.seconds(updatedAt),
                    ]
                let inserted: PostgresResult
                if let id = habit.preferredID, id > highest {
                    inserted = try connection.query(
                        ImportSQL.insertWithID, [String(id), String(owner)] + common)
                    try connection.query(ImportSQL.moveSequence, [String(id)])
                } else {
                    inserted = try connection.query(ImportSQL.insert, [String(owner)] + common)
                }
                guard inserted.count == 1, let id = inserted.int64(0, 0) else {
                    throw Self.internalError("an imported habit was not stored")
                }
                highest = max(highest, id)
                try ImportSQL.write(
                    habit.entries, habitID: id, owner: owner, connection, write.progress)
                created.append(
                    Habit(
                        id: id, fields: habit.fields, status: habit.status, createdAt: createdAt,
                        updatedAt: updatedAt))
            }
            return (created, outcome)
        }
    }

    /// All the entries in one transaction, or none; `nil` when the habit is
    /// not the owner's.
    public func setProgress(_ entries: [ProgressEntry], habitID: Int64, owner: Int64)
        throws(StoreError) -> Int?
    {
        try transaction { connection throws(StoreError) -> Int? in
            let owned = try connection.query(
                HabitSQL.selectOwned, [String(habitID), String(owner)])
            guard owned.count > 0 else { return nil }
            try ImportSQL.write(entries, habitID: habitID, owner: owner, connection, nil)
            return entries.count
        }
    }
}

/// The owner's habits inside an import's transaction.
private struct PostgresImportSnapshot: HabitImportSnapshot {
    let connection: PostgresConnection
    let owner: Int64
    let habits: [Habit]

    func entries(habitID: Int64) throws(StoreError) -> [ProgressEntry] {
        let rows = try connection.query(
            HabitSQL.selectProgressRange,
            [
                String(habitID), String(owner), HabitSQL.earliestDate.description,
                HabitSQL.latestDate.description,
            ])
        var entries: [ProgressEntry] = []
        for row in 0..<rows.count where !rows.isNull(row, 0) {
            entries.append(try HabitSQL.entry(rows, row, from: 0))
        }
        return entries
    }
}

/// The import's statements; the caller holds the transaction.
private enum ImportSQL {
    static let insertColumns = """
        owner_id, name, frequency, measurement_type, start_date, action_days, target_value,
        status, created_at, updated_at
        """
    static let insert = """
        INSERT INTO habits (\(insertColumns))
        VALUES ($1, $2, $3, $4, $5::date, $6::smallint, $7::numeric, $8,
            to_timestamp($9::float8), to_timestamp($10::float8))
        RETURNING id
        """
    static let insertWithID = """
        INSERT INTO habits (id, \(insertColumns))
        OVERRIDING SYSTEM VALUE
        VALUES ($1, $2, $3, $4, $5, $6::date, $7::smallint, $8::numeric, $9,
            to_timestamp($10::float8), to_timestamp($11::float8))
        RETURNING id
        """
    /// The highest id the identity sequence has given, or the highest in use.
    static let highestID = """
        SELECT greatest(
            (SELECT coalesce(last_value, 0)
             FROM pg_sequences WHERE schemaname = current_schema()
                AND sequencename = (SELECT split_part(pg_get_serial_sequence('habits', 'id'), '.', 2))),
            (SELECT coalesce(max(id), 0) FROM habits), 0)
        """
    /// Moves the identity sequence to `$1`, so the next habit gets a higher id.
    static let moveSequence = """
        SELECT setval(pg_get_serial_sequence('habits', 'id'),
            greatest($1::bigint, (SELECT coalesce(max(id), 1) FROM habits)))
        """
    static let upsert = """
        INSERT INTO progress (habit_id, date, value, skipped, note)
        VALUES ($1::bigint, $2::date, $3::numeric, $4::boolean, $5::text)
        ON CONFLICT (habit_id, date) DO UPDATE SET value = excluded.value,
            skipped = excluded.skipped, note = excluded.note
        """
    static let progressStep = 500

    static func write(
        _ entries: [ProgressEntry], habitID: Int64, owner: Int64, _ connection: PostgresConnection,
        _ progress: (@Sendable (Int) -> Void)?
    ) throws(StoreError) {
        for (index, entry) in entries.enumerated() {
            if let progress, index > 0, index % progressStep == 0 { progress(progressStep) }
            guard entry.value >= 0, entry.value <= ProgressEntry.maximumValue else {
                throw .valueLimit(maximum: ProgressEntry.maximumValue)
            }
            try connection.query(
                upsert,
                [
                    String(habitID), entry.date.description, DecimalText.text(entry.value),
                    entry.skipped ? "true" : "false", entry.note,
                ])
        }
        if let progress, !entries.isEmpty {
            let rest = entries.count % progressStep
            progress(rest == 0 ? progressStep : rest)
        }
    }
}
