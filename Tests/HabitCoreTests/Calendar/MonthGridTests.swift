import Foundation
import HabitCore
import Testing

@Suite struct MonthGridTests {
    typealias F = HistoryFixture
    private let history = CalendarFixture.daily
    private let today = CalendarFixture.dailyToday

    private func november() throws -> MonthGrid {
        try #require(MonthGrid(year: 2026, month: 11, history: history, today: today))
    }

    private func day(_ grid: MonthGrid, _ number: Int) throws -> MonthGrid.Day {
        try #require(grid.days.first { $0.date.day == number })
    }

    @Test func weeksStartOnMondayWithPadding() throws {
        let grid = try november()
        #expect(grid.title == "November 2026")
        #expect(grid.monthName == "November")
        // 1 November 2026 is a Sunday; the 30th a Monday.
        #expect(grid.weeks.count == 6)
        #expect(grid.weeks.allSatisfy { $0.count == 7 })
        #expect(grid.weeks[0].prefix(6).allSatisfy { $0 == nil })
        #expect(grid.weeks[0][6]?.date == F.day("2026-11-01"))
        #expect(grid.weeks[5][0]?.date == F.day("2026-11-30"))
        #expect(grid.weeks[5].dropFirst().allSatisfy { $0 == nil })
        #expect(grid.days.map(\.date.day) == Array(1...30))
    }

    @Test func februaryStartingOnMondayHasFourWeeks() throws {
        let grid = try #require(MonthGrid(year: 2027, month: 2, history: history, today: today))
        #expect(grid.weeks.count == 4)
        #expect(grid.weeks.allSatisfy { $0.allSatisfy { $0 != nil } })
        let leap = try #require(MonthGrid(year: 2028, month: 2, history: history, today: today))
        #expect(leap.days.count == 29)
    }

    @Test(arguments: [
        (1, PeriodState.rest, false), (2, .success, true), (3, .rest, false), (4, .failed, true),
        (6, .success, true), (7, .skipped, true), (11, .success, true), (12, .rest, true),
        (13, .pending, true), (14, .future, false), (21, .skipped, true), (30, .future, false),
    ])
    func eachDayCarriesStateAndEntry(_ number: Int, _ state: PeriodState, _ hasEntry: Bool) throws {
        let day = try day(november(), number)
        #expect(day.state == state)
        #expect(day.hasEntry == hasEntry)
        #expect(day.isToday == (number == 13))
    }

    @Test func beforeStartAndLoggedDaysInOctober() throws {
        let grid = try #require(MonthGrid(year: 2026, month: 10, history: history, today: today))
        #expect(try day(grid, 5).state == .beforeStart)
        #expect(try day(grid, 5).hasEntry)
        #expect(try day(grid, 12).state == .failed)
        #expect(try day(grid, 24).state == .failed)
        #expect(try day(grid, 13).state == .rest)
        #expect(grid.today == nil)
        #expect(try november().today?.date == today)
    }

    @Test func monthSequencesRunIntoTheNextYear() {
        let months = MonthGrid.months(
            startingAt: 2026, month: 11, count: 3, history: history, today: today)
        #expect(months.map(\.title) == ["November 2026", "December 2026", "January 2027"])
        #expect(MonthGrid.year(2026, history: history, today: today).map(\.month) == Array(1...12))
        #expect(
            MonthGrid.months(startingAt: 2026, month: 11, count: 0, history: history, today: today)
                .isEmpty)
        #expect(
            MonthGrid.months(startingAt: 2026, month: 13, count: 2, history: history, today: today)
                .isEmpty)
        #expect(
            MonthGrid.months(startingAt: 9999, month: 12, count: 3, history: history, today: today)
                .count == 1)
    }

    @Test(arguments: [(2026, 0), (2026, 13), (0, 1), (10_000, 1)])
    func noGridForAMonthThatDoesNotExist(_ year: Int, _ month: Int) {
        #expect(MonthGrid(year: year, month: month, history: history, today: today) == nil)
    }

    @Test func containingADate() {
        let grid = MonthGrid(containing: F.day("2026-11-13"), history: history, today: today)
        #expect(grid.year == 2026 && grid.month == 11)
    }
}
