import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitsCLI

/// What the saved habit list lacks is worded once, whether the server was
/// asked first (`RemoteBackend`) or not at all (`habits prompt`).
@Suite struct ServerModeReaderTests {
    static let server = "https://habits.example/api/"
    static let monday = LocalDate(year: 2026, month: 11, day: 30)!

    static func reader(in directory: TemporaryDirectory, savedFor date: LocalDate?)
        -> ServerModeReader
    {
        let cache = HabitListCache(path: directory.appending("list.json"))
        if let date {
            cache.save(
                HabitListCache.Snapshot(
                    server: server, fetchedAt: Date(timeIntervalSince1970: 0), date: date,
                    today: date, status: "active", items: []))
        }
        return ServerModeReader(server: server, cache: cache)
    }

    @Test func anotherWeeksListIsWordedTheSameWithOrWithoutTheServersFailure() throws {
        let directory = try TemporaryDirectory()
        let reader = Self.reader(in: directory, savedFor: Self.monday.adding(days: -7))
        let gap = "The saved habit list holds the week of 2026-11-23, not 2026-11-30."
        #expect(
            throws: CommandError(
                .failure, gap, hint: "Run 'habits list' while the server can be reached.")
        ) {
            try reader.cached(status: .active, on: Self.monday, today: Self.monday, failure: nil)
        }
        let unreachable = CommandError(.unavailable, "Cannot reach the server.")
        do {
            _ = try reader.cached(
                status: .active, on: Self.monday, today: Self.monday, failure: unreachable)
            Issue.record("answered from another week")
        } catch {
            #expect(error.message == "Cannot reach the server. " + gap)
            #expect(error.exitCode == .unavailable)
        }
    }

    @Test func theSameWeeksListAnswers() throws {
        let directory = try TemporaryDirectory()
        let reader = Self.reader(in: directory, savedFor: Self.monday)
        let overview = try reader.cached(
            status: .active, on: Self.monday.adding(days: 2), today: Self.monday, failure: nil)
        #expect(overview.items.isEmpty)
    }

    /// A monthly habit's cached entries are its month's: a day of the same
    /// week in the next month is not answered from them, and a day of the
    /// same month is, with the month's whole value.
    @Test func aMonthlyHabitIsAnsweredOnlyForTheMonthItsEntriesHold() throws {
        let directory = try TemporaryDirectory()
        let cache = HabitListCache(path: directory.appending("list.json"))
        let tuesday = Self.monday.adding(days: 1)  // 2026-12-01: the week's second month
        let rent = Habit(
            id: 1, name: "Rent", frequency: .monthly, measurementType: "times",
            startDate: LocalDate(year: 2026, month: 1, day: 1)!, actionDays: .everyDay,
            targetValue: 2)
        let early = ProgressEntry(date: LocalDate(year: 2026, month: 11, day: 2)!, value: 1)
        let completion = OverviewWindow(date: Self.monday, today: Self.monday)
            .completion(of: rent, entries: [early])
        cache.save(
            HabitListCache.Snapshot(
                server: Self.server, fetchedAt: Date(timeIntervalSince1970: 0), date: Self.monday,
                today: Self.monday, status: "active",
                items: [.init(habit: rent, completion: completion, weekEntries: [early])]))
        let reader = ServerModeReader(server: Self.server, cache: cache)
        let sameMonth = try reader.cached(
            status: .active, on: Self.monday, today: Self.monday, failure: nil)
        #expect(sameMonth.items.first?.completion.current == 1)
        #expect(
            throws: CommandError(
                .failure,
                "The saved habit list holds the period of Rent that has 2026-11-30, "
                    + "not the one that has 2026-12-01.",
                hint: "Run 'habits list' while the server can be reached.")
        ) {
            try reader.cached(status: .active, on: tuesday, today: tuesday, failure: nil)
        }
    }

    @Test func noSavedListIsSaidOrTheServersFailureKept() throws {
        let directory = try TemporaryDirectory()
        let reader = Self.reader(in: directory, savedFor: nil)
        let unreachable = CommandError(.unavailable, "Cannot reach the server.")
        #expect(throws: unreachable) {
            try reader.cached(
                status: .active, on: Self.monday, today: Self.monday, failure: unreachable)
        }
        do {
            _ = try reader.cached(
                status: .active, on: Self.monday, today: Self.monday, failure: nil)
            Issue.record("answered without a saved list")
        } catch {
            #expect(error.message.hasPrefix("No habit list from \(Self.server)"))
        }
    }
}
