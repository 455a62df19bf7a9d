import Foundation
import HabitCore
import HabitStorage
import HabitStore

/// Reads a Loop Habit Tracker backup (`.db`, SQLite) of schema versions 12
/// through 25 (`PRAGMA user_version`).
///
/// `Habits(id, name, description, freq_num, freq_den, archived, position,
/// type?, target_type?, target_value?, unit?, …)`; versions without `type`
/// (before 16) hold only yes/no habits. `freq_num`/`freq_den` is Loop's
/// rolling frequency (its picker writes "X times per month" as X/30);
/// `type` 1 is a numeric habit, whose `target_type` is Loop's
/// `NumericalHabitType` (0 at least, 1 at most) and `target_value` its
/// target per `freq_den` days. `Repetitions(habit, timestamp,
/// value?, notes?)`: `timestamp` is epoch milliseconds at UTC midnight;
/// yes/no values are −1 unknown, 0 no, 1 yes filled in automatically, 2 yes,
/// 3 skip; numeric habits store the value × 1000. Before version 16 there is
/// no `value`: a row means the day was done (Loop's migration 16 gives those
/// rows 2). Columns are looked up by name, ignoring case as SQLite does (the
/// databases Loop's first versions made spell the key `Id`), so the versions'
/// other differences do not matter.
enum LoopDatabaseReader {
    static let supportedVersions = 12...25

    /// Reads only real tables (`CREATE TABLE`), so no view or virtual table
    /// of the file's own runs; `file`'s limits stop a query that runs too
    /// long or makes too long a value.
    static func read(_ file: SQLiteReadOnlyFile, name: String, limits: ImportLimits)
        throws(ImportSourceError) -> SourceDocument
    {
        func sql<T>(_ body: () throws(StoreError) -> T) throws(ImportSourceError) -> T {
            do {
                return try body()
            } catch {
                switch SQLiteReadOnlyFile.limitReached(error) {
                case .statementTime: throw .slowDatabase(path: name, limit: limits.queryTime)
                case .valueBytes: throw .longDatabaseValue(path: name, limit: limits.valueBytes)
                case nil: throw .format(.unreadableLoopBackup(path: name, error))
                }
            }
        }
        let version = try sql { () throws(StoreError) in try file.userVersion() }
        guard supportedVersions.contains(version) else {
            throw .format(
                .loopSchemaVersion(path: name, version: version, supported: supportedVersions))
        }
        let tables = Set(
            try sql { () throws(StoreError) in try file.tableNames() }.map { $0.lowercased() })
        // SQLite compares column names without case; so does this.
        func columns(_ table: String) throws(ImportSourceError) -> Set<String> {
            guard tables.contains(table.lowercased()) else { return [] }
            return Set(
                try sql { () throws(StoreError) in try file.columns(of: table) }.map {
                    $0.lowercased()
                })
        }
        let habitColumns = try columns("Habits")
        let repetitionColumns = try columns("Repetitions")
        let required: Set = ["id", "name", "freq_num", "freq_den"]
        guard required.isSubset(of: habitColumns),
            ["habit", "timestamp"].allSatisfy(repetitionColumns.contains)
        else {
            throw .format(.notLoopBackup(path: name))
        }
        func column(_ name: String, or fallback: String) -> String {
            habitColumns.contains(name) ? name : fallback
        }
        let habitSQL = """
            SELECT id, name, freq_num, freq_den, \(column("archived", or: "0")),
                \(column("description", or: "''")), \(column("type", or: "0")),
                \(column("target_type", or: "0")), \(column("target_value", or: "0")),
                \(column("unit", or: "''"))
            FROM Habits ORDER BY \(column("position", or: "id")), id
            """
        let habitRows = try sql { () throws(StoreError) in try file.rows(habitSQL) }
        var habits: [SourceHabit] = []
        var indexByID: [Int64: Int] = [:]
        var skipped: [String] = []
        for row in habitRows {
            guard let id = row[0].integer, let numerator = row[2].integer,
                let denominator = row[3].integer
            else {
                skipped.append("Habits row '\(row[1].text ?? "")': unreadable id or frequency.")
                continue
            }
            let name = row[1].text ?? ""
            guard numerator > 0, denominator > 0, numerator <= 100_000, denominator <= 100_000
            else {
                skipped.append(
                    "habit '\(name)': frequency \(numerator)/\(denominator) is not a frequency."
                )
                continue
            }
            var habit = SourceHabit(
                name: name, schedule: .times(Int(numerator), perDays: Int(denominator)),
                windowOfAMonth: true, archived: (row[4].integer ?? 0) != 0)
            habit.description = row[5].text ?? ""
            if row[6].integer == 1 {
                let target: Decimal? =
                    switch row[8] {
                    case .real(let value): Decimal(string: String(value))
                    case let other: other.integer.map { Decimal($0) }
                    }
                habit.amounts = SourceHabit.Amounts(
                    unit: row[9].text ?? "", target: target, atMost: row[7].integer == 1)
            }
            indexByID[id] = habits.count
            habits.append(habit)
        }
        let notes = repetitionColumns.contains("notes") ? "notes" : "NULL"
        // Before version 16 a row is a day done: Loop's yes, 2.
        let value = repetitionColumns.contains("value") ? "value" : "2"
        let repetitionSQL = """
            SELECT habit, timestamp, \(value), \(notes) FROM Repetitions
            ORDER BY habit, timestamp
            """
        let repetitions = try sql { () throws(StoreError) in try file.rows(repetitionSQL) }
        var unreadable = 0
        for row in repetitions {
            guard let habitID = row[0].integer, let index = indexByID[habitID] else { continue }
            guard let timestamp = row[1].integer, let value = row[2].integer,
                let date = loopDate(milliseconds: timestamp)
            else {
                unreadable += 1
                continue
            }
            let note = row[3].text.flatMap { $0.isEmpty ? nil : $0 }
            let mark: SourceEntry.Mark
            if habits[index].amounts != nil {
                mark = value > 0 ? .amount(Decimal(value) / 1000) : .none
            } else {
                mark = yesNoMark(value)
            }
            habits[index].entries.append(SourceEntry(date: date, mark: mark, note: note))
        }
        if unreadable > 0 {
            skipped.append("Repetitions: \(unreadable) rows with an unreadable date or value.")
        }
        return SourceDocument(habits: habits, skipped: skipped)
    }

    /// Loop's yes/no values: 2 yes, 3 skip, anything else no entry.
    static func yesNoMark(_ value: Int64) -> SourceEntry.Mark {
        switch value {
        case 2: return .done
        case 3: return .skipped
        default: return .none
        }
    }

    /// The UTC date of a Loop timestamp (epoch milliseconds at UTC midnight).
    static func loopDate(milliseconds: Int64) -> LocalDate? {
        let days = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let day = days.remainder < 0 ? days.quotient - 1 : days.quotient
        guard abs(day) < 3_000_000 else { return nil }
        // LocalDate's day number counts from 1970-01-01, as Unix time does.
        let date = LocalDate(dayNumber: Int(day))
        return (1...9999).contains(date.year) ? date : nil
    }
}
