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

    /// After today only a planned skip counts: a skipped mark shows skipped, a
    /// value, however large, leaves the day future. Once the day has come, the
    /// same entry is judged as any other (the value first). Today 2026-11-13.
    @Test(arguments: [
        // Monday 2026-11-16's entry: value, skipped; state now; state on the day
        ("0", true, PeriodState.skipped, PeriodState.skipped),
        ("2", false, .future, .success),  // the target, logged ahead
        ("9", false, .future, .success),
        ("2", true, .skipped, .success),
        ("1", false, .future, .pending),
        ("0", false, .future, .pending),
    ])
    func dayAfterTodayIsSkippedOrFuture(
        _ value: String, _ skipped: Bool, _ now: PeriodState, _ onTheDay: PeriodState
    ) {
        let habit = F.habit(
            .daily, start: "2026-11-02", days: ActionDays([.monday, .wednesday, .friday]),
            target: "2")
        let monday = F.day("2026-11-16")
        let history = F.history(
            habit, [ProgressEntry(date: monday, value: F.amount(value), skipped: skipped)])
        #expect(history.state(of: monday, today: today) == now)
        #expect(history.calendarState(of: monday, today: today) == now)
        #expect(history.completion(on: monday, today: today).state == now)
        #expect(history.state(of: monday, today: monday) == onTheDay)
    }

    @Test func skippedAheadOnlyOnPlannedDays() {
        // Mon/Wed/Fri from Monday 2026-11-16; today Friday 2026-11-13.
        let habit = F.habit(
            .daily, start: "2026-11-16", days: ActionDays([.monday, .wednesday, .friday]))
        let history = F.history(
            habit,
            [
                F.skipped("2026-11-13"),  // before the start
                F.skipped("2026-11-17"),  // Tuesday: a rest day
                F.skipped("2026-11-18"),  // Wednesday: planned
            ])
        #expect(history.state(of: F.day("2026-11-13"), today: today) == .beforeStart)
        #expect(history.state(of: F.day("2026-11-16"), today: today) == .future)
        #expect(history.state(of: F.day("2026-11-17"), today: today) == .rest)
        #expect(history.state(of: F.day("2026-11-18"), today: today) == .skipped)
        #expect(history.periods(through: today).isEmpty)
    }

    @Test func plannedSkipsAfterTodayAreNotCountedYet() {
        let habit = F.habit(.daily, start: "2026-11-09", target: "1")
        let history = F.history(
            habit,
            [
                F.done("2026-11-09", "1"), F.done("2026-11-10", "1"),
                F.skipped("2026-11-11"),  // today, skipped
                F.skipped("2026-11-12"), F.done("2026-11-13", "1"),  // ahead
            ])
        let today = F.day("2026-11-11")
        #expect(
            F.periods(history, through: "2026-11-11") == [
                "2026-11-09 done", "2026-11-10 done", "2026-11-11 skipped",
            ])
        #expect(
            history.stats(today: today).skippedCount == 1
                && history.stats(today: today).successCount == 2)
        #expect(history.stats(today: today).currentStreak == 2)
        #expect(history.state(of: F.day("2026-11-12"), today: today) == .skipped)
        #expect(history.state(of: F.day("2026-11-13"), today: today) == .future)
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
