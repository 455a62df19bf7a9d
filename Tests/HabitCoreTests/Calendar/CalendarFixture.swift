import Foundation
import HabitCore
import Testing

/// Histories for calendar tests, at fixed dates.
enum CalendarFixture {
    typealias F = HistoryFixture

    /// DAILY, Mon/Wed/Fri/Sat, target 2 km, started Wednesday 2026-10-07, today
    /// Friday 2026-11-13: every kind of mark appears in October–November 2026.
    static let daily: HabitHistory = {
        let habit = Habit(
            id: 1, name: "Run", frequency: .daily, measurementType: "km",
            startDate: F.day("2026-10-07"),
            actionDays: ActionDays([.monday, .wednesday, .friday, .saturday]),
            targetValue: F.amount("2"))
        var entries = [
            F.done("2026-10-05", "3"),  // before the start: logged
            F.done("2026-10-07", "2"), F.done("2026-10-09", "2.5"), F.skipped("2026-10-10"),
            F.done("2026-10-12", "1"), F.done("2026-10-13", "4"),  // Tue: a rest day, logged
            F.done("2026-10-14", "2"), F.done("2026-10-16", "2"), F.done("2026-10-17", "2"),
            F.skipped("2026-10-19"), F.done("2026-10-21", "2"), F.done("2026-10-23", "3"),
            F.done("2026-10-28", "2"), F.done("2026-10-30", "2"), F.done("2026-10-31", "2"),
            F.done("2026-11-02", "2"), F.done("2026-11-04", "0.5"), F.done("2026-11-06", "2"),
            F.skipped("2026-11-07"), F.done("2026-11-09", "2"), F.done("2026-11-11", "2"),
            F.done("2026-11-12", "1"),  // Thu: a rest day, logged
            F.skipped("2026-11-21"),  // a future day marked skipped ahead
        ]
        entries.append(F.done("2026-11-13", "0.5"))  // today, not yet reached
        return HabitHistory(habit: habit, entries: entries)
    }()

    /// WEEKLY, Tue/Thu, target 0.8 km, started Wednesday 2026-11-04, today
    /// Wednesday 2026-11-25.
    static let weekly = HabitHistory(
        habit: Habit(
            id: 2, name: "Swim", frequency: .weekly, measurementType: "km",
            startDate: F.day("2026-11-04"), actionDays: ActionDays([.tuesday, .thursday]),
            targetValue: F.amount("0.8")),
        entries: [
            F.done("2026-11-05", "0.7"), F.done("2026-11-07", "0.1"), F.done("2026-11-10", "0.3"),
            F.skipped("2026-11-17"), F.skipped("2026-11-19"), F.done("2026-11-24", "0.5"),
        ])

    static let dailyToday = F.day("2026-11-13")
    static let weeklyToday = F.day("2026-11-25")

    static func months(
        _ history: HabitHistory, from year: Int, _ month: Int, count: Int, today: LocalDate
    ) -> [MonthGrid] {
        MonthGrid.months(
            startingAt: year, month: month, count: count, history: history, today: today)
    }

    /// `text` without ANSI SGR sequences.
    static func strippingColor(_ text: String) -> String {
        var result = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
