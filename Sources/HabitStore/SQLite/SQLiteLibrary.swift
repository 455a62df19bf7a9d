import CSQLite

/// The settings of the SQLite library itself, made once per process before
/// the first connection opens (`sqlite3_config` works only before SQLite
/// initializes).
enum SQLiteLibrary {
    /// Memory statistics off: each allocation and free then skips a global
    /// mutex and the counting (about 3% of a local command's instructions,
    /// callgrind); habits reads no SQLite memory figures.
    static let configured: Void = {
        _ = habits_sqlite3_disable_memory_statistics()
    }()
}
