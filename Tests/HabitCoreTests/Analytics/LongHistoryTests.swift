import Foundation
import HabitCore
import Testing

/// Twelve years of history with a regular pattern whose results follow from
/// counting dates, worked out here without the rules under test.
@Suite struct LongHistoryTests {
    typealias F = HistoryFixture

    /// Every day done, except the first of each month (nothing: failed) and
    /// other Sundays (skipped). From 2015-01-01 to today, 2026-12-31.
    @Test func dailyOverTwelveYears() throws {
        let start = F.day("2015-01-01")
        let today = F.day("2026-12-31")
        var entries: [ProgressEntry] = []
        var failed = 0
        var skipped = 0
        var success = 0
        var run = 0
        var longest = 0
        var date = start
        while date <= today {
            if date.day == 1 {
                failed += 1
                run = 0
            } else if date.weekday == .sunday {
                entries.append(ProgressEntry(date: date, value: 0, skipped: true))
                skipped += 1
            } else {
                entries.append(ProgressEntry(date: date, value: F.amount("2.5")))
                success += 1
                run += 1
                longest = max(longest, run)
            }
            date = date.adding(days: 1)
        }
        #expect(failed == 144)
        #expect(failed + skipped + success == 4383)  // 12 years, 3 leap days

        let history = F.history(F.habit(.daily, start: "2015-01-01", target: "2.5"), entries)
        let stats = history.stats(today: today)
        #expect(stats.successCount == success)
        #expect(stats.failedCount == failed)
        #expect(stats.skippedCount == skipped)
        #expect(stats.longestStreak == longest)
        // December 2026: days 2–31 less its four Sundays after the first (6, 13, 20, 27).
        #expect(stats.currentStreak == 26)
        #expect(history.periods(through: today).count == 4383)
    }

    /// Every ISO week done, except week 1 of each week-numbering year (failed)
    /// and week 53 (skipped), from 2014-12-29 (2015-W01) to 2026-W53.
    @Test func weeklyOverTwelveYears() {
        let firstMonday = F.day("2014-12-29")
        let today = F.day("2027-01-03")  // Sunday of 2026-W53
        var entries: [ProgressEntry] = []
        var expected = (success: 0, failed: 0, skipped: 0)
        var monday = firstMonday
        var weeks = 0
        while monday <= today {
            weeks += 1
            switch monday.isoWeek.week {
            case 1:
                entries.append(ProgressEntry(date: monday.adding(days: 2), value: F.amount("0.7")))
                expected.failed += 1
            case 53:
                entries.append(ProgressEntry(date: monday.adding(days: 5), value: 0, skipped: true))
                expected.skipped += 1
            default:
                entries.append(ProgressEntry(date: monday.adding(days: 2), value: F.amount("0.7")))
                entries.append(ProgressEntry(date: monday.adding(days: 6), value: F.amount("0.1")))
                expected.success += 1
            }
            monday = monday.adding(days: 7)
        }
        // 2015, 2020 and 2026 have a week 53.
        #expect(expected.skipped == 3 && expected.failed == 12 && weeks == 627)

        let habit = F.habit(
            .weekly, start: "2014-12-29", days: ActionDays([.saturday]), target: "0.8")
        let stats = F.history(habit, entries.reversed()).stats(today: today)
        #expect(stats.successCount == expected.success)
        #expect(stats.failedCount == expected.failed)
        #expect(stats.skippedCount == expected.skipped)
        // 2026-W02 … W52 done, W53 skipped (and current): 51.
        #expect(stats.currentStreak == 51)
        // 2020-W02 … W52, W53 skipped, then 2021-W01 failed: 51 as well; 2015 and 2026 alike.
        #expect(stats.longestStreak == 51)
    }
}
