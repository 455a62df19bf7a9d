import Foundation
import HabitCore
import HabitStorage
import HabitStore
import TestSupport
import Testing

@testable import HabitsCLI

/// Local mode reads its habits once: the opening check's read serves the
/// command's reads until the store writes, then every read is fresh.
@Suite struct OpeningReadTests {
    let directory: TemporaryDirectory
    let paths: CLIPaths
    let clock = WallClock.fixed(
        Date(timeIntervalSince1970: 1_780_000_000), timeZone: TimeZone(identifier: "UTC")!)

    init() throws {
        directory = try TemporaryDirectory()
        let variables = [
            "HOME": directory.appending("home"), "XDG_DATA_HOME": directory.appending("data"),
            "XDG_CONFIG_HOME": directory.appending("config"),
            "XDG_CACHE_HOME": directory.appending("cache"),
        ]
        paths = try CLIPaths { variables[$0] }
    }

    private func fields(_ name: String) -> HabitFields {
        HabitFields(
            name: name, frequency: .daily, measurementType: "times",
            startDate: LocalDate("2026-01-05")!, actionDays: .everyDay, targetValue: 1)
    }

    @Test func readsBeforeAWriteComeFromTheOpeningReadAndAfterItFromTheStore() async throws {
        let first = try LocalBackend.open(paths: paths, clock: clock)
        let read = try await first.createHabit(fields("Read"))
        first.store.close()

        let backend = try LocalBackend.open(paths: paths, clock: clock)
        defer { backend.store.close() }
        // Another process renames the habit after this one's check.
        let other = try SQLiteStore(path: paths.databasePath, readerCount: 0, role: .client)
        _ = try other.updateHabit(
            id: read.id, owner: backend.owner, fields: fields("Read more"), status: .active,
            now: clock.now())
        other.close()

        // Before this command writes: what the check read.
        #expect(try await backend.habits(status: .all).map(\.name) == ["Read"])
        #expect(try await backend.habit(id: read.id).name == "Read")
        let overview = try await backend.overview(status: .active, on: clock.today)
        #expect(overview.items.map(\.habit.name) == ["Read"])

        // After its own write, the store: its change and the other's.
        _ = try await backend.createHabit(fields("Walk"))
        #expect(try await backend.habits(status: .all).map(\.name) == ["Read more", "Walk"])
        #expect(try await backend.habit(id: read.id).name == "Read more")
        let after = try await backend.overview(status: .active, on: clock.today)
        #expect(after.items.map(\.habit.name) == ["Read more", "Walk"])
    }

    @Test func anArchivedHabitIsFilteredAsTheStoreFiltersIt() async throws {
        let first = try LocalBackend.open(paths: paths, clock: clock)
        let kept = try await first.createHabit(fields("Read"))
        let archived = try await first.createHabit(fields("Walk"))
        var changes = HabitChanges()
        changes.status = .archived
        _ = try await first.updateHabit(id: archived.id, changes: changes)
        first.store.close()

        let backend = try LocalBackend.open(paths: paths, clock: clock)
        defer { backend.store.close() }
        #expect(try await backend.habits(status: .active).map(\.id) == [kept.id])
        #expect(try await backend.habits(status: .archived).map(\.id) == [archived.id])
        #expect(try await backend.habits(status: .all).map(\.id) == [kept.id, archived.id])
        let overview = try await backend.overview(status: .archived, on: clock.today)
        #expect(overview.items.map(\.habit.id) == [archived.id])
    }
}
