import Foundation
import HabitCore

// Times the work behind `habits` screens over a large, fixed history: stats
// for 15 habits, a 12-month calendar for each, and each one's whole history
// report (the history endpoint's answer) built and encoded. Run it in
// release mode:
//     swift run -c release habits-bench

let today = LocalDate(dayNumber: 20_787)  // 2026-11-30, a Monday
let data = BenchmarkData.generate(seed: 0x4841_4249_5453, today: today, years: 10)
let renderer = CalendarRenderer(style: CalendarStyle(symbols: .unicode, useColor: false))
let firstMonth = today.startOfMonth.adding(days: -334).startOfMonth
let width = 80

func histories() -> [HabitHistory] {
    data.habits.map { HabitHistory(habit: $0.habit, entries: $0.entries) }
}

func statsChecksum(_ histories: [HabitHistory]) -> Int {
    var checksum = 0
    for history in histories {
        let stats = history.stats(today: today)
        checksum &+= stats.currentStreak &* 31 &+ stats.longestStreak &* 7 &+ stats.successCount
        checksum &+= stats.failedCount &* 3 &+ stats.skippedCount &* 5
        checksum &+= Int(stats.strength * 10_000)
    }
    return checksum
}

func calendarChecksum(_ histories: [HabitHistory]) -> Int {
    var checksum = 0
    for history in histories {
        let months = MonthGrid.months(
            startingAt: firstMonth.year, month: firstMonth.month, count: 12, history: history,
            today: today)
        checksum &+= renderer.render(months, width: width).utf8.count
    }
    return checksum
}

/// Each habit's history report over its whole ten years, and (when
/// `encoded`) its JSON as the history endpoint writes it
/// (`HistoryReportEncoder`; `JSONEncoder` took some 45 ms a habit).
func historyChecksum(_ histories: [HabitHistory], encoded: Bool) -> Int {
    var checksum = 0
    for history in histories {
        let report = HistoryReport(
            history: history, from: history.habit.startDate, to: today, today: today)
        checksum &+= report.periods.count &+ report.streaks.count &+ report.totals.weeks.count
        if encoded { checksum &+= HistoryReportEncoder.encode(report).count }
    }
    return checksum
}

if CommandLine.arguments.dropFirst().contains("--sample") {
    // One habit's calendar, to see what the timed rendering produces.
    let history = histories()[0]
    let months = MonthGrid.months(
        startingAt: firstMonth.year, month: firstMonth.month, count: 12, history: history,
        today: today)
    print(history.habit.name)
    print(renderer.render(months, width: width), terminator: "")
} else {
    let built = histories()
    var timings: [Timing] = []
    var sink = 0
    func time(_ name: String, _ body: () -> Int) {
        let (timing, checksum) = Timing.measure(name, body)
        timings.append(timing)
        sink &+= checksum
    }
    time("build histories (15)") { histories().count }
    time("stats (15 habits)") { statsChecksum(built) }
    time("12-month calendars (15)") { calendarChecksum(built) }
    time("build + stats + calendars (15)") {
        let fresh = histories()
        return statsChecksum(fresh) &+ calendarChecksum(fresh)
    }
    time("history reports, 10 years (15)") { historyChecksum(built, encoded: false) }
    time("build + reports + JSON (15)") { historyChecksum(histories(), encoded: true) }
    // The endpoint's case: one daily habit with an entry on each of its
    // 3,653 days, from the entries to the JSON.
    let meditate = data.habits[0].habit
    let everyDay = (0...meditate.startDate.days(to: today)).map {
        ProgressEntry(date: meditate.startDate.adding(days: $0), value: meditate.targetValue)
    }
    time("build + report + JSON (1 daily)") {
        historyChecksum([HabitHistory(habit: meditate, entries: everyDay)], encoded: true)
    }

    print(
        "habits-bench: \(data.habits.count) habits, \(data.entryCount) entries from "
            + "\(data.habits.map(\.habit.startDate).min() ?? today) to \(today); "
            + "results \(statsChecksum(built)) / \(calendarChecksum(built)) (sink \(sink & 0xFF))")
    func column(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }
    print(
        column("operation", 34) + column("runs", 7) + column("median", 12) + column("min", 12)
            + "p90")
    for timing in timings {
        print(
            column(timing.name, 34) + column(String(timing.samples.count), 7)
                + column(timing.median.milliseconds, 12) + column(timing.minimum.milliseconds, 12)
                + timing.p90.milliseconds)
    }
}
