import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `show --trend`'s drawing (`TrendRenderer`), on fixed histories as of a
/// fixed today, against golden text at 80 columns in UTF-8 and ASCII
/// (`SNAPSHOT_RECORD=1` re-records them).
@Suite struct TrendRendererTests {
    static let today = LocalDate("2026-03-11")!

    /// Running, 5 km on weekdays from Monday 2025-09-01: a repeating
    /// fortnight of runs (5, 6, 0, 5, 3, then 7, 5, 5, 0, 8), a skipped
    /// week at Christmas (22–26 December), nothing from 2 to 13 February.
    static func running() -> HabitHistory {
        let habit = Habit(
            id: 3, name: "Running", frequency: .daily, measurementType: "km",
            startDate: LocalDate("2025-09-01")!, actionDays: .weekdays, targetValue: 5)
        let pattern: [Decimal] = [5, 6, 0, 5, 3, 7, 5, 5, 0, 8]
        var entries: [ProgressEntry] = []
        var weekday = 0
        var day = habit.startDate
        while day <= today {
            defer { day = day.adding(days: 1) }
            guard habit.actionDays.contains(day.weekday) else { continue }
            defer { weekday += 1 }
            if day >= LocalDate("2025-12-22")! && day <= LocalDate("2025-12-26")! {
                entries.append(ProgressEntry(date: day, value: 0, skipped: true))
            } else if day < LocalDate("2026-02-02")! || day > LocalDate("2026-02-13")! {
                let value = pattern[weekday % pattern.count]
                if value > 0 { entries.append(ProgressEntry(date: day, value: value)) }
            }
        }
        // A Saturday run: logged, not planned.
        entries.append(ProgressEntry(date: LocalDate("2025-10-04")!, value: 4))
        entries.sort { $0.date < $1.date }
        return HabitHistory(habit: habit, entries: entries)
    }

    /// Swim, twice a week from Monday 2025-01-06, on days that go round a
    /// five-week cycle (two swims, two, one, two, none).
    static func swimming(name: String = "Swim") -> HabitHistory {
        let habit = Habit(
            id: 7, name: name, frequency: .weekly, measurementType: "times",
            startDate: LocalDate("2025-01-06")!, actionDays: .everyDay, targetValue: 2,
            color: "#1e90ff")
        var entries: [ProgressEntry] = []
        var monday = habit.startDate
        var week = 0
        while monday <= today {
            let swims = [[1, 4], [2, 5], [3], [0, 6], []][week % 5]
            for offset in swims where monday.adding(days: offset) <= today {
                entries.append(ProgressEntry(date: monday.adding(days: offset), value: 1))
            }
            monday = monday.adding(days: 7)
            week += 1
        }
        return HabitHistory(habit: habit, entries: entries)
    }

    static func renderer(
        _ history: HabitHistory, width: Int = 80, unicode: Bool, color: Bool = false
    ) -> TrendRenderer {
        let range = ShowCommand.trendRange(of: history.habit, on: today)
        let report = HistoryReport(
            history: history, from: range.lowerBound, to: range.upperBound, today: today)
        return TrendRenderer(
            report: report, habit: history.habit, width: width, unicode: unicode, color: color,
            strengthBy: TrendRenderer.Granularity.strength(of: history.habit))
    }

    @Test(arguments: [true, false])
    func dailyHabitAt80Columns(unicode: Bool) {
        let text = Self.renderer(Self.running(), unicode: unicode).render()
        Snapshot.expect(text, named: "trend-daily-\(unicode ? "unicode" : "ascii")-80")
        #expect(text.split(separator: "\n").allSatisfy { TextWidth.of(String($0)) <= 80 })
        #expect(!text.contains("\u{1B}"))
        let ascii = text.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(unicode || ascii)
    }

    @Test(arguments: [true, false])
    func weeklyHabitAt80Columns(unicode: Bool) {
        let text = Self.renderer(Self.swimming(), unicode: unicode).render()
        Snapshot.expect(text, named: "trend-weekly-\(unicode ? "unicode" : "ascii")-80")
        #expect(text.split(separator: "\n").allSatisfy { TextWidth.of(String($0)) <= 80 })
    }

    /// The strength is drawn per week for a daily habit (the year's 28
    /// weeks from its start), the totals per month; `--by` sets both.
    @Test func granularity() {
        let renderer = Self.renderer(Self.running(), unicode: true)
        #expect(renderer.strengthBy == .week)
        #expect(renderer.buckets(.week).count == 28)
        #expect(renderer.buckets(.month).count == 7)
        let monthly = Habit(
            id: 1, name: "Budget", frequency: .monthly, measurementType: "times",
            startDate: Self.today, actionDays: .everyDay, targetValue: 1)
        #expect(TrendRenderer.Granularity.strength(of: monthly) == .month)
        // Each week's point is the strength after its last day begun.
        let weeks = renderer.buckets(.week)
        let report = renderer.report
        let lastOfFirstWeek = report.periods.last { $0.start <= LocalDate("2025-09-07")! }
        #expect(weeks[0].strength == lastOfFirstWeek?.strength)
        #expect(weeks[0].start == LocalDate("2025-09-01")!)
    }

    /// Never wider than 80 columns on a wide terminal, nor than a narrow
    /// terminal's width: the sparkline then keeps the most recent weeks.
    @Test(arguments: [200, 50])
    func widthIsRespected(width: Int) {
        let text = Self.renderer(Self.swimming(), width: width, unicode: true).render()
        let widest = text.split(separator: "\n").map { TextWidth.of(String($0)) }.max() ?? 0
        #expect(widest <= min(width, 80))
        if width < 80 { #expect(text.contains("Strength per week: 69% now (the last 48 of 53)")) }
    }

    /// Colour only when asked (a terminal without NO_COLOR): the bars in
    /// the habit's colour, the name made safe for the terminal.
    @Test func colourAndAnUnsafeName() {
        let history = Self.swimming(name: "Swim\u{1B}]0;pwned\u{07}")
        let coloured = Self.renderer(history, unicode: true, color: true).render()
        #expect(coloured.contains("\u{1B}[38;5;"))
        #expect(!coloured.contains("pwned"))
        let plain = Self.renderer(history, unicode: true).render()
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.hasPrefix("#7 Swim\n"), "\(plain.prefix(40))")
    }

    /// A habit that starts after the day drawn has nothing to draw yet.
    @Test func nothingCountedYet() {
        let habit = Habit(
            id: 2, name: "Later", frequency: .daily, measurementType: "times",
            startDate: LocalDate("2026-04-01")!, actionDays: .everyDay, targetValue: 1)
        let text = Self.renderer(HabitHistory(habit: habit, entries: []), unicode: false).render()
        #expect(text.hasSuffix("\n\n  Nothing counted yet from 2026-03-11 to 2026-03-11.\n"))
    }
}
