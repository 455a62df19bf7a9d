import HabitCore
import Testing

@testable import HabitsCLI

/// Streaks worked out from a window of history must equal the full history's.
@Suite struct StreakWindowTests {
    @Test(arguments: [Frequency.daily, .weekly])
    func windowedStreakMatchesTheFullHistory(frequency: Frequency) async throws {
        let today = try #require(LocalDate("2026-03-11"))
        let start = today.adding(days: -1500)
        let habit = Habit(
            id: 1, name: "x", frequency: frequency, measurementType: "x", startDate: start,
            actionDays: ActionDays([.monday, .wednesday, .saturday]), targetValue: 1)
        // Successes on every planned day, except failures at chosen distances
        // back: inside the first window, far back, and never.
        for gap in [10, 200, 1400, nil] as [Int?] {
            var entries: [ProgressEntry] = []
            for offset in 0...1500 {
                let date = start.adding(days: offset)
                if let gap, today.adding(days: -gap).startOfISOWeek == date.startOfISOWeek {
                    continue
                }
                entries.append(ProgressEntry(date: date, value: 1))
            }
            let expected = HabitHistory(habit: habit, entries: entries).stats(today: today)
                .currentStreak
            let from = StreakWindow.start(of: habit, asOf: today, days: StreakWindow.initialDays)
            var reads = 0
            let (streak, read) = await StreakWindow.currentStreak(
                of: habit, asOf: today, entries: entries.filter { $0.date >= from }, from: from
            ) { earlier, through in
                reads += 1
                return entries.filter { $0.date >= earlier && $0.date <= through }
            }
            #expect(streak == expected, "gap \(String(describing: gap))")
            #expect(read.sorted { $0.date < $1.date } == read)
            if gap == 10 { #expect(reads == 0) }
            if gap == nil { #expect(read.count == entries.count) }
        }
    }
}
