import CSQLite
import HabitStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One SQLite connection with its cache of prepared statements.
///
/// Not thread-safe on its own (it is opened with `SQLITE_OPEN_NOMUTEX`): the
/// store keeps each connection behind a lock so one thread at a time uses it.
/// SQL passed here is always a constant of this module; values travel only as
/// bound parameters.
package final class SQLiteConnection {
    /// How a transaction takes its locks.
    enum TransactionKind {
        /// Takes the write lock at once, so a check and the write that depends
        /// on it cannot interleave with another writer (another process too).
        case immediate
        /// Takes locks when first needed: a consistent snapshot for reads.
        case deferred
    }

    private var database: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]
    /// The statements used last, looked through before `statements`: the
    /// dictionary hashes the whole SQL text on every use (about 1,900
    /// instructions for a statement of a few hundred characters, 7,600 of a
    /// day's PUT, callgrind), while `==` on the same constant is a compare
    /// of two words and on another stops at its first differing byte.
    private var recent: [(sql: String, statement: SQLiteStatement)] = []
    private var nextRecent = 0
    private static let recentCount = 8

    /// Opens (and with `create`, creates) the database file at `path`.
    init(path: String, create: Bool) throws(StoreError) {
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        if create { flags |= SQLITE_OPEN_CREATE }
        var handle: OpaquePointer?
        SQLiteLibrary.configured
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = Self.error(code, handle)
            sqlite3_close_v2(handle)
            throw error
        }
        database = handle
    }

    deinit {
        close()
    }

    /// Finalizes every statement and closes the connection; later calls fail
    /// with `SQLITE_MISUSE`. Calling it again does nothing.
    func close() {
        for statement in statements.values { statement.finalize() }
        statements = [:]
        recent = []
        if let database { sqlite3_close_v2(database) }
        database = nil
    }

    /// Waits up to `milliseconds` for another connection's lock instead of
    /// failing at once with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) throws(StoreError) {
        let handle = try open()
        let code = sqlite3_busy_timeout(handle, milliseconds)
        guard code == SQLITE_OK else { throw Self.error(code, handle) }
    }

    /// Runs constant SQL that may hold several statements (schema scripts, pragmas).
    func execute(_ sql: String) throws(StoreError) {
        let handle = try open()
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw Self.error(code, handle) }
    }

    /// Every row of `sql` with `bindings`, each turned into a value by `read`.
    func rows<Row>(
        _ sql: String, _ bindings: [SQLiteValue] = [],
        _ read: (SQLiteRow) throws(StoreError) -> Row
    ) throws(StoreError) -> [Row] {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        var result: [Row] = []
        while try statement.step() {
            result.append(try read(SQLiteRow(statement: statement.handle)))
        }
        return result
    }

    /// Calls `body` with every row of `sql` with `bindings`, in order, for
    /// callers that fold rows into their own result rather than a list.
    func forEachRow(
        _ sql: String, _ bindings: [SQLiteValue] = [],
        _ body: (SQLiteRow) throws(StoreError) -> Void
    ) throws(StoreError) {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        while try statement.step() {
            try body(SQLiteRow(statement: statement.handle))
        }
    }

    /// The first row of `sql` read by `read`, or `nil` when there is none.
    func firstRow<Row>(
        _ sql: String, _ bindings: [SQLiteValue] = [],
        _ read: (SQLiteRow) throws(StoreError) -> Row
    ) throws(StoreError) -> Row? {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        guard try statement.step() else { return nil }
        return try read(SQLiteRow(statement: statement.handle))
    }

    /// The names of the columns `sql` answers, in order, read from the
    /// prepared statement, which is neither run nor kept.
    func columnNames(of sql: String) throws(StoreError) -> [String] {
        let handle = try open()
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard code == SQLITE_OK, let statement else { throw Self.error(code, handle) }
        return (0..<sqlite3_column_count(statement)).map { column in
            sqlite3_column_name(statement, column).map { String(cString: $0) } ?? ""
        }
    }

    /// Runs a statement that returns no rows; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(StoreError) -> Int {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(bindings)
        while try statement.step() {}
        return Int(sqlite3_changes(try open()))
    }

    /// The rowid of the last row this connection inserted.
    var lastInsertRowID: Int64 {
        database.map { sqlite3_last_insert_rowid($0) } ?? 0
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back
    /// when it throws (and the error rethrown).
    func transaction<Result>(
        _ kind: TransactionKind, _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        try run(kind == .immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body()
            // A write route's webhook event commits with its write.
            let pending = try ReminderSQL.queuePendingEvent(self, for: result)
            try run("COMMIT")
            pending?.committed()
            return result
        } catch {
            rollback()
            throw error
        }
    }

    /// Replaces `destination`'s whole database with this one's, page by page
    /// (SQLite's online backup), in one step: one read snapshot of this
    /// database, one write transaction on the destination.
    func copyContents(into destination: SQLiteConnection) throws(StoreError) {
        let source = try open()
        let target = try destination.open()
        guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
            throw Self.error(sqlite3_errcode(target), target)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            throw Self.error(stepped == SQLITE_DONE ? finished : stepped, target)
        }
    }

    private func rollback() {
        // SQLite rolls back by itself after some errors (SQLITE_FULL, …);
        // a second ROLLBACK would only fail.
        guard let database, sqlite3_get_autocommit(database) == 0 else { return }
        _ = try? run("ROLLBACK")
    }

    private func open() throws(StoreError) -> OpaquePointer {
        guard let database else {
            throw StoreError.sqlite(code: SQLITE_MISUSE, message: "the database is closed")
        }
        return database
    }

    private func prepared(_ sql: String) throws(StoreError) -> SQLiteStatement {
        for entry in recent where entry.sql == sql { return entry.statement }
        let statement: SQLiteStatement
        if let cached = statements[sql] {
            statement = cached
        } else {
            statement = try SQLiteStatement(sql: sql, database: try open())
            statements[sql] = statement
        }
        // Round robin: a statement pushed out comes back on its next use.
        if recent.count < Self.recentCount {
            recent.append((sql, statement))
        } else {
            recent[nextRecent] = (sql, statement)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
        return statement
    }

    /// The `StoreError` for result `code`, with SQLite's own message.
    ///
    /// An I/O error the operating system gave for lack of space (`ENOSPC`,
    /// `EDQUOT`: growing the shared-memory index, say) is `SQLITE_FULL`, as
    /// SQLite reports the same lack when it writes the database itself.
    static func error(_ code: Int32, _ database: OpaquePointer?) -> StoreError {
        if code & 0xFF == SQLITE_IOERR, let database {
            let cause = sqlite3_system_errno(database)
            if cause == ENOSPC || cause == EDQUOT {
                return .sqlite(code: SQLITE_FULL, message: String(cString: strerror(cause)))
            }
        }
        let message: String
        if let database, let text = sqlite3_errmsg(database) {
            message = String(cString: text)
        } else if let text = sqlite3_errstr(code) {
            message = String(cString: text)
        } else {
            message = "unknown error"
        }
        return .sqlite(code: code, message: message)
    }
}
