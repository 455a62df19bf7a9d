import Foundation
import HabitCore
import Testing

/// Hand-worked DAILY cases. The fixture: start Monday 2026-11-02, action days
/// Mon/Wed/Fri, target 2, today Friday 2026-11-13.
@Suite struct DailyRulesTests {
    typealias F = HistoryFixture

    private let history = F.history(
        F.habit(
            .daily, start: "2026-11-02", days: ActionDays([.monday, .wednesday, .friday]),
            target: "2"),
        [
            F.done("2026-10-30", "5"),  // before the start
            F.done("2026-11-01", "9"),  // before the start
            F.done("2026-11-02", "2"),  // Mon: reached exactly
            F.done("2026-11-03", "5"),  // Tue: rest day
            F.done("2026-11-04", "1.99"),  // Wed: short
            F.skipped("2026-11-06"),  // Fri
            F.done("2026-11-09", "3"),  // Mon
            // Wed 11-11: nothing
            // Fri 11-13 (today): nothing yet
            F.done("2026-11-16", "0.5"),  // a future day with a partial entry
        ])
    private let today = F.day("2026-11-13")

    @Test(arguments: [
        ("2026-10-30", PeriodState.beforeStart), ("2026-11-01", .beforeStart),
        ("2026-11-02", .success), ("2026-11-03", .rest), ("2026-11-04", .failed),
        ("2026-11-05", .rest), ("2026-11-06", .skipped), ("2026-11-09", .success),
        ("2026-11-11", .failed), ("2026-11-13", .pending), ("2026-11-14", .rest),
        ("2026-11-16", .future), ("2026-11-18", .future),
    ])
    func stateOfEachDay(_ date: String, _ state: PeriodState) {
        #expect(history.state(of: F.day(date), today: today) == state)
        #expect(history.calendarState(of: F.day(date), today: today) == state)
    }

    @Test func entriesOffScheduleAreKeptButNotCounted() {
        #expect(history.entry(on: F.day("2026-11-03"))?.value == 5)
        #expect(history.value(on: F.day("2026-11-01")) == 9)
        #expect(history.value(on: F.day("2026-11-11")) == 0)
        #expect(!history.isScheduled(F.day("2026-11-03")))
        #expect(!history.isScheduled(F.day("2026-10-30")))
        #expect(history.isScheduled(F.day("2026-11-04")))
        #expect(
            F.periods(history, through: "2026-11-13") == [
                "2026-11-02 done", "2026-11-04 failed", "2026-11-06 skipped",
                "2026-11-09 done", "2026-11-11 failed", "2026-11-13 pending",
            ])
    }

    @Test func statsCountDecidedDays() throws {
        let stats = history.stats(today: today)
        #expect(stats.successCount == 2)
        #expect(stats.failedCount == 2)
        #expect(stats.skippedCount == 1)
        #expect(stats.currentStreak == 0)
        #expect(stats.longestStreak == 1)
        #expect(try #require(stats.completionRate) == 0.5)
    }

    @Test func todayTurnsFromPendingToSuccessOrSkipped() {
        let habit = F.habit(.daily, start: "2026-11-02", target: "2")
        let today = F.day("2026-11-04")
        #expect(F.history(habit, []).state(of: today, today: today) == .pending)
        #expect(
            F.history(habit, [F.done("2026-11-04", "1")]).state(of: today, today: today) == .pending
        )
        #expect(
            F.history(habit, [F.done("2026-11-04", "2")]).state(of: today, today: today) == .success
        )
        #expect(
            F.history(habit, [F.skipped("2026-11-04")]).state(of: today, today: today) == .skipped)
        // Reaching the target wins over the skipped mark.
        let both = ProgressEntry(date: today, value: 2, skipped: true)
        #expect(F.history(habit, [both]).state(of: today, today: today) == .success)
        // The same day, seen the next day with nothing recorded, failed.
        #expect(F.history(habit, []).state(of: today, today: today.adding(days: 1)) == .failed)
    }

    @Test func completionForADay() {
        let completion = history.completion(on: F.day("2026-11-04"), today: today)
        #expect(completion == CompletionData(target: 2, current: F.amount("1.99"), state: .failed))
        #expect(completion.remaining == F.amount("0.01"))
        let rest = history.completion(on: F.day("2026-11-03"), today: today)
        #expect(rest.state == .rest && rest.current == 5 && rest.remaining == 0)
    }

    @Test func habitCreatedToday() throws {
        let habit = F.habit(.daily, start: "2026-11-13", target: "1")
        let empty = F.history(habit, [])
        #expect(F.periods(empty, through: "2026-11-13") == ["2026-11-13 pending"])
        #expect(
            empty.stats(today: today)
                == HabitStats(
                    currentStreak: 0, longestStreak: 0, successCount: 0, failedCount: 0,
                    skippedCount: 0))
        #expect(empty.stats(today: today).completionRate == nil)
        #expect(empty.state(of: F.day("2026-11-12"), today: today) == .beforeStart)

        let doneToday = F.history(habit, [F.done("2026-11-13", "1")])
        let stats = doneToday.stats(today: today)
        #expect(stats.currentStreak == 1 && stats.longestStreak == 1 && stats.successCount == 1)
        #expect(try #require(stats.completionRate) == 1)
    }

    @Test func habitStartingAfterTodayHasNoPeriods() {
        let habit = F.habit(.daily, start: "2026-12-01")
        let history = F.history(habit, [F.done("2026-11-13", "1")])
        #expect(history.periods(through: today).isEmpty)
        #expect(history.state(of: today, today: today) == .beforeStart)
        #expect(history.state(of: F.day("2026-12-01"), today: today) == .future)
    }

    @Test func leapDay() {
        let habit = F.habit(.daily, start: "2028-02-27", days: .everyDay, target: "1")
        let history = F.history(
            habit,
            [F.done("2028-02-28", "1"), F.done("2028-02-29", "1"), F.done("2028-03-01", "1")])
        #expect(
            F.periods(history, through: "2028-03-02") == [
                "2028-02-27 failed", "2028-02-28 done", "2028-02-29 done", "2028-03-01 done",
                "2028-03-02 pending",
            ])
        #expect(history.stats(today: F.day("2028-03-02")).currentStreak == 3)
    }

    @Test func laterEntryForTheSameDateWins() {
        let habit = F.habit(.daily, start: "2026-11-02", target: "2")
        let history = F.history(
            habit,
            [
                F.done("2026-11-03", "5"), F.done("2026-11-02", "2"), F.done("2026-11-03", "1"),
                F.skipped("2026-11-02"),
            ])
        #expect(history.entry(on: F.day("2026-11-03"))?.value == 1)
        #expect(history.entry(on: F.day("2026-11-02"))?.skipped == true)
        #expect(
            F.periods(history, through: "2026-11-04") == [
                "2026-11-02 skipped", "2026-11-03 failed", "2026-11-04 pending",
            ])
    }
}
