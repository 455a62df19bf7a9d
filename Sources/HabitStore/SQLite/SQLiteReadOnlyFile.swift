import CSQLite
import Foundation
import HabitStorage

/// Any SQLite database file opened read-only, for reading another program's
/// data (a Loop Habit Tracker backup): `PRAGMA user_version`, a table's
/// columns, and the rows of a query as plain values.
///
/// Opened with `SQLITE_OPEN_READONLY`, `query_only` and as immutable
/// (`file:…?immutable=1`): nothing here changes the file or writes beside
/// it (no `-wal` or `-shm`, whatever its journal mode says), and it takes
/// no locks, so it is for files no program is writing. Each statement
/// stops past `Limits.statementTime` (a progress handler) and no text or
/// blob may pass `Limits.valueBytes` (`SQLITE_LIMIT_LENGTH`): a file built
/// to run forever (a recursive view) or to make huge values fails with
/// `SQLITE_INTERRUPT` or `SQLITE_TOOBIG` instead. Not for this package's
/// own database: that is `SQLiteStore`.
package final class SQLiteReadOnlyFile {
    /// How long one statement may run and how long a value may be.
    package struct Limits: Sendable {
        package var statementTime: Duration
        package var valueBytes: Int

        package init(statementTime: Duration, valueBytes: Int) {
            self.statementTime = statementTime
            self.valueBytes = valueBytes
        }
    }

    /// Which of `Limits` stopped a statement.
    package enum LimitReached: Sendable {
        case statementTime
        case valueBytes
    }

    /// The limit `error` (from this type) reports reaching, if it does.
    package static func limitReached(_ error: StoreError) -> LimitReached? {
        guard case .sqlite(let code, _) = error else { return nil }
        switch code & 0xFF {
        case SQLITE_INTERRUPT: return .statementTime
        case SQLITE_TOOBIG: return .valueBytes
        default: return nil
        }
    }

    /// When the running statement must stop; read by the progress handler
    /// on the thread stepping the statement, the only one using the file.
    private final class Deadline {
        let clock = ContinuousClock()
        var instant: ContinuousClock.Instant?
    }

    /// A column's value in a row.
    package enum Value: Hashable, Sendable {
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])
        case null

        /// The value as an integer: integers, whole reals and integer text.
        package var integer: Int64? {
            switch self {
            case .integer(let number): return number
            case .real(let number): return number.rounded() == number ? Int64(exactly: number) : nil
            case .text(let text): return Int64(text)
            case .blob, .null: return nil
            }
        }

        /// The value as text (numbers in their usual form); `nil` for NULL and blobs.
        package var text: String? {
            switch self {
            case .text(let text): return text
            case .integer(let number): return String(number)
            case .real(let number): return String(number)
            case .blob, .null: return nil
            }
        }
    }

    private var database: OpaquePointer?
    private let limits: Limits
    private let deadline = Deadline()

    /// Opens the file at `path` without creating or changing it. Throws
    /// `.cannotOpen` when it is missing or is not a SQLite database.
    package init(path: String, limits: Limits) throws(StoreError) {
        self.limits = limits
        var handle: OpaquePointer?
        SQLiteLibrary.configured
        let code = sqlite3_open_v2(
            Self.immutableURI(path), &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, reason: message ?? "it cannot be opened")
        }
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Int32(clamping: limits.valueBytes))
        sqlite3_progress_handler(
            handle, 10_000,
            { context in
                guard let context else { return 0 }
                let deadline = Unmanaged<Deadline>.fromOpaque(context).takeUnretainedValue()
                guard let instant = deadline.instant else { return 0 }
                // Non-zero interrupts the statement with SQLITE_INTERRUPT.
                return deadline.clock.now >= instant ? 1 : 0
            }, Unmanaged.passUnretained(deadline).toOpaque())
        database = handle
        do {
            // Reading the schema is the first touch of the file's content:
            // a file that is not a database fails here.
            _ = try rows("SELECT count(*) FROM sqlite_master")
            _ = try rows("PRAGMA query_only = ON")
        } catch {
            close()
            if case .sqlite(let code, let message) = error {
                throw .cannotOpen(
                    path: path,
                    reason: code & 0xFF == SQLITE_NOTADB
                        ? "the file is not a SQLite database" : message)
            }
            throw error
        }
    }

    deinit {
        close()
    }

    /// A `file:` URI for `path` made absolute, with `immutable=1`.
    private static func immutableURI(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        // ASCII letters and digits and the path's slashes stay; '?', '#' and '%' may not.
        let allowed = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-._~")
        let encoded = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
        return "file:" + encoded + "?immutable=1"
    }

    /// The names of the tables in the file: `CREATE TABLE`s only, not views
    /// or virtual tables, whose reading runs code the file chose.
    package func tableNames() throws(StoreError) -> [String] {
        try rows(
            "SELECT name FROM sqlite_master WHERE type = 'table' "
                + "AND coalesce(sql, '') NOT LIKE 'CREATE VIRTUAL%'"
        ).compactMap { $0.first?.text }
    }

    /// Closes the file; later queries fail.
    package func close() {
        if let database { sqlite3_close_v2(database) }
        database = nil
    }

    /// `PRAGMA user_version`: the schema version the writing program set.
    package func userVersion() throws(StoreError) -> Int {
        Int(try rows("PRAGMA user_version").first?.first?.integer ?? 0)
    }

    /// The column names of `table`, in order; empty when there is no such table.
    package func columns(of table: String) throws(StoreError) -> [String] {
        // Table names cannot be bound; this one is quoted as an identifier.
        let quoted = "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        return try rows("PRAGMA table_info(\(quoted))").compactMap {
            $0.count > 1 ? $0[1].text : nil
        }
    }

    /// Every row of `sql`, each an array of its columns' values.
    package func rows(_ sql: String) throws(StoreError) -> [[Value]] {
        guard let database else {
            throw .sqlite(code: SQLITE_MISUSE, message: "the database is closed")
        }
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteConnection.error(prepared, database)
        }
        defer { sqlite3_finalize(statement) }
        deadline.instant = deadline.clock.now + limits.statementTime
        defer { deadline.instant = nil }
        let count = sqlite3_column_count(statement)
        var result: [[Value]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw SQLiteConnection.error(code, database) }
            var row: [Value] = []
            row.reserveCapacity(Int(count))
            for column in 0..<count {
                row.append(Self.value(statement, column))
            }
            result.append(row)
        }
        return result
    }

    private static func value(_ statement: OpaquePointer, _ column: Int32) -> Value {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let bytes = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(
                String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let bytes = sqlite3_column_blob(statement, column), count > 0 else {
                return .blob([])
            }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
