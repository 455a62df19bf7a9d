import CSQLite
import Testing

@testable import HabitStore

/// The library settings (`SQLiteLibrary`) hold in this process: opening a
/// store applies them first.
@Suite struct SQLiteLibraryTests {
    @Test func memoryStatisticsAreOff() throws {
        let store = try SQLiteStore(path: SQLiteStore.inMemoryPath)
        defer { store.close() }
        _ = try store.makeUser("a@example.com")
        // Counted only while statistics are on; the store has allocated.
        #expect(sqlite3_memory_highwater(0) == 0)
        #expect(sqlite3_memory_used() == 0)
    }
}
