import CSQLite
import HabitStorage

/// One prepared statement of a connection, reused across calls.
///
/// Callers bind every parameter, step through the rows, then reset, which ends
/// the statement's read of the database so a reader never pins an old snapshot.
final class SQLiteStatement {
    let handle: OpaquePointer
    private let database: OpaquePointer
    private let parameterCount: Int32

    init(sql: String, database: OpaquePointer) throws(StoreError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(
            database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteConnection.error(code, database)
        }
        self.handle = statement
        self.database = database
        self.parameterCount = sqlite3_bind_parameter_count(statement)
    }

    /// Binds `values` to parameters 1, 2, … in order; every parameter must get one.
    func bind(_ values: [SQLiteValue]) throws(StoreError) {
        guard values.count == Int(parameterCount) else {
            throw StoreError.sqlite(
                code: SQLITE_MISUSE,
                message: "the statement takes \(parameterCount) values, \(values.count) were given"
            )
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number):
                code = sqlite3_bind_int64(handle, index, number)
            case .real(let number):
                code = sqlite3_bind_double(handle, index, number)
            case .null:
                code = sqlite3_bind_null(handle, index)
            case .text(let text):
                // SQLITE_TRANSIENT: SQLite copies the bytes, which live only
                // for this closure. The byte count keeps any NUL inside the text.
                let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
                code = text.withCString { pointer in
                    sqlite3_bind_text(handle, index, pointer, Int32(text.utf8.count), transient)
                }
            }
            guard code == SQLITE_OK else { throw SQLiteConnection.error(code, database) }
        }
    }

    /// Advances to the next row: `true` when there is one, `false` when done.
    func step() throws(StoreError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteConnection.error(code, database)
        }
    }

    /// Ends the current run; the next `bind` starts a fresh one.
    func reset() {
        sqlite3_reset(handle)
    }

    func finalize() {
        sqlite3_finalize(handle)
    }
}
