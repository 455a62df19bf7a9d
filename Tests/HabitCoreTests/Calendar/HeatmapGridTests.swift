import Foundation
import HabitCore
import Testing

@Suite struct HeatmapGridTests {
    typealias F = HistoryFixture
    typealias C = CalendarFixture

    private func empty(start: String = "2000-01-03") -> HabitHistory {
        F.history(F.habit(.daily, start: start), [])
    }

    private func year(_ year: Int, _ history: HabitHistory, today: String = "2030-01-01") throws
        -> HeatmapGrid
    {
        try #require(HeatmapGrid.year(year, history: history, today: F.day(today)))
    }

    @Test func theFirstAndLastWeeksArePartial() throws {
        // 2026-01-01 is a Thursday; 2026-12-31 a Thursday too.
        let grid = try year(2026, empty())
        #expect(grid.weeks.count == 53)
        #expect(grid.weeks.allSatisfy { $0.count == 7 })
        #expect(grid.weeks[0][0...2].allSatisfy { $0 == nil })
        #expect(grid.weeks[0][3]?.date == F.day("2026-01-01"))
        #expect(grid.weeks[0][6]?.date == F.day("2026-01-04"))
        #expect(grid.weeks[1][0]?.date == F.day("2026-01-05"))
        #expect(grid.weeks[52][0]?.date == F.day("2026-12-28"))
        #expect(grid.weeks[52][3]?.date == F.day("2026-12-31"))
        #expect(grid.weeks[52][4...6].allSatisfy { $0 == nil })
        #expect(grid.days.count == 365)
        #expect(grid.days.first?.date == grid.from && grid.days.last?.date == grid.to)
    }

    /// Every column is an ISO week, Monday first, so a year whose ISO calendar
    /// has 53 weeks (2020, 2026) ends with its week 53, and the next year
    /// begins with it.
    @Test(arguments: [2020, 2026])
    func yearsWithAnISOWeek53(_ year: Int) throws {
        let grid = try self.year(year, empty())
        let mondays = grid.weeks.map { week in
            week.compactMap { $0 }.first.map { $0.date.startOfISOWeek }
        }
        for (index, monday) in mondays.enumerated() {
            #expect(monday?.weekday == .monday)
            if index > 0, let monday, let previous = mondays[index - 1] {
                #expect(previous.days(to: monday) == 7)
            }
        }
        #expect(mondays.last??.isoWeek == ISOWeek(year: year, week: 53))
        let next = try self.year(year + 1, empty())
        #expect(
            next.weeks[0].compactMap { $0 }.first?.date.isoWeek == ISOWeek(year: year, week: 53))
    }

    /// 53 columns for every year but a leap year that begins on a Sunday
    /// (2012: one Sunday, 52 whole weeks, then Monday 31 December).
    @Test(arguments: [(2021, 53), (2023, 53), (2024, 53), (2020, 53), (2012, 54), (2040, 54)])
    func columnCounts(_ year: Int, _ columns: Int) throws {
        #expect(try self.year(year, empty()).weeks.count == columns)
    }

    @Test func leapYearsHaveTheTwentyNinthOfFebruary() throws {
        let leap = try year(2024, empty())
        #expect(leap.days.count == 366)
        #expect(leap.days.contains { $0.date == F.day("2024-02-29") })
        #expect(try year(2023, empty()).days.count == 365)
    }

    @Test(arguments: [
        ("2026-12-01", "2025-12-02"), ("2028-02-29", "2027-03-01"), ("2025-02-28", "2024-02-29"),
        ("2026-01-01", "2025-01-02"), ("2024-12-31", "2024-01-01"),
    ])
    func twelveMonthsEndingOnADay(_ last: String, _ first: String) {
        #expect(HeatmapGrid.twelveMonthsStart(endingWith: F.day(last)) == F.day(first))
        let grid = HeatmapGrid.twelveMonths(
            endingWith: F.day(last), history: empty(), today: F.day(last))
        #expect(grid.from == F.day(first) && grid.to == F.day(last))
        #expect(grid.days.last?.isToday == true)
    }

    @Test func aRangeMustNotEndBeforeItBegins() {
        #expect(
            HeatmapGrid(
                from: F.day("2026-02-02"), to: F.day("2026-02-01"), history: empty(),
                today: F.day("2026-02-01")) == nil)
        #expect(HeatmapGrid.year(0, history: empty(), today: F.day("2026-02-01")) == nil)
    }

    @Test func monthsBeginInTheColumnOfTheirFirstDay() throws {
        let starts = try year(2026, empty()).monthStarts
        #expect(starts.map(\.month) == Array(1...12))
        // Days from Monday 2025-12-29 to the week of each 1st, ÷ 7.
        #expect(starts.map(\.column) == [0, 4, 8, 13, 17, 22, 26, 30, 35, 39, 43, 48])
    }

    @Test func daysCarryTheCalendarStateTheValueAndTheShare() throws {
        let grid = try year(2026, C.daily, today: "2026-11-13")
        let byDate = Dictionary(uniqueKeysWithValues: grid.days.map { ($0.date, $0) })
        let states = C.daily.calendarStates(
            from: grid.from, count: grid.days.count, today: C.dailyToday)
        #expect(grid.days.map(\.state) == states)
        // Before the start, logged: no share. Done with 2.5 of 2: a share of 1.25.
        #expect(byDate[F.day("2026-10-05")]?.state == .beforeStart)
        #expect(byDate[F.day("2026-10-05")]?.value == F.amount("3"))
        #expect(byDate[F.day("2026-10-05")]?.share == nil)
        #expect(byDate[F.day("2026-10-09")]?.share == 1.25)
        // Missed with 0.5 of 2; missed with nothing; skipped; today with 0.5.
        #expect(byDate[F.day("2026-11-04")]?.state == .failed)
        #expect(byDate[F.day("2026-11-04")]?.share == 0.25)
        #expect(byDate[F.day("2026-10-26")]?.share == 0)
        #expect(byDate[F.day("2026-10-26")]?.value == nil)
        #expect(byDate[F.day("2026-11-07")]?.share == nil)
        #expect(byDate[F.day("2026-11-13")]?.isToday == true)
        #expect(byDate[F.day("2026-11-13")]?.share == 0.25)
        #expect(grid.days.filter(\.isToday).count == 1)
    }

    /// A weekly habit's action days show their week's result, and its share
    /// is the week's sum ÷ target on each of them.
    @Test func weeklyActionDaysCarryTheirWeeksResult() throws {
        let grid = try year(2026, C.weekly, today: "2026-11-25")
        let byDate = Dictionary(uniqueKeysWithValues: grid.days.map { ($0.date, $0) })
        func day(_ text: String) -> HeatmapGrid.Day? { byDate[F.day(text)] }
        #expect(day("2026-11-03")?.state == .beforeStart)  // Tue before the start
        #expect(day("2026-11-05")?.state == .success)  // 0.7 + 0.1
        #expect(day("2026-11-05")?.share == 1)
        #expect(day("2026-11-07")?.state == .rest)  // Sat, logged
        #expect(day("2026-11-07")?.hasEntry == true)
        #expect(day("2026-11-10")?.state == .failed)
        #expect(day("2026-11-12")?.state == .failed)  // nothing logged that day, the week's result
        #expect(abs((day("2026-11-12")?.share ?? 0) - 0.375) < 1e-9)
        #expect(day("2026-11-17")?.state == .skipped)
        #expect(day("2026-11-24")?.state == .pending)
        #expect(day("2026-11-26")?.state == .pending)
        #expect(day("2026-11-25")?.state == .rest)
        #expect(day("2026-11-25")?.isToday == true)
        #expect(day("2026-12-01")?.state == .future)
    }
}
