import HabitStorage

/// Why a SQLite backup or restore did not happen; the command line words it.
package enum SQLiteBackupError: Error, Sendable, Equatable {
    /// The backup file to write already exists (it is never overwritten).
    case destinationExists(path: String)
    /// The file is not a habits database (or not SQLite at all).
    case notAHabitsDatabase(path: String)
    /// SQLite's check found the file damaged.
    case damaged(path: String)
    /// A newer habits wrote the backup; this build cannot read it.
    case newerSchema(found: Int, supported: Int)
    /// A server has the database to restore into open (`SQLiteServerLock`).
    case databaseInUse(path: String)
    /// The database to restore into holds data already.
    case targetNotEmpty(path: String, accounts: Int)
    /// The store failed: a file cannot be opened or written, say.
    case store(StoreError)
}
