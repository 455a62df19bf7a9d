import Foundation
import HabitCore
import Testing

/// Histories for heatmap tests, at fixed dates.
enum HeatmapFixture {
    typealias F = HistoryFixture

    /// DAILY, Monday to Saturday, target 4 pages, started Wednesday
    /// 2026-03-04, today Friday 2026-11-13. Each planned day up to today gets
    /// a value from a fixed pattern (0 to 6 pages, or skipped), so every mark
    /// and every shade appears; a value before the start and on Sundays shows
    /// as logged, and Christmas Eve is skipped in advance.
    static let daily: HabitHistory = {
        let habit = Habit(
            id: 7, name: "Read", frequency: .daily, measurementType: "pages",
            startDate: F.day("2026-03-04"),
            actionDays: ActionDays([.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]),
            targetValue: F.amount("4"))
        var entries = [F.done("2026-02-20", "3"), F.skipped("2026-12-24")]
        var date = F.day("2026-03-04")
        while date <= today {
            // A fixed scramble of the day number, so the marks look irregular.
            let n = Int((UInt64(date.dayNumber) &* 0x9E37_79B9_7F4A_7C15) >> 40)
            switch n % 12 {
            case 0: entries.append(ProgressEntry(date: date, value: 0, skipped: true))
            case 1, 2: break  // nothing logged: missed
            case 3, 4, 5: entries.append(ProgressEntry(date: date, value: Decimal(n % 12 - 2)))
            default: entries.append(ProgressEntry(date: date, value: Decimal(4 + n % 3)))
            }
            date = date.adding(days: 1)
        }
        return HabitHistory(habit: habit, entries: entries)
    }()

    static let today = F.day("2026-11-13")
}
