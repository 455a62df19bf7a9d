import Foundation
import HabitCore
import Testing

/// Golden text at fixed dates (Tests/HabitCoreTests/Snapshots).
@Suite struct CalendarSnapshotTests {
    typealias C = CalendarFixture

    private func renderer(_ symbols: CalendarSymbols, color: Bool = false) -> CalendarRenderer {
        CalendarRenderer(style: CalendarStyle(symbols: symbols, useColor: color))
    }

    private var november: [MonthGrid] {
        C.months(C.daily, from: 2026, 11, count: 1, today: C.dailyToday)
    }

    private var autumn: [MonthGrid] {
        C.months(C.daily, from: 2026, 10, count: 3, today: C.dailyToday)
    }

    @Test func oneMonthASCII() {
        Snapshot.expect(renderer(.ascii).render(november, width: 80), named: "month-ascii")
    }

    @Test func oneMonthUnicode() {
        Snapshot.expect(renderer(.unicode).render(november, width: 80), named: "month-unicode")
    }

    @Test func oneMonthInColour() {
        Snapshot.expect(
            renderer(.unicode, color: true).render(november, width: 80), named: "month-color")
    }

    @Test func threeMonthsSideBySide() {
        Snapshot.expect(renderer(.unicode).render(autumn, width: 80), named: "three-months")
    }

    @Test func threeMonthsStackedWhenNarrow() {
        Snapshot.expect(renderer(.ascii).render(autumn, width: 40), named: "three-months-narrow")
    }

    @Test func yearView() {
        Snapshot.expect(
            renderer(.ascii).renderYear(2026, history: C.daily, today: C.dailyToday, width: 80),
            named: "year")
    }

    @Test func yearViewTwoAcross() {
        Snapshot.expect(
            renderer(.unicode).renderYear(2026, history: C.daily, today: C.dailyToday, width: 50),
            named: "year-two-across")
    }

    @Test func weeklyHabit() {
        Snapshot.expect(
            renderer(.unicode).render(
                C.months(C.weekly, from: 2026, 11, count: 2, today: C.weeklyToday), width: 80),
            named: "weekly")
    }
}
