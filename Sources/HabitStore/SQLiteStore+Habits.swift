import CSQLite
import Foundation
import HabitCore
import HabitStorage

extension SQLiteStore: HabitRepository {
    package func habits(owner: Int64, status: HabitStatusFilter) throws(StoreError) -> [Habit] {
        try read { connection throws(StoreError) in
            switch status {
            case .all:
                return try HabitSQL.habits(connection, HabitSQL.selectAll, [.integer(owner)])
            case .active, .archived:
                return try HabitSQL.habits(
                    connection, HabitSQL.selectWithStatus,
                    [.integer(owner), .text(status.rawValue)])
            }
        }
    }

    package func habit(id: Int64, owner: Int64) throws(StoreError) -> Habit? {
        try read { connection throws(StoreError) in
            try connection.firstRow(
                HabitSQL.selectOne, [.integer(id), .integer(owner)], HabitSQL.habit)
        }
    }

    package func progress(habitID: Int64, owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [ProgressEntry]?
    {
        try read { connection throws(StoreError) in
            try HabitSQL.entries(
                connection, HabitSQL.selectProgressRange,
                [
                    .integer(habitID), .integer(owner), .text(from.description),
                    .text(to.description),
                ])
        }
    }

    /// Every habit of the owner that is among `habitIDs` has a key, with an
    /// empty list when it has no entries in the range; others' habits and
    /// unknown ids have none.
    package func progress(habitIDs: [Int64], owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [Int64: [ProgressEntry]]
    {
        guard !habitIDs.isEmpty else { return [:] }
        let wanted = Set(habitIDs)
        // One statement for the owner's habits (a few dozen at most) with the
        // range's entries, filtered here: cheaper than a statement per id
        // count, and the owner scoping is in the SQL. The rows come grouped by
        // habit, so each habit's entries are gathered in one array and stored
        // once, not looked up per row.
        // A habit has one entry a day at most, so the range's days bound its
        // count: each array is made that size at once rather than grown by
        // doubling (a log of 30 days read 500 entries through a hundred
        // reallocations). Up to a year, so a ten-year read of a habit with
        // few entries does not set aside ten years.
        let capacity = min(max(1, to.dayNumber - from.dayNumber + 1), 366)
        return try read { connection throws(StoreError) in
            var reader = HabitSQL.amountReader()
            var result: [Int64: [ProgressEntry]] = [:]
            // The habit whose rows these are, when it is one of `habitIDs`.
            var habitID: Int64?
            var entries: [ProgressEntry] = []
            var previous: Int64?
            try connection.forEachRow(
                HabitSQL.selectOwnerProgressRange,
                [.integer(owner), .text(from.description), .text(to.description)]
            ) { row throws(StoreError) in
                let id = row.int64(0)
                if id != previous {
                    if let habitID { result[habitID] = entries }
                    previous = id
                    habitID = wanted.contains(id) ? id : nil
                    entries = []
                    if habitID != nil, !row.isNull(1) { entries.reserveCapacity(capacity) }
                }
                if habitID != nil, !row.isNull(1) {
                    entries.append(try HabitSQL.entry(row, from: 1, reader: &reader))
                }
            }
            if let habitID { result[habitID] = entries }
            return result
        }
    }

    /// Every entry of one habit, sorted by date; `nil` when the habit is not
    /// the owner's. For the command line's calendars and streaks over a whole
    /// history.
    package func allProgress(habitID: Int64, owner: Int64) throws(StoreError) -> [ProgressEntry]? {
        try read { connection throws(StoreError) in
            try HabitSQL.entries(
                connection, HabitSQL.selectAllProgress, [.integer(habitID), .integer(owner)])
        }
    }
}

/// The habit statements and how rows become values.
enum HabitSQL {
    /// A habit's columns: its version (`change_seq`) at 10, then the marks
    /// (icon, color), the second model's goal, period length and group and
    /// the position (`HabitOrder`), which came later. `"group"` is a
    /// keyword, so it is quoted.
    static let columns = """
        id, name, frequency, measurement_type, start_date, action_days, target_value, status,
        created_at, updated_at, change_seq, icon, color, goal, period_days, "group", position
        """
    /// How many columns `columns` names: its commas, plus one. Counted over
    /// its bytes, as `split` cost 58 K instructions at every start.
    static let columnCount = Int32(columns.utf8.count { $0 == UInt8(ascii: ",") } + 1)
    /// `HabitOrder`'s rule: placed habits by position, then the rest, by id.
    static let order = "ORDER BY position IS NULL, position, id"
    static let selectAll = "SELECT \(columns) FROM habits WHERE owner_id = ?1 \(order)"
    static let selectWithStatus = """
        SELECT \(columns) FROM habits WHERE owner_id = ?1 AND status = ?2 \(order)
        """
    static let selectOne = "SELECT \(columns) FROM habits WHERE id = ?1 AND owner_id = ?2"
    static let selectOwned = "SELECT 1 FROM habits WHERE id = ?1 AND owner_id = ?2"
    static let insert = """
        INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
            action_days, target_value, status, created_at, updated_at, change_seq, icon, color,
            goal, period_days, "group", position)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
        """
    static let update = """
        UPDATE habits SET name = ?1, frequency = ?2, measurement_type = ?3, start_date = ?4,
            action_days = ?5, target_value = ?6, status = ?7, updated_at = ?8, change_seq = ?11,
            icon = ?12, color = ?13, goal = ?14, period_days = ?15, "group" = ?16,
            position = ?17
        WHERE id = ?9 AND owner_id = ?10
        """
    static let delete = "DELETE FROM habits WHERE id = ?1 AND owner_id = ?2"

    // The LEFT JOIN gives one row with a NULL date for an owned habit without
    // entries, and no row for a habit that is not the owner's: one statement
    // tells "not yours" from "empty" on a single snapshot.
    static let selectProgressRange = """
        SELECT p.date, p.value, p.skipped, p.note FROM habits h
        LEFT JOIN progress p ON p.habit_id = h.id AND p.date BETWEEN ?3 AND ?4
        WHERE h.id = ?1 AND h.owner_id = ?2 ORDER BY p.date
        """
    static let selectAllProgress = """
        SELECT p.date, p.value, p.skipped, p.note FROM habits h
        LEFT JOIN progress p ON p.habit_id = h.id
        WHERE h.id = ?1 AND h.owner_id = ?2 ORDER BY p.date
        """
    static let selectOwnerProgressRange = """
        SELECT h.id, p.date, p.value, p.skipped, p.note FROM habits h
        LEFT JOIN progress p ON p.habit_id = h.id AND p.date BETWEEN ?2 AND ?3
        WHERE h.owner_id = ?1 ORDER BY h.id, p.date
        """
    /// A row when habit `?1` is owner `?3`'s, with the note of its entry on
    /// date `?2` (NULL when there is no entry or no note).
    static let selectOwnedNote = """
        SELECT progress.note FROM habits
            LEFT JOIN progress ON progress.habit_id = habits.id AND progress.date = ?2
        WHERE habits.id = ?1 AND habits.owner_id = ?3
        """
    static let upsertProgress = """
        INSERT INTO progress (habit_id, date, value, skipped, note, owner_id, change_seq)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        ON CONFLICT (habit_id, date) DO UPDATE SET value = excluded.value,
            skipped = excluded.skipped, note = excluded.note, change_seq = excluded.change_seq
        """
    /// Bindings for name … target_value, in the order of `insert` and `update`.
    static func values(_ fields: HabitFields) -> [SQLiteValue] {
        [
            .text(fields.name), .text(fields.frequency.rawValue), .text(fields.measurementType),
            .text(fields.startDate.description), .integer(Int64(fields.actionDays.bits)),
            .text(DecimalText.text(fields.targetValue)),
        ]
    }

    /// Bindings for icon, color, goal, period_days, group and position, the
    /// last six of `insert` and `update`.
    static func marks(_ fields: HabitFields) -> [SQLiteValue] {
        [
            fields.icon.map { .text($0) } ?? .null, fields.color.map { .text($0) } ?? .null,
            .text(fields.goal.rawValue), fields.periodDays.map { .integer(Int64($0)) } ?? .null,
            fields.group.map { .text($0) } ?? .null,
            fields.position.map { .integer(Int64($0)) } ?? .null,
        ]
    }

    /// Bindings for `upsertProgress`: the day's entry of `habitID`,
    /// stamped with `version`.
    static func entryBindings(
        _ entry: ProgressEntry, habitID: Int64, owner: Int64, version: Int64
    ) -> [SQLiteValue] {
        [
            .integer(habitID), .text(entry.date.description),
            .text(DecimalText.text(entry.value)), .integer(entry.skipped ? 1 : 0),
            entry.note.map { .text($0) } ?? .null, .integer(owner), .integer(version),
        ]
    }

    /// Bindings for `update`, `?1` … `?17`.
    static func updateBindings(
        id: Int64, owner: Int64, _ fields: HabitFields, status: HabitStatus, at date: Date,
        version: Int64
    ) -> [SQLiteValue] {
        var bindings = values(fields)
        bindings.append(.text(status.rawValue))
        bindings.append(.real(date.timeIntervalSince1970))
        bindings += [.integer(id), .integer(owner), .integer(version)]
        return bindings + marks(fields)
    }

    static let countAll = "SELECT count(*) FROM habits WHERE owner_id = ?1"
    /// The day's entry with its version (`entry(_:from:)` columns, then `change_seq`).
    static let selectEntry = """
        SELECT date, value, skipped, note, change_seq FROM progress WHERE habit_id = ?1 AND date = ?2
        """
    static let removeEntry = "DELETE FROM progress WHERE habit_id = ?1 AND date = ?2"

    static let activeNames = "SELECT id, name FROM habits WHERE owner_id = ?1 AND status = 'ACTIVE'"

    /// The habit in a row of `columns`; a value no version of habits writes
    /// (a date that is no day, no action day, a target out of range) is
    /// damage, named without echoing the file's text.
    static func versionedHabit(_ row: SQLiteRow) throws(StoreError) -> Versioned<Habit> {
        Versioned(try habit(row), version: row.int64(10))
    }

    static func habit(_ row: SQLiteRow) throws(StoreError) -> Habit {
        var targets = targetReader()
        return try habit(row, targets: &targets)
    }

    /// Every habit `sql` answers, read by one `targetReader()`: habits
    /// share a few targets ("1", "10"), each parsed and checked once.
    static func habits(
        _ connection: SQLiteConnection, _ sql: String, _ bindings: [SQLiteValue]
    ) throws(StoreError) -> [Habit] {
        var targets = targetReader()
        return try connection.rows(sql, bindings) { row throws(StoreError) in
            try habit(row, targets: &targets)
        }
    }

    /// The targets a habit may have: `HabitFields.targetRange`, and 0 for
    /// an at-most habit ("none at all").
    static let targets: ClosedRange<Decimal> = 0...HabitFields.targetRange.upperBound

    /// A reader of `targets`.
    static func targetReader() -> DecimalTextReader {
        DecimalTextReader(within: targets)
    }

    /// `habit(_:)`, the target read through `targets` (a `targetReader()`).
    static func habit(_ row: SQLiteRow, targets: inout DecimalTextReader) throws(StoreError)
        -> Habit
    {
        let id = row.int64(0)
        let bits = row.int64(5)
        guard let frequency = Frequency(rawValue: row.text(2)) else {
            throw damage("habit \(id)'s frequency is not one habits knows")
        }
        guard let goal = Goal(rawValue: row.text(13)) else {
            throw damage("habit \(id)'s goal is neither AT_LEAST nor AT_MOST")
        }
        let periodDays = row.isNull(14) ? nil : Int(row.int64(14))
        guard HabitFields.problems(periodDays: periodDays, frequency: frequency).isEmpty else {
            throw damage("habit \(id)'s period length does not fit its frequency")
        }
        guard let startDate = row.localDate(4) else {
            throw damage("habit \(id)'s start date is not a date")
        }
        guard (1...127).contains(bits) else {
            throw damage("habit \(id)'s action days are not one or more days of the week")
        }
        assert(targets.range == Self.targets, "targets are read by a targetReader")
        // The reader's range and the goal's rule are what
        // `HabitFields.problems(targetValue:goal:)` accepts.
        guard let targetValue = row.decimal(6, reader: &targets),
            targetValue != 0 || goal == .atMost
        else {
            throw damage("habit \(id)'s target is not a number from 0.000001 to 1000000")
        }
        guard let status = HabitStatus(rawValue: row.text(7)) else {
            throw damage("habit \(id)'s status is neither ACTIVE nor ARCHIVED")
        }
        let actionDays = ActionDays(bits: UInt8(bits))
        // Marks that do not read as one are dropped: they only decorate.
        let icon = row.optionalText(11).flatMap {
            HabitFields.problems(icon: $0).isEmpty ? $0 : nil
        }
        let color = row.optionalText(12).flatMap {
            HabitFields.problems(color: $0).isEmpty ? $0 : nil
        }
        // A group only arranges: one that does not read as one is dropped.
        let group = row.optionalText(15).flatMap {
            HabitFields.problems(group: $0).isEmpty ? $0 : nil
        }
        // A position only arranges: one out of range reads as none.
        let position = row.isNull(16) ? nil : Int(row.int64(16))
        return Habit(
            id: id, name: row.text(1), frequency: frequency, measurementType: row.text(3),
            startDate: startDate, actionDays: actionDays, targetValue: targetValue, goal: goal,
            periodDays: periodDays, group: group, status: status, icon: icon, color: color,
            position: position.flatMap { HabitFields.positionRange.contains($0) ? $0 : nil },
            createdAt: Date(timeIntervalSince1970: row.double(8)),
            updatedAt: Date(timeIntervalSince1970: row.double(9)))
    }

    /// The entry in columns `from` (date), `from + 1` (value), `from + 2`
    /// (skipped), `from + 3` (note).
    static func entry(_ row: SQLiteRow, from column: Int32) throws(StoreError) -> ProgressEntry {
        var reader = amountReader()
        return try entry(row, from: column, reader: &reader)
    }

    /// The amounts an entry may hold.
    static let amounts: ClosedRange<Decimal> = 0...ProgressEntry.maximumValue

    /// A reader of `amounts`, for `entry(_:from:reader:)`.
    static func amountReader() -> DecimalTextReader {
        DecimalTextReader(within: amounts)
    }

    /// `entry(_:from:)`, the value read through `reader` (an `amountReader()`):
    /// a loop over many rows passes one, so a repeated value is parsed and
    /// checked once.
    static func entry(
        _ row: SQLiteRow, from column: Int32, reader: inout DecimalTextReader
    ) throws(StoreError) -> ProgressEntry {
        guard let date = row.localDate(column) else {
            throw damage("an entry's date is not a date")
        }
        assert(reader.range == amounts, "entries are read by an amountReader")
        guard let value = row.decimal(column + 1, reader: &reader) else {
            throw damage("the entry of \(date) holds a value that is not an amount habits records")
        }
        return ProgressEntry(
            date: date, value: value, skipped: row.int64(column + 2) != 0,
            note: row.optionalText(column + 3))
    }

    /// The entries of an owner-scoped LEFT JOIN (see `selectProgressRange`).
    static func entries(
        _ connection: SQLiteConnection, _ sql: String, _ bindings: [SQLiteValue]
    ) throws(StoreError) -> [ProgressEntry]? {
        // The habit's row comes even without entries (one with a NULL date),
        // so no row at all means no such habit of this owner.
        var found = false
        var entries: [ProgressEntry] = []
        var reader = HabitSQL.amountReader()
        try connection.forEachRow(sql, bindings) { row throws(StoreError) in
            found = true
            if !row.isNull(0) { entries.append(try entry(row, from: 0, reader: &reader)) }
        }
        return found ? entries : nil
    }

    /// A row no version of habits writes: `SQLITE_CORRUPT`, which the store
    /// reports as `.damaged` with its path.
    static func damage(_ reason: String) -> StoreError {
        .sqlite(code: SQLITE_CORRUPT, message: reason)
    }
}

/// The habit and entry steps of the shared writes (`StoreStatements`).
extension SQLiteStore {
    /// The owner's habits as `HabitRoom` counts them; the caller holds the
    /// write transaction.
    package static func room(_ connection: SQLiteConnection, owner: Int64) throws(StoreError)
        -> HabitRoom
    {
        let total = try connection.firstRow(HabitSQL.countAll, [.integer(owner)]) { row in
            row.int64(0)
        }
        let active = try connection.rows(HabitSQL.activeNames, [.integer(owner)]) { row in
            HabitRoom.ActiveHabit(id: row.int64(0), name: row.text(1))
        }
        return HabitRoom(total: Int(total ?? 0), active: active)
    }

    /// The day's entry with its version, or `nil`.
    package static func storedEntry(
        _ connection: SQLiteConnection, habitID: Int64, date: LocalDate
    ) throws(StoreError) -> Versioned<ProgressEntry>? {
        try connection.firstRow(HabitSQL.selectEntry, [.integer(habitID), .text(date.description)])
        {
            row throws(StoreError) in
            Versioned(try HabitSQL.entry(row, from: 0), version: row.int64(4))
        }
    }
}
