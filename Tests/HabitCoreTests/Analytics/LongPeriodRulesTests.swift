import Foundation
import HabitCore
import Testing

/// Hand-worked MONTHLY and EVERY_N_DAYS cases (rules 1, 3 and 4 of issue
/// 38): where periods fall, which days count, the states in order, the
/// calendar and the streaks. 2026-11-01 is a Sunday; today is Sunday
/// 2026-12-06 unless a test says otherwise.
@Suite struct LongPeriodRulesTests {
    typealias F = HistoryFixture

    private let today = F.day("2026-12-06")

    private func habit(
        _ frequency: Frequency, every days: Int? = nil, start: String,
        days actionDays: ActionDays = .everyDay, target: String = "1", goal: Goal = .atLeast
    ) -> Habit {
        var habit = F.habit(frequency, start: start, days: actionDays, target: target)
        habit.periodDays = days
        habit.goal = goal
        return habit
    }

    // MARK: - Periods

    @Test(arguments: [
        ("2026-11-01", "2026-11-01", "2026-11-30"), ("2026-11-30", "2026-11-01", "2026-11-30"),
        ("2026-12-31", "2026-12-01", "2026-12-31"), ("2028-02-29", "2028-02-01", "2028-02-29"),
        ("2027-02-10", "2027-02-01", "2027-02-28"),
    ])
    func monthsAreCalendarMonths(_ date: String, _ first: String, _ last: String) {
        let periods = HabitPeriods(of: habit(.monthly, start: "2026-06-15"))
        #expect(periods.period(containing: F.day(date)) == F.day(first)...F.day(last))
    }

    @Test(arguments: [
        // Block k of 4 days from Wednesday 2026-11-04: start + 4k … start + 4k + 3.
        ("2026-11-04", "2026-11-04"), ("2026-11-07", "2026-11-04"), ("2026-11-08", "2026-11-08"),
        ("2026-12-06", "2026-12-06"), ("2026-11-03", "2026-10-31"), ("2026-10-31", "2026-10-31"),
        ("2026-10-30", "2026-10-27"),
    ])
    func blocksOfNDaysStartOnTheStartDate(_ date: String, _ first: String) {
        let periods = HabitPeriods(of: habit(.everyNDays, every: 4, start: "2026-11-04"))
        let period = periods.period(containing: F.day(date))
        #expect(period.lowerBound == F.day(first))
        #expect(period.lowerBound.days(to: period.upperBound) == 3)
    }

    @Test func dailyAndWeeklyPeriodsAreUnchanged() {
        let daily = HabitPeriods(of: habit(.daily, start: "2026-11-04"))
        #expect(
            daily.period(containing: F.day("2026-11-05")) == F.day(
                "2026-11-05")...F.day("2026-11-05"))
        let weekly = HabitPeriods(of: habit(.weekly, start: "2026-11-04"))
        #expect(
            weekly.period(containing: F.day("2026-11-05")) == F.day(
                "2026-11-02")...F.day("2026-11-08"))
    }

    // MARK: - Monthly

    /// Mon/Thu from Tuesday 2026-09-15, 8 km a month.
    private var monthly: HabitHistory {
        F.history(
            habit(
                .monthly, start: "2026-09-15", days: ActionDays([.monday, .thursday]), target: "8"),
            [
                F.done("2026-09-14", "50"),  // before the start: never counted
                F.done("2026-09-17", "5"), F.done("2026-09-27", "3"),  // September: 8, a Sunday too
                F.done("2026-10-01", "7.5"),  // October: short
                F.skipped("2026-11-02"), F.skipped("2026-11-05"), F.skipped("2026-11-09"),
                F.skipped("2026-11-12"), F.skipped("2026-11-16"), F.skipped("2026-11-19"),
                F.skipped("2026-11-23"), F.skipped("2026-11-26"), F.skipped("2026-11-30"),
                F.done("2026-12-03", "2"),  // December, so far
            ])
    }

    @Test(arguments: [
        ("2026-09-01", PeriodState.success), ("2026-09-30", .success), ("2026-10-20", .failed),
        ("2026-11-11", .skipped), ("2026-12-06", .pending), ("2027-01-04", .future),
        ("2026-08-31", .beforeStart),
    ])
    func stateOfEachMonth(_ date: String, _ state: PeriodState) {
        #expect(monthly.state(of: F.day(date), today: today) == state)
    }

    @Test func valueIsTheMonthsSumFromTheStartDate() {
        #expect(monthly.completion(on: F.day("2026-09-20"), today: today).current == 8)
        #expect(
            monthly.completion(on: F.day("2026-10-31"), today: today).current == F.amount("7.5"))
        let current = monthly.completion(on: today, today: today)
        #expect(current == CompletionData(target: 8, current: 2, state: .pending))
        #expect(current.remaining == 6)
    }

    @Test(arguments: [
        ("2026-09-14", PeriodState.beforeStart), ("2026-09-15", .rest), ("2026-09-17", .success),
        ("2026-09-27", .rest), ("2026-10-01", .failed), ("2026-10-05", .failed),
        ("2026-11-02", .skipped), ("2026-12-03", .pending), ("2026-12-31", .pending),
        ("2027-01-04", .future),
    ])
    func calendarMarksPlannedDaysWithTheMonthsState(_ date: String, _ state: PeriodState) {
        #expect(monthly.calendarState(of: F.day(date), today: today) == state)
        #expect(
            monthly.calendarStates(from: F.day("2026-09-01"), count: 150, today: today)[
                F.day("2026-09-01").days(to: F.day(date))] == state)
    }

    @Test func monthlyPeriodsAndStats() {
        #expect(
            F.periods(monthly, through: "2026-12-06") == [
                "2026-09-01 done", "2026-10-01 failed", "2026-11-01 skipped",
                "2026-12-01 pending",
            ])
        let stats = monthly.stats(today: today)
        #expect(stats.successCount == 1 && stats.failedCount == 1 && stats.skippedCount == 1)
        #expect(stats.currentStreak == 0 && stats.longestStreak == 1)
    }

    @Test func aCurrentMonthIsDoneOnceReached() {
        let history = F.history(
            habit(.monthly, start: "2026-09-15", target: "8"),
            [F.done("2026-12-01", "5"), F.done("2026-12-06", "3")])
        #expect(history.state(of: today, today: today) == .success)
        #expect(history.stats(today: today).currentStreak == 1)
    }

    @Test func aMonthWithoutAPlannedDayIsBeforeStart() {
        // From Monday 2026-11-30 on Sundays only: November holds no planned day.
        let history = F.history(
            habit(.monthly, start: "2026-11-30", days: ActionDays([.sunday])),
            [F.done("2026-11-30", "3")])
        #expect(history.state(of: F.day("2026-11-30"), today: today) == .beforeStart)
        #expect(history.calendarState(of: F.day("2026-11-30"), today: today) == .rest)
        #expect(F.periods(history, through: "2026-12-06") == ["2026-12-01 pending"])
    }

    // MARK: - Every N days

    /// Every 3 days from Friday 2026-11-20, at least 2, every day planned.
    private var everyThree: HabitHistory {
        F.history(
            habit(.everyNDays, every: 3, start: "2026-11-20", target: "2"),
            [
                F.done("2026-11-19", "9"),  // before the start
                F.done("2026-11-20", "1"), F.done("2026-11-22", "1"),  // block 0: done
                F.done("2026-11-23", "1"),  // block 1: failed
                // Block 2, every day skipped.
                F.skipped("2026-11-26"), F.skipped("2026-11-27"), F.skipped("2026-11-28"),
                // block 3 (11-29 … 12-01): nothing, failed
                F.done("2026-12-02", "2"),  // block 4: done
                F.done("2026-12-05", "1"),  // block 5 (12-05 … 12-07): pending
                F.skipped("2026-12-08"), F.skipped("2026-12-09"), F.skipped("2026-12-10"),
            ])
    }

    @Test(arguments: [
        ("2026-11-20", PeriodState.success), ("2026-11-22", .success), ("2026-11-24", .failed),
        ("2026-11-27", .skipped), ("2026-11-30", .failed), ("2026-12-03", .success),
        ("2026-12-07", .pending), ("2026-12-09", .skipped), ("2026-12-11", .future),
        ("2026-11-19", .beforeStart),
    ])
    func stateOfEachBlock(_ date: String, _ state: PeriodState) {
        #expect(everyThree.state(of: F.day(date), today: today) == state)
    }

    @Test func everyNDaysPeriodsAndStats() {
        #expect(
            F.periods(everyThree, through: "2026-12-06") == [
                "2026-11-20 done", "2026-11-23 failed", "2026-11-26 skipped", "2026-11-29 failed",
                "2026-12-02 done", "2026-12-05 pending",
            ])
        let stats = everyThree.stats(today: today)
        #expect(stats.successCount == 2 && stats.failedCount == 2 && stats.skippedCount == 1)
        #expect(stats.currentStreak == 1 && stats.longestStreak == 1)
        #expect(everyThree.completion(on: today, today: today).current == 1)
    }

    @Test func aBlockWithoutAnActionDayIsRestAndNotCounted() {
        // Every 2 days from Monday 2026-11-02, Mondays only: the blocks
        // starting on Wednesdays, Fridays and Sundays hold no Monday.
        let history = F.history(
            habit(.everyNDays, every: 2, start: "2026-11-02", days: ActionDays([.monday])),
            [F.done("2026-11-02", "1"), F.done("2026-11-05", "4")])
        #expect(history.state(of: F.day("2026-11-04"), today: today) == .rest)
        #expect(history.completion(on: F.day("2026-11-05"), today: today).current == 4)
        #expect(
            F.periods(history, through: "2026-11-17") == [
                "2026-11-02 done", "2026-11-08 failed", "2026-11-16 pending",
            ])
    }

    @Test func aFirstBlockWithoutAnActionDayIsBeforeStart() {
        let history = F.history(
            habit(.everyNDays, every: 2, start: "2026-11-03", days: ActionDays([.monday])), [])
        #expect(history.state(of: F.day("2026-11-03"), today: today) == .beforeStart)
        #expect(history.state(of: F.day("2026-11-05"), today: today) == .rest)
        #expect(history.state(of: F.day("2026-11-09"), today: today) == .failed)
    }

    @Test func strengthUsesThePeriodsLength() {
        // Two done months, a failed one of 30 days at half the target, one of 31 done.
        let history = F.history(
            habit(.monthly, start: "2026-08-01", target: "2"),
            [
                F.done("2026-08-03", "2"), F.done("2026-09-03", "2"), F.done("2026-11-03", "1"),
                F.done("2026-10-03", "2"),
            ])
        func keep(_ days: Double) -> Double { pow(0.5, days.squareRoot() / 13) }
        var score = 0.0
        for (days, share) in [(31.0, 1.0), (30, 1), (31, 1), (30, 0.5)] {
            score = score * keep(days) + share * (1 - keep(days))
        }
        #expect(abs(history.stats(today: today).strength - score) < 1e-12)
        // Blocks of 5 from 11-01: the first at half its target, the six
        // after it (through 12-05) missed; 12-06 begins the pending one.
        let blocks = F.history(
            habit(.everyNDays, every: 5, start: "2026-11-01", target: "2"),
            [F.done("2026-11-01", "1")])
        let decayed = 0.5 * (1 - keep(5)) * pow(keep(5), 6)
        #expect(abs(blocks.stats(today: today).strength - decayed) < 1e-12)
        #expect(blocks.stats(today: today).failedCount == 7)
    }
}
