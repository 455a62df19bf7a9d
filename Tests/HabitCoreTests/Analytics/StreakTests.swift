import Foundation
import HabitCore
import Testing

/// Streaks over hand-written sequences of days: `+` done, `-` nothing (failed
/// once past), `s` skipped. The last character is today.
@Suite struct StreakTests {
    typealias F = HistoryFixture

    private func stats(_ pattern: String) -> HabitStats {
        let start = F.day("2026-06-01")
        var entries: [ProgressEntry] = []
        for (offset, mark) in pattern.enumerated() {
            let date = start.adding(days: offset)
            switch mark {
            case "+": entries.append(ProgressEntry(date: date, value: 1))
            case "s": entries.append(ProgressEntry(date: date, value: 0, skipped: true))
            default: break
            }
        }
        let history = F.history(F.habit(.daily, start: "2026-06-01", target: "1"), entries)
        return history.stats(today: start.adding(days: pattern.count - 1))
    }

    @Test(arguments: [
        // pattern, current, longest
        ("++s+-", 3, 3),  // today pending: does not break the streak
        ("++s++", 4, 4),  // today done: counts
        ("++-+s-", 1, 2),  // skipped passes over, today pending
        ("+++-++", 2, 3),
        ("+-+-+-", 1, 1),
        ("sss", 0, 0),
        ("s+s+s", 2, 2),
        ("--", 0, 0),  // yesterday failed, today pending
        ("+", 1, 1),
        ("-", 0, 0),
        ("++++--+", 1, 4),
        ("++s", 2, 2),  // today skipped: neither breaks nor extends
        ("+-+s", 1, 1),
        ("s", 0, 0),
    ])
    func currentAndLongest(_ pattern: String, _ current: Int, _ longest: Int) {
        let result = stats(pattern)
        #expect(result.currentStreak == current)
        #expect(result.longestStreak == longest)
    }

    @Test func countsAndRate() throws {
        let result = stats("++s+-s--+-")
        #expect(result.successCount == 4)
        #expect(result.skippedCount == 2)
        // Three past days with nothing; today (also nothing) is pending.
        #expect(result.failedCount == 3)
        #expect(try #require(result.completionRate) == 4.0 / 7.0)
    }

    @Test func weeklyStreakPassesOverSkippedAndPendingWeeks() {
        // Weeks from Monday 2026-06-01: done, done, skipped, done, then this week pending.
        let habit = F.habit(.weekly, start: "2026-06-01", days: ActionDays([.monday]), target: "3")
        let history = F.history(
            habit,
            [
                F.done("2026-06-01", "3"), F.done("2026-06-09", "1.5"), F.done("2026-06-14", "1.5"),
                F.skipped("2026-06-15"), F.done("2026-06-24", "3"), F.done("2026-06-29", "1"),
            ])
        let stats = history.stats(today: F.day("2026-07-01"))
        #expect(stats.currentStreak == 3)
        #expect(stats.longestStreak == 3)
        #expect(stats.successCount == 3 && stats.skippedCount == 1 && stats.failedCount == 0)
    }

    @Test func skippedTodayCountsAsSkipped() {
        let result = stats("+-+s")
        #expect(result.successCount == 2 && result.failedCount == 1 && result.skippedCount == 1)
    }

    @Test func weeklySkippedCurrentWeekCountsAsSkipped() {
        // Mon/Thu from Monday 2026-06-01: two weeks done; this week (from
        // 06-15) has both days marked skipped, Thursday ahead of time.
        let habit = F.habit(
            .weekly, start: "2026-06-01", days: ActionDays([.monday, .thursday]), target: "1")
        let history = F.history(
            habit,
            [
                F.done("2026-06-01", "1"), F.done("2026-06-11", "1"), F.skipped("2026-06-15"),
                F.skipped("2026-06-18"),
                F.skipped("2026-06-22"), F.skipped("2026-06-25"),  // next week, not counted yet
            ])
        let stats = history.stats(today: F.day("2026-06-16"))
        #expect(stats.successCount == 2 && stats.skippedCount == 1 && stats.failedCount == 0)
        #expect(stats.currentStreak == 2 && stats.longestStreak == 2)
        // Only Monday skipped: the week is pending, not skipped, and still not counted.
        let partly = F.history(
            habit, [F.done("2026-06-01", "1"), F.done("2026-06-11", "1"), F.skipped("2026-06-15")])
        let partlyStats = partly.stats(today: F.day("2026-06-16"))
        #expect(partlyStats.skippedCount == 0 && partlyStats.currentStreak == 2)
        #expect(F.periods(partly, through: "2026-06-16").last == "2026-06-15 pending")
    }

    @Test func statsWireNames() throws {
        let json = try JSONEncoder().encode(
            HabitStats(
                currentStreak: 1, longestStreak: 2, successCount: 3, failedCount: 4,
                skippedCount: 5, strength: 0.25))
        let object = try #require(
            try JSONSerialization.jsonObject(with: json) as? [String: Double])
        #expect(
            object == [
                "current_streak": 1, "longest_streak": 2, "success_count": 3, "failed_count": 4,
                "skipped_count": 5, "strength": 0.25,
            ])
    }
}
