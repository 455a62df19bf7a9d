// HabitCore as a library: define a habit, record progress, then ask for its
// statistics and draw its calendar, with no database and no server.
import Foundation
import HabitCore

// "Today" comes from an injected clock, never from Date() deep inside logic.
let clock = WallClock(timeZone: TimeZone(identifier: "Europe/Berlin") ?? .gmt, now: { Date() })
let today = clock.today
let start = today.adding(days: -20)

// Fields are validated together, and every problem is reported at once.
let fields: HabitFields
do {
    fields = try HabitFields(
        name: "  Drink water ", frequency: .daily, measurementType: "glasses", startDate: start,
        actionDays: .everyDay, targetValue: 8
    ).validated()
} catch {
    print("Invalid habit:\n\(error)")
    exit(1)
}
let habit = Habit(id: 1, fields: fields)

// Three weeks of entries: the target every day but every fifth, skipped on day 12.
var entries: [ProgressEntry] = []
for offset in 0..<20 {
    let date = start.adding(days: offset)
    if offset == 12 {
        entries.append(ProgressEntry(date: date, value: 0, skipped: true))
    } else {
        entries.append(ProgressEntry(date: date, value: offset % 5 == 4 ? 5 : 8))
    }
}

let history = HabitHistory(habit: habit, entries: entries)
let stats = history.stats(today: today)
let rate = stats.completionRate.map { "\(Int($0 * 100))%" } ?? "n/a"
print("\(habit.name): \(habit.targetValue) \(habit.measurementType) a day since \(habit.startDate)")
print("current streak \(stats.currentStreak), longest \(stats.longestStreak), completion \(rate)")
let completion = history.completion(on: today, today: today)
print(
    "today: \(completion.current)/\(completion.target), \(completion.remaining) to go (\(completion.state))"
)

// The month calendar, as `habits show` draws it.
let months = MonthGrid.months(
    startingAt: start.year, month: start.month, count: start.month == today.month ? 1 : 2,
    history: history, today: today)
print()
print(
    CalendarRenderer(style: CalendarStyle(symbols: .ascii)).render(months, width: 80),
    terminator: "")
