import Foundation
import HabitCore
import Testing

/// Strength against values worked out here, from the formula alone: a closed
/// form (n done periods in a row from 0 give 1 − mⁿ) or a literal loop over
/// hand-written `p` values, one per counted period.
@Suite struct StrengthTests {
    typealias F = HistoryFixture

    /// m = 0.5^(√L / 13): L = 1 for a daily habit, 7 for a weekly one.
    private let dailyKeep = pow(0.5, 1.0 / 13)
    private let weeklyKeep = pow(0.5, 7.0.squareRoot() / 13)

    /// The recurrence over hand-written `p` values, `nil` standing for a
    /// skipped period (which leaves the score as it is).
    private func expected(_ shares: [Double?], keep: Double) -> Double {
        var score = 0.0
        for case let share? in shares {
            score = score * keep + share * (1 - keep)
        }
        return score
    }

    private func isClose(_ actual: Double, _ expected: Double) -> Bool {
        abs(actual - expected) < 1e-12
    }

    /// Days from Monday 2026-06-01 as in `StreakTests`: `+` done (1 of 1),
    /// `-` nothing, `s` skipped; the last character is today.
    private func dailyStrength(_ pattern: String) -> Double {
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
        return history.stats(today: start.adding(days: pattern.count - 1)).strength
    }

    @Test func dailyHalfLifeIsThirteenDoneDays() {
        // m¹³ = 0.5, so 13 done days from 0 give exactly half, 26 three quarters.
        #expect(isClose(dailyStrength(String(repeating: "+", count: 13)), 0.5))
        #expect(isClose(dailyStrength(String(repeating: "+", count: 26)), 0.75))
        #expect(isClose(dailyStrength("+"), 1 - dailyKeep))
    }

    @Test func pendingTodayIsLeftOut() {
        // Today has nothing yet: the 13 done days before it decide.
        #expect(isClose(dailyStrength(String(repeating: "+", count: 13) + "-"), 0.5))
        #expect(dailyStrength("-") == 0)
    }

    @Test(arguments: [
        ("+-", [1] as [Double?]),  // today pending
        ("+--", [1, 0]),
        ("+s+", [1, nil, 1]),
        ("++-+", [1, 1, 0, 1]),  // today done: counts
        ("---+", [0, 0, 0, 1]),
        ("+++-s", [1, 1, 1, 0, nil]),  // today skipped: unchanged
        ("sss", [nil, nil, nil]),
    ])
    func dailySequences(_ pattern: String, _ shares: [Double?]) {
        #expect(isClose(dailyStrength(pattern), expected(shares, keep: dailyKeep)), "\(pattern)")
    }

    @Test func skippedLeavesTheScoreUnchanged() {
        #expect(isClose(dailyStrength("+s+"), 1 - pow(dailyKeep, 2)))
        #expect(isClose(dailyStrength("+s+"), dailyStrength("++")))
        #expect(dailyStrength("ssss") == 0)
    }

    @Test func dailyPartialCredit() {
        // Target 4 from Monday 2026-06-01, today Saturday 06-06.
        let habit = F.habit(.daily, start: "2026-06-01", target: "4")
        let history = F.history(
            habit,
            [
                F.done("2026-05-31", "4"),  // before the start: not a period
                F.done("2026-06-01", "4"),  // done: 1
                F.done("2026-06-02", "1"),  // failed: 1/4
                // 06-03: nothing, failed: 0
                F.skipped("2026-06-04"),  // unchanged
                F.done("2026-06-05", "3"),  // failed: 3/4
                F.done("2026-06-06", "2"),  // today, 2 of 4: pending, left out
                F.done("2026-06-07", "9"),  // ahead of time: not counted
            ])
        let strength = history.stats(today: F.day("2026-06-06")).strength
        #expect(isClose(strength, expected([1, 0.25, 0, nil, 0.75], keep: dailyKeep)))
        // Once today reaches the target it counts as done.
        let reached = F.history(habit, [F.done("2026-06-01", "4"), F.done("2026-06-02", "5")])
        #expect(isClose(reached.stats(today: F.day("2026-06-02")).strength, 1 - pow(dailyKeep, 2)))
    }

    @Test func restDaysAreNotPeriods() {
        // Mon/Wed/Fri for two weeks from Monday 2026-06-01, every planned day
        // done; today Sunday 06-14: six periods, not fourteen.
        let habit = F.habit(
            .daily, start: "2026-06-01", days: ActionDays([.monday, .wednesday, .friday]))
        let done = ["01", "03", "05", "08", "10", "12"].map { F.done("2026-06-\($0)", "1") }
        let rest = F.done("2026-06-02", "1")  // a rest day: ignored
        let history = F.history(habit, done + [rest])
        #expect(
            isClose(history.stats(today: F.day("2026-06-14")).strength, 1 - pow(dailyKeep, 6)))
    }

    @Test func weeklyDoneWeeks() {
        // Saturdays from Monday 2026-06-01, five weeks done; today Monday
        // 07-06 of a sixth, pending week.
        let habit = F.habit(.weekly, start: "2026-06-01", days: ActionDays([.saturday]))
        let history = F.history(
            habit,
            ["06-06", "06-13", "06-20", "06-27", "07-04"].map { F.done("2026-\($0)", "1") })
        let strength = history.stats(today: F.day("2026-07-06")).strength
        // 1 − m⁵ with m = 0.5^(√7/13).
        #expect(isClose(strength, 1 - pow(0.5, 5 * 7.0.squareRoot() / 13)))
        // About 34 days of half-life: a week done from 0 gives 1 − 0.5^(√7/13) ≈ 0.1316.
        let one = F.history(habit, [F.done("2026-06-06", "1")])
        #expect(abs(one.stats(today: F.day("2026-06-08")).strength - 0.1316) < 0.0001)
    }

    @Test func weeklyPartialCreditAndSkippedWeek() {
        // Tue/Sat, target 10 km, from Wednesday 2026-06-03 (the first week's
        // planned day is Saturday); today Wednesday 07-08.
        let habit = F.habit(
            .weekly, start: "2026-06-03", days: ActionDays([.tuesday, .saturday]), target: "10")
        let history = F.history(
            habit,
            [
                F.done("2026-06-01", "4"),  // before the start: not the week's
                F.done("2026-06-04", "2"), F.done("2026-06-06", "3"),  // W23: 5 of 10, failed
                F.done("2026-06-09", "12"),  // W24: done
                F.skipped("2026-06-16"), F.skipped("2026-06-20"),  // W25: skipped
                // W26: nothing, failed
                F.done("2026-06-30", "6"), F.done("2026-07-05", "4"),  // W27: done (Sunday counts)
                F.done("2026-07-07", "3"),  // W28, the current week: pending, left out
            ])
        #expect(
            F.periods(history, through: "2026-07-08") == [
                "2026-06-01 failed", "2026-06-08 done", "2026-06-15 skipped",
                "2026-06-22 failed", "2026-06-29 done", "2026-07-06 pending",
            ])
        let strength = history.stats(today: F.day("2026-07-08")).strength
        #expect(isClose(strength, expected([0.5, 1, nil, 0, 1], keep: weeklyKeep)))
    }

    @Test func weeklySkippedCurrentWeekLeavesItUnchanged() {
        let habit = F.habit(.weekly, start: "2026-06-01", days: ActionDays([.monday, .friday]))
        let history = F.history(
            habit,
            [
                F.done("2026-06-01", "1"),  // W23 done
                F.skipped("2026-06-08"), F.skipped("2026-06-12"),  // W24, current: skipped
            ])
        #expect(isClose(history.stats(today: F.day("2026-06-09")).strength, 1 - weeklyKeep))
    }

    @Test func nothingBeforeTheFirstPeriod() {
        let habit = F.habit(.daily, start: "2026-06-10")
        let history = F.history(habit, [F.done("2026-06-01", "1"), F.done("2026-06-10", "1")])
        #expect(history.stats(today: F.day("2026-06-05")).strength == 0)
        #expect(history.stats(today: F.day("2026-06-09")).strength == 0)
        // A weekly first week without a planned day is no period either.
        let weekly = F.habit(.weekly, start: "2026-06-05", days: ActionDays([.monday]))
        let weeklyHistory = F.history(weekly, [F.done("2026-06-06", "5")])
        #expect(weeklyHistory.stats(today: F.day("2026-06-08")).strength == 0)
    }

    @Test func amountsBeyondIntegersUseDecimals() {
        // A target whose digits do not fit 64 bits: the Decimal path.
        let target = "3.0000000000000000001"
        let daily = F.history(
            F.habit(.daily, start: "2026-06-01", target: target),
            [F.done("2026-06-01", "1.5"), F.done("2026-06-02", "4")])
        #expect(
            isClose(
                daily.stats(today: F.day("2026-06-02")).strength,
                expected([0.5, 1], keep: dailyKeep)))
        let weekly = F.history(
            F.habit(.weekly, start: "2026-06-01", target: target),
            [F.done("2026-06-01", "0.5"), F.done("2026-06-07", "1"), F.done("2026-06-08", "4")])
        #expect(
            isClose(
                weekly.stats(today: F.day("2026-06-14")).strength,
                expected([0.5, 1], keep: weeklyKeep)))
    }
}
