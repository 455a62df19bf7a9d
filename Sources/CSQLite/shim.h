#include <sqlite3.h>

/// Turns SQLite's memory statistics off (`SQLITE_CONFIG_MEMSTATUS`), which
/// only take effect before SQLite initializes: with them on, every
/// allocation and free takes a global mutex to count bytes nobody reads.
/// `sqlite3_config` is variadic, which Swift cannot call.
static inline int habits_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
