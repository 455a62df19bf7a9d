import Foundation
import HabitCore
import Testing

/// Hand-worked AT_MOST cases (rules 2, 3, 4 and 5 of issue 38): a limit is
/// kept once its period ends within it, broken as soon as it is passed, and
/// a failed period keeps part of the strength as it was near the limit.
/// Today is Sunday 2026-12-06.
@Suite struct AtMostRulesTests {
    typealias F = HistoryFixture

    private let today = F.day("2026-12-06")

    private func habit(
        _ frequency: Frequency, every days: Int? = nil, start: String = "2026-11-30",
        days actionDays: ActionDays = .everyDay, limit: String
    ) -> Habit {
        var habit = F.habit(frequency, start: start, days: actionDays, target: limit)
        habit.goal = .atMost
        habit.periodDays = days
        return habit
    }

    /// At most 2 coffees a day, on weekdays, from Monday 2026-11-30.
    private var coffees: HabitHistory {
        F.history(
            habit(.daily, days: .weekdays, limit: "2"),
            [
                F.done("2026-11-30", "2"),  // at the limit: done
                F.done("2026-12-01", "3"),  // over: failed
                // 12-02: nothing logged, within the limit
                F.skipped("2026-12-03"),  // skipped, within: still done once over
                // Over and skipped: skipped.
                ProgressEntry(date: F.day("2026-12-04"), value: 5, skipped: true),
                F.done("2026-12-05", "9"),  // a rest day: never counted
                F.done("2026-12-07", "4"),  // ahead of time: future
            ])
    }

    @Test(arguments: [
        ("2026-11-29", PeriodState.beforeStart), ("2026-11-30", .success), ("2026-12-01", .failed),
        ("2026-12-02", .success), ("2026-12-03", .success), ("2026-12-04", .skipped),
        ("2026-12-05", .rest), ("2026-12-07", .future),
    ])
    func stateOfEachDay(_ date: String, _ state: PeriodState) {
        #expect(coffees.state(of: F.day(date), today: today) == state)
        #expect(coffees.calendarState(of: F.day(date), today: today) == state)
    }

    @Test func todayIsPendingWithinTheLimitAndFailedAtOnceOverIt() {
        let within = habit(.daily, limit: "2")
        #expect(F.history(within, []).state(of: today, today: today) == .pending)
        #expect(
            F.history(within, [F.done("2026-12-06", "2")]).state(of: today, today: today)
                == .pending)
        let over = F.history(within, [F.done("2026-12-06", "2.000001")])
        #expect(over.state(of: today, today: today) == .failed)
        #expect(
            F.history(within, [F.skipped("2026-12-06")]).state(of: today, today: today) == .skipped)
    }

    @Test func aLimitOfZeroIsNoneAtAll() {
        let none = habit(.daily, limit: "0")
        let history = F.history(none, [F.done("2026-12-02", "1"), F.done("2026-12-03", "0")])
        #expect(history.state(of: F.day("2026-12-01"), today: today) == .success)
        #expect(history.state(of: F.day("2026-12-02"), today: today) == .failed)
        #expect(history.state(of: F.day("2026-12-03"), today: today) == .success)
        #expect(history.state(of: today, today: today) == .pending)
        let stats = history.stats(today: today)
        #expect(stats.successCount == 5 && stats.failedCount == 1)
        #expect(stats.currentStreak == 3 && stats.longestStreak == 3)
    }

    @Test func coffeeStreaksAndCounts() {
        #expect(
            F.periods(coffees, through: "2026-12-06") == [
                "2026-11-30 done", "2026-12-01 failed", "2026-12-02 done", "2026-12-03 done",
                "2026-12-04 skipped",
            ])
        let stats = coffees.stats(today: today)
        #expect(stats.successCount == 3 && stats.failedCount == 1 && stats.skippedCount == 1)
        #expect(stats.currentStreak == 2 && stats.longestStreak == 2)
    }

    @Test func aWeekFailsAsSoonAsItsSumIsOver() {
        let weekly = habit(.weekly, limit: "3")
        let history = F.history(weekly, [F.done("2026-11-30", "2"), F.done("2026-12-01", "2")])
        #expect(history.state(of: F.day("2026-12-01"), today: F.day("2026-12-01")) == .failed)
        let within = F.history(weekly, [F.done("2026-11-30", "2"), F.done("2026-12-01", "1")])
        #expect(within.state(of: today, today: today) == .pending)
        #expect(within.state(of: today, today: F.day("2026-12-07")) == .success)
        #expect(within.completion(on: today, today: today).current == 3)
    }

    @Test func monthAndBlockLimits() {
        let monthly = F.history(
            habit(.monthly, start: "2026-10-01", limit: "1"),
            [F.done("2026-10-05", "1"), F.done("2026-11-05", "1"), F.done("2026-11-06", "1")])
        #expect(
            F.periods(monthly, through: "2026-12-06") == [
                "2026-10-01 done", "2026-11-01 failed", "2026-12-01 pending",
            ])
        let blocks = F.history(
            habit(.everyNDays, every: 4, start: "2026-11-22", limit: "0"),
            [F.done("2026-12-06", "1")])
        #expect(
            F.periods(blocks, through: "2026-12-06") == [
                "2026-11-22 done", "2026-11-26 done", "2026-11-30 done", "2026-12-04 failed",
            ])
        #expect(blocks.stats(today: today).currentStreak == 0)
        #expect(blocks.stats(today: today).longestStreak == 3)
    }

    @Test func aPeriodAfterTodayIsFutureOrSkippedWhateverIsLogged() {
        let weekly = habit(.weekly, limit: "1")
        let history = F.history(weekly, [F.done("2026-12-08", "5")])
        #expect(history.state(of: F.day("2026-12-08"), today: today) == .future)
        let skipped = F.history(
            weekly, (7...13).map { F.skipped("2026-12-\($0 < 10 ? "0" : "")\($0)") })
        #expect(skipped.state(of: F.day("2026-12-08"), today: today) == .skipped)
    }

    /// p of a failed at-most period: max(0, 1 − (value − target) ÷ target), 0 for a target of 0.
    @Test(arguments: [
        ("2", "3", 0.5), ("2", "2.5", 0.75), ("2", "4", 0.0), ("2", "7", 0.0), ("0", "1", 0.0),
        ("4", "5", 0.75),
    ])
    func strengthOfAFailedDay(_ limit: String, _ value: String, _ share: Double) {
        let history = F.history(
            habit(.daily, start: "2026-12-05", limit: limit), [F.done("2026-12-05", value)])
        let keep = pow(0.5, 1.0 / 13)
        #expect(history.state(of: F.day("2026-12-05"), today: today) == .failed)
        #expect(abs(history.stats(today: today).strength - share * (1 - keep)) < 1e-12)
    }

    @Test func amountsTooLongForIntegersGiveTheSameStates() {
        // 25 significant digits: past 64-bit integers, so added as `Decimal`s.
        let limit = "1.000000000000000000000001"
        let weekly = habit(.weekly, limit: limit)
        let history = F.history(
            weekly,
            [F.done("2026-11-30", "0.5"), F.done("2026-12-01", "0.500000000000000000000002")])
        #expect(history.state(of: today, today: today) == .failed)
        let within = F.history(
            weekly,
            [F.done("2026-11-30", "0.5"), F.done("2026-12-01", "0.500000000000000000000001")])
        #expect(within.state(of: today, today: F.day("2026-12-07")) == .success)
    }
}
