import Foundation
import HabitCore
import HabitStorage

extension PostgresStore: HabitRepository {
    package func habits(owner: Int64, status: HabitStatusFilter) throws(StoreError) -> [Habit] {
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

    package func habit(id: Int64, owner: Int64) throws(StoreError) -> Habit? {
        try read { connection throws(StoreError) in
            let rows = try connection.query(HabitSQL.selectOne, [String(id), String(owner)])
            return rows.count == 0 ? nil : try HabitSQL.habit(rows, 0)
        }
    }

    package func progress(habitID: Int64, owner: Int64, from: LocalDate, to: LocalDate)
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
    package func progress(habitIDs: [Int64], owner: Int64, from: LocalDate, to: LocalDate)
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

    /// Every entry of one habit, sorted by date; `nil` when the habit is not
    /// the owner's (as `SQLiteStore.allProgress`).
    package func allProgress(habitID: Int64, owner: Int64) throws(StoreError) -> [ProgressEntry]? {
        try progress(
            habitID: habitID, owner: owner, from: HabitSQL.earliestDate, to: HabitSQL.latestDate)
    }
}

/// The habit statements and how rows become values.
enum HabitSQL {
    /// A habit's columns: its version (`change_seq`) at 10, then the marks
    /// (icon, color), the second model's goal, period length and group and
    /// the position (`HabitOrder`), which came later. `"group"` is a
    /// keyword, so it is quoted.
    static let columns = """
        id, name, frequency, measurement_type, start_date::text, action_days, target_value::text,
        status, extract(epoch FROM created_at)::float8, extract(epoch FROM updated_at)::float8,
        change_seq, icon, color, goal, period_days, "group", position
        """
    /// `HabitOrder`'s rule: placed habits by position, then the rest, by id.
    static let order = "ORDER BY position NULLS LAST, id"
    static let selectAll = "SELECT \(columns) FROM habits WHERE owner_id = $1 \(order)"
    static let selectWithStatus = """
        SELECT \(columns) FROM habits WHERE owner_id = $1 AND status = $2 \(order)
        """
    static let selectOne = "SELECT \(columns) FROM habits WHERE id = $1 AND owner_id = $2"
    static let countAll = "SELECT count(*) FROM habits WHERE owner_id = $1"
    static let update = """
        UPDATE habits SET name = $1, frequency = $2, measurement_type = $3, start_date = $4::date,
            action_days = $5::smallint, target_value = $6::numeric, status = $7,
            updated_at = to_timestamp($8::float8), change_seq = $11::bigint, icon = $12,
            color = $13, goal = $14, period_days = $15::integer, "group" = $16,
            position = $17::integer
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
    /// Writes a day's entry whole, stamped with its change number.
    static let upsertProgress = """
        INSERT INTO progress (habit_id, date, value, skipped, note, owner_id, change_seq)
        VALUES ($1::bigint, $2::date, $3::numeric, $4::boolean, $5::text, $6::bigint, $7::bigint)
        ON CONFLICT (habit_id, date) DO UPDATE SET value = excluded.value,
            skipped = excluded.skipped, note = excluded.note, change_seq = excluded.change_seq
        """
    /// The day's entry with its version (`entry` columns, then `change_seq`).
    static let selectEntry = """
        SELECT date::text, value::text, skipped, note, change_seq FROM progress
        WHERE habit_id = $1::bigint AND date = $2::date
        """
    static let removeEntry = "DELETE FROM progress WHERE habit_id = $1::bigint AND date = $2::date"
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

    /// Parameters icon, color, goal, period_days, group and position, the
    /// last six of `insert` and `update`.
    static func marks(_ fields: HabitFields) -> [String?] {
        [
            fields.icon, fields.color, fields.goal.rawValue, fields.periodDays.map { String($0) },
            fields.group, fields.position.map { String($0) },
        ]
    }

    static let activeNames = "SELECT id, name FROM habits WHERE owner_id = $1 AND status = 'ACTIVE'"

    static func versionedHabit(_ rows: PostgresResult, _ row: Int) throws(StoreError)
        -> Versioned<Habit>
    {
        Versioned(try habit(rows, row), version: rows.int64(row, 10) ?? 0)
    }

    /// The habit in a row of `columns`; `marks` is where icon and color
    /// are, followed by goal, period_days, group and position, or `nil` for a
    /// statement without them (the habit then reads as at least, with no
    /// period length and no group).
    static func habit(_ rows: PostgresResult, _ row: Int, marks: Int? = 11) throws(StoreError)
        -> Habit
    {
        let id = rows.int64(row, 0) ?? 0
        var goal = Goal.atLeast
        var periodDays: Int?
        if let model = marks.map({ $0 + 2 }) {
            guard let read = Goal(rawValue: rows.text(row, model)) else {
                throw PostgresStore.unreadable("habit \(id)")
            }
            goal = read
            periodDays = rows.int64(row, model + 1).map { Int($0) }
        }
        guard let frequency = Frequency(rawValue: rows.text(row, 2)),
            marks == nil
                || HabitFields.problems(periodDays: periodDays, frequency: frequency).isEmpty,
            let startDate = rows.localDate(row, 4),
            let bits = rows.int64(row, 5), (0...127).contains(bits),
            let targetValue = rows.decimal(row, 6),
            let status = HabitStatus(rawValue: rows.text(row, 7)),
            let created = rows.double(row, 8), let updated = rows.double(row, 9)
        else { throw PostgresStore.unreadable("habit \(id)") }
        return Habit(
            id: id, name: rows.text(row, 1), frequency: frequency,
            measurementType: rows.text(row, 3), startDate: startDate,
            actionDays: ActionDays(bits: UInt8(bits)), targetValue: targetValue, goal: goal,
            periodDays: periodDays,
            group: marks.flatMap { mark(rows, row, $0 + 4, HabitFields.problems(group:)) },
            status: status,
            icon: marks.flatMap { mark(rows, row, $0, HabitFields.problems(icon:)) },
            color: marks.flatMap { mark(rows, row, $0 + 1, HabitFields.problems(color:)) },
            position: marks.flatMap { rows.int64(row, $0 + 5) }.map { Int($0) }
                .flatMap { HabitFields.positionRange.contains($0) ? $0 : nil },
            createdAt: PostgresStore.date(created), updatedAt: PostgresStore.date(updated))
    }

    /// The text in `column` when it is a mark `problems` accepts: marks
    /// only decorate, so one that does not read is dropped, not an error.
    private static func mark(
        _ rows: PostgresResult, _ row: Int, _ column: Int, _ problems: (String) -> [String]
    ) -> String? {
        guard !rows.isNull(row, column) else { return nil }
        let text = rows.text(row, column)
        return problems(text).isEmpty ? text : nil
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

/// The import's steps of the shared writes (`StoreStatements`).
extension PostgresStore {
    package static func allHabits(_ connection: PostgresConnection, owner: Int64)
        throws(StoreError) -> [Habit]
    {
        let rows = try connection.query(HabitSQL.selectAll, [String(owner)])
        return try (0..<rows.count).map { row throws(StoreError) in try HabitSQL.habit(rows, row) }
    }

    package static func allEntries(_ connection: PostgresConnection, habitID: Int64, owner: Int64)
        throws(StoreError) -> [ProgressEntry]
    {
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

    /// The identity sequence's last value, or the highest id in use.
    package static func highestHabitID(_ connection: PostgresConnection) throws(StoreError)
        -> Int64
    {
        try connection.query(ImportSQL.highestID).int64(0, 0) ?? 0
    }
}

/// The import's statements; the caller holds the transaction.
enum ImportSQL {
    static let insertColumns = """
        owner_id, name, frequency, measurement_type, start_date, action_days, target_value,
        status, created_at, updated_at, change_seq, icon, color, goal, period_days, "group",
        position
        """
    static let insert = """
        INSERT INTO habits (\(insertColumns))
        VALUES ($1, $2, $3, $4, $5::date, $6::smallint, $7::numeric, $8,
            to_timestamp($9::float8), to_timestamp($10::float8), $11::bigint, $12, $13, $14,
            $15::integer, $16, $17::integer)
        RETURNING id
        """
    static let insertWithID = """
        INSERT INTO habits (id, \(insertColumns))
        OVERRIDING SYSTEM VALUE
        VALUES ($1, $2, $3, $4, $5, $6::date, $7::smallint, $8::numeric, $9,
            to_timestamp($10::float8), to_timestamp($11::float8), $12::bigint, $13, $14, $15,
            $16::integer, $17, $18::integer)
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
    static let upsert = HabitSQL.upsertProgress
    /// Up to `progressStep` entries in one statement, from arrays; entry
    /// `i` (from 1) gets change number `$3 + i - 1`.
    static let upsertMany = """
        INSERT INTO progress (habit_id, date, value, skipped, note, owner_id, change_seq)
        SELECT $1::bigint, e.date, e.value, e.skipped, e.note, $2::bigint,
            $3::bigint + e.position - 1
        FROM unnest($4::date[], $5::numeric[], $6::boolean[], $7::text[])
            WITH ORDINALITY AS e (date, value, skipped, note, position)
        ON CONFLICT (habit_id, date) DO UPDATE SET value = excluded.value,
            skipped = excluded.skipped, note = excluded.note, change_seq = excluded.change_seq
        """
    static let progressStep = 500

    /// A PostgreSQL array literal of `elements`: each quoted, with `"` and
    /// `\` escaped, `nil` as NULL.
    static func array(_ elements: [String?]) -> String {
        var literal = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 { literal += "," }
            guard let element else {
                literal += "NULL"
                continue
            }
            literal += "\""
            // By scalar: a quote followed by a combining mark is one
            // Character, but still a quote to PostgreSQL.
            for scalar in element.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { literal += "\\" }
                literal.unicodeScalars.append(scalar)
            }
            literal += "\""
        }
        return literal + "}"
    }
}

/// The habit steps of the shared writes (`StoreStatements`).
extension PostgresStore {
    /// `FOR NO KEY UPDATE` on the owner's row (see `HabitSQL.lockOwner`).
    package static func lockOwner(_ connection: PostgresConnection, owner: Int64)
        throws(StoreError)
    {
        try connection.query(HabitSQL.lockOwner, [String(owner)])
    }

    /// The owner's habits as `HabitRoom` counts them; the caller holds the
    /// owner's lock.
    package static func room(_ connection: PostgresConnection, owner: Int64) throws(StoreError)
        -> HabitRoom
    {
        let total = try connection.query(HabitSQL.countAll, [String(owner)])
        let active = try connection.query(HabitSQL.activeNames, [String(owner)])
        return HabitRoom(
            total: Int(total.int64(0, 0) ?? 0),
            active: (0..<active.count).map { row in
                HabitRoom.ActiveHabit(id: active.int64(row, 0) ?? 0, name: active.text(row, 1))
            })
    }

    /// Writes the entries, `progressStep` to a statement (one round trip
    /// each, not one per entry), numbered from one block of change numbers
    /// taken at once.
    package static func writeEntries(
        _ connection: PostgresConnection, _ entries: [ProgressEntry], habitID: Int64,
        owner: Int64, progress: (@Sendable (Int) -> Void)?
    ) throws(StoreError) {
        guard !entries.isEmpty else { return }
        try EntryWritePlan.checkValues(entries)
        let last = try nextVersion(connection, owner: owner, count: entries.count)
        let first = last - Int64(entries.count) + 1
        for start in stride(from: 0, to: entries.count, by: ImportSQL.progressStep) {
            let chunk = entries[start..<min(start + ImportSQL.progressStep, entries.count)]
            let number = first + Int64(start)
            // One statement cannot write a day twice: a chunk naming a day
            // twice goes row by row, the later entry winning.
            if Set(chunk.map(\.date)).count == chunk.count {
                try connection.query(
                    ImportSQL.upsertMany,
                    [
                        String(habitID), String(owner), String(number),
                        ImportSQL.array(chunk.map { $0.date.description }),
                        ImportSQL.array(chunk.map { DecimalText.text($0.value) }),
                        ImportSQL.array(chunk.map { $0.skipped ? "true" : "false" }),
                        ImportSQL.array(chunk.map(\.note)),
                    ])
            } else {
                for (offset, entry) in chunk.enumerated() {
                    try connection.query(
                        ImportSQL.upsert,
                        [
                            String(habitID), entry.date.description,
                            DecimalText.text(entry.value), entry.skipped ? "true" : "false",
                            entry.note, String(owner), String(number + Int64(offset)),
                        ])
                }
            }
            progress?(chunk.count)
        }
    }

    /// The day's entry with its version, or `nil`.
    package static func storedEntry(
        _ connection: PostgresConnection, habitID: Int64, date: LocalDate
    ) throws(StoreError) -> Versioned<ProgressEntry>? {
        let rows = try connection.query(HabitSQL.selectEntry, [String(habitID), date.description])
        guard rows.count > 0 else { return nil }
        return Versioned(try HabitSQL.entry(rows, 0, from: 0), version: rows.int64(0, 4) ?? 0)
    }
}
