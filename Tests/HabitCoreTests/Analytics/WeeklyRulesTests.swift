import Foundation
import HabitCore
import Testing

/// Hand-worked WEEKLY cases. The fixture: start Wednesday 2026-11-04, action
/// days Tue/Thu, target 0.8 km, today Wednesday 2026-11-25.
@Suite struct WeeklyRulesTests {
    typealias F = HistoryFixture

    private let habit = F.habit(
        .weekly, start: "2026-11-04", days: ActionDays([.tuesday, .thursday]), target: "0.8")
    private var history: HabitHistory {
        F.history(
            habit,
            [
                F.done("2026-11-03", "5"),  // W45, before the start: not counted
                F.done("2026-11-05", "0.7"),  // W45 Thu
                F.done("2026-11-07", "0.1"),  // W45 Sat, a rest day: still the week's
                F.done("2026-11-10", "0.3"),  // W46: short
                F.skipped("2026-11-17"),  // W47 Tue
                F.skipped("2026-11-19"),  // W47 Thu
                F.done("2026-11-24", "0.5"),  // W48 (this week) Tue: short so far
            ])
    }
    private let today = F.day("2026-11-25")

    @Test(arguments: [
        ("2026-11-02", PeriodState.success), ("2026-11-08", .success),
        ("2026-11-09", .failed), ("2026-11-15", .failed), ("2026-11-16", .skipped),
        ("2026-11-23", .pending), ("2026-11-29", .pending), ("2026-11-30", .future),
        ("2026-10-28", .beforeStart),
    ])
    func stateOfEachWeek(_ date: String, _ state: PeriodState) {
        #expect(history.state(of: F.day(date), today: today) == state)
    }

    @Test(arguments: [
        ("2026-11-03", PeriodState.beforeStart),  // in the first week, before the start
        ("2026-11-04", .rest), ("2026-11-05", .success), ("2026-11-07", .rest),
        ("2026-11-10", .failed), ("2026-11-12", .failed), ("2026-11-11", .rest),
        ("2026-11-17", .skipped), ("2026-11-24", .pending), ("2026-11-26", .pending),
        ("2026-12-01", .future),
    ])
    func calendarMarksActionDaysWithTheWeeksState(_ date: String, _ state: PeriodState) {
        #expect(history.calendarState(of: F.day(date), today: today) == state)
    }

    @Test func periodsAndStats() throws {
        #expect(
            F.periods(history, through: "2026-11-25") == [
                "2026-11-02 done", "2026-11-09 failed", "2026-11-16 skipped", "2026-11-23 pending",
            ])
        let stats = history.stats(today: today)
        #expect(stats.successCount == 1 && stats.failedCount == 1 && stats.skippedCount == 1)
        #expect(stats.currentStreak == 0 && stats.longestStreak == 1)
        #expect(try #require(stats.completionRate) == 0.5)
    }

    @Test func completionSumsTheWeekFromTheStart() {
        let first = history.completion(on: F.day("2026-11-06"), today: today)
        #expect(
            first
                == CompletionData(
                    target: F.amount("0.8"), current: F.amount("0.8"), state: .success))
        let current = history.completion(on: today, today: today)
        #expect(current.current == F.amount("0.5") && current.state == .pending)
        #expect(current.remaining == F.amount("0.3"))
    }

    @Test func currentWeekSucceedsOnceReached() {
        let reached = F.history(habit, [F.done("2026-11-24", "0.5"), F.done("2026-11-25", "0.3")])
        #expect(reached.state(of: today, today: today) == .success)
        #expect(reached.stats(today: today).currentStreak == 1)
    }

    @Test func firstWeekWithoutActionDayAfterTheStartIsNotCounted() {
        // Start on Friday; action days Mon and Wed: none left in the first week.
        let habit = F.habit(
            .weekly, start: "2026-11-06", days: ActionDays([.monday, .wednesday]), target: "1")
        let history = F.history(habit, [F.done("2026-11-07", "10"), F.done("2026-11-09", "1")])
        let today = F.day("2026-11-16")
        #expect(history.state(of: F.day("2026-11-07"), today: today) == .beforeStart)
        #expect(history.calendarState(of: F.day("2026-11-06"), today: today) == .rest)
        #expect(history.calendarState(of: F.day("2026-11-04"), today: today) == .beforeStart)
        #expect(
            F.periods(history, through: "2026-11-16") == ["2026-11-09 done", "2026-11-16 pending"])
    }

    @Test func firstWeekCountsOnlyFromTheStartDate() {
        // Start Thursday; the Monday entry is before the start, so the week falls short.
        let habit = F.habit(.weekly, start: "2026-11-05", days: .everyDay, target: "3")
        let history = F.history(habit, [F.done("2026-11-02", "2"), F.done("2026-11-06", "2")])
        #expect(history.state(of: F.day("2026-11-05"), today: F.day("2026-11-10")) == .failed)
        #expect(
            history.completion(on: F.day("2026-11-05"), today: F.day("2026-11-10")).current == 2)
    }

    @Test func skippedNeedsEveryPlannedDayOfTheWeek() {
        let habit = F.habit(
            .weekly, start: "2026-11-02", days: ActionDays([.tuesday, .thursday]), target: "1")
        let tuesdaySkipped = F.history(habit, [F.skipped("2026-11-10")])
        // Wednesday: Tuesday is skipped but Thursday is still planned.
        #expect(
            tuesdaySkipped.state(of: F.day("2026-11-10"), today: F.day("2026-11-11")) == .pending)
        #expect(
            tuesdaySkipped.state(of: F.day("2026-11-10"), today: F.day("2026-11-13")) == .pending)
        #expect(
            tuesdaySkipped.state(of: F.day("2026-11-10"), today: F.day("2026-11-16")) == .failed)
        // Both skipped, Thursday ahead of time: skipped from Monday on.
        let both = F.history(habit, [F.skipped("2026-11-10"), F.skipped("2026-11-12")])
        for today in ["2026-11-09", "2026-11-11", "2026-11-15", "2026-11-20"] {
            #expect(
                both.state(of: F.day("2026-11-12"), today: F.day(today)) == .skipped, "\(today)")
        }
        // Monday, nothing marked: pending.
        #expect(
            F.history(habit, []).state(of: F.day("2026-11-09"), today: F.day("2026-11-09"))
                == .pending)
        // A skip on a rest day does not count.
        let restSkipped = F.history(
            habit, [F.skipped("2026-11-09"), F.skipped("2026-11-10"), F.skipped("2026-11-12")])
        #expect(restSkipped.state(of: F.day("2026-11-09"), today: F.day("2026-11-16")) == .skipped)
        let onlyRest = F.history(habit, [F.skipped("2026-11-09"), F.skipped("2026-11-10")])
        #expect(onlyRest.state(of: F.day("2026-11-09"), today: F.day("2026-11-16")) == .failed)
    }

    @Test func currentWeekPartlySkippedIsPendingUntilEveryPlannedDayIs() {
        // Mon/Wed/Fri, target 1; the week of Monday 2026-11-09.
        let habit = F.habit(
            .weekly, start: "2026-11-02", days: ActionDays([.monday, .wednesday, .friday]),
            target: "1")
        let monWed = F.history(habit, [F.skipped("2026-11-09"), F.skipped("2026-11-11")])
        #expect(monWed.state(of: F.day("2026-11-09"), today: F.day("2026-11-12")) == .pending)
        #expect(monWed.state(of: F.day("2026-11-09"), today: F.day("2026-11-15")) == .pending)
        #expect(monWed.state(of: F.day("2026-11-09"), today: F.day("2026-11-16")) == .failed)
        #expect(
            monWed.calendarState(of: F.day("2026-11-11"), today: F.day("2026-11-12")) == .pending)
        let all = F.history(
            habit, [F.skipped("2026-11-09"), F.skipped("2026-11-11"), F.skipped("2026-11-13")])
        #expect(all.state(of: F.day("2026-11-09"), today: F.day("2026-11-12")) == .skipped)
        #expect(all.calendarState(of: F.day("2026-11-13"), today: F.day("2026-11-12")) == .skipped)
        #expect(all.calendarState(of: F.day("2026-11-12"), today: F.day("2026-11-12")) == .rest)
        #expect(all.state(of: F.day("2026-11-09"), today: F.day("2026-11-16")) == .skipped)
        // A begun week: reaching the target comes first, even with every day skipped.
        let doneAnyway = F.history(
            habit,
            [
                F.skipped("2026-11-09"), F.skipped("2026-11-11"), F.skipped("2026-11-13"),
                F.done("2026-11-14", "1"),  // Saturday, a rest day: still the week's
            ])
        #expect(doneAnyway.state(of: F.day("2026-11-09"), today: F.day("2026-11-14")) == .success)
        // The week's value is the sum of all its days, so once the week has
        // begun, Saturday's entry counts on Friday too.
        #expect(doneAnyway.state(of: F.day("2026-11-09"), today: F.day("2026-11-13")) == .success)
        // Before Monday the week is after today, and only the planned skip counts.
        #expect(doneAnyway.state(of: F.day("2026-11-09"), today: F.day("2026-11-08")) == .skipped)
    }

    /// After today only a planned skip counts. Tue/Thu, target 1, today
    /// Friday 2026-11-13; the next week runs from Monday 2026-11-16.
    @Test(arguments: [
        // entries of the next week, its state now, its state once over (today 11-23)
        (
            [F.skipped("2026-11-17"), F.skipped("2026-11-19")], PeriodState.skipped,
            PeriodState.skipped
        ),
        ([F.skipped("2026-11-17")], .future, .failed),
        ([F.done("2026-11-17", "1")], .future, .success),  // logged ahead
        ([F.done("2026-11-16", "5")], .future, .success),  // on a rest day, ahead
        (
            [F.skipped("2026-11-17"), F.skipped("2026-11-19"), F.done("2026-11-21", "1")],
            .skipped, .success
        ),
        ([F.skipped("2026-11-16"), F.skipped("2026-11-18")], .future, .failed),  // rest days
        ([], .future, .failed),
    ])
    func weekAfterTodayIsSkippedOrFuture(
        _ entries: [ProgressEntry], _ now: PeriodState, _ over: PeriodState
    ) {
        let habit = F.habit(
            .weekly, start: "2026-11-02", days: ActionDays([.tuesday, .thursday]), target: "1")
        let history = F.history(habit, entries)
        let today = F.day("2026-11-13")
        #expect(history.state(of: F.day("2026-11-16"), today: today) == now)
        #expect(history.completion(on: F.day("2026-11-20"), today: today).state == now)
        #expect(history.calendarState(of: F.day("2026-11-17"), today: today) == now)
        #expect(history.calendarState(of: F.day("2026-11-19"), today: today) == now)
        #expect(history.calendarState(of: F.day("2026-11-18"), today: today) == .rest)
        #expect(history.state(of: F.day("2026-11-16"), today: F.day("2026-11-23")) == over)
        // Not counted before it begins.
        #expect(
            history.periods(through: today).map(\.start) == [
                F.day("2026-11-02"), F.day("2026-11-09"),
            ])
    }

    @Test func firstWeekWithoutPlannedDayIsBeforeStartWhateverToday() {
        // Start on Friday 2026-11-06; action days Mon and Wed: none planned in the first week.
        let habit = F.habit(
            .weekly, start: "2026-11-06", days: ActionDays([.monday, .wednesday]), target: "1")
        let history = F.history(
            habit, [F.done("2026-11-06", "3"), F.skipped("2026-11-04"), F.skipped("2026-11-07")])
        for today in ["2026-10-20", "2026-11-02", "2026-11-06", "2026-11-08", "2026-12-01"] {
            #expect(
                history.state(of: F.day("2026-11-06"), today: F.day(today)) == .beforeStart,
                "\(today)")
            #expect(
                history.calendarState(of: F.day("2026-11-04"), today: F.day(today)) == .beforeStart)
        }
        #expect(history.periods(through: F.day("2026-11-08")).isEmpty)
        // The next week is the first counted one.
        #expect(history.state(of: F.day("2026-11-09"), today: F.day("2026-11-06")) == .future)
    }

    @Test func firstWeekPlannedDaysStartAtTheStartDate() {
        // Start Wednesday 2026-11-04, Mon/Wed/Fri: the first week's planned days are Wed and Fri.
        let habit = F.habit(
            .weekly, start: "2026-11-04", days: ActionDays([.monday, .wednesday, .friday]),
            target: "1")
        let history = F.history(habit, [F.skipped("2026-11-04"), F.skipped("2026-11-06")])
        #expect(history.state(of: F.day("2026-11-04"), today: F.day("2026-11-02")) == .skipped)
        #expect(history.state(of: F.day("2026-11-04"), today: F.day("2026-11-05")) == .skipped)
        #expect(
            history.calendarState(of: F.day("2026-11-02"), today: F.day("2026-11-05"))
                == .beforeStart)
        #expect(F.periods(history, through: "2026-11-08") == ["2026-11-02 skipped"])
        let wednesdayOnly = F.history(habit, [F.skipped("2026-11-04")])
        #expect(
            wednesdayOnly.state(of: F.day("2026-11-04"), today: F.day("2026-11-05")) == .pending)
        #expect(wednesdayOnly.state(of: F.day("2026-11-04"), today: F.day("2026-11-09")) == .failed)
    }

    @Test func isoWeek53AcrossTheYearBoundary() {
        // 2026-W53 runs from Monday 2026-12-28 to Sunday 2027-01-03.
        let habit = F.habit(.weekly, start: "2026-12-01", days: .everyDay, target: "1")
        let history = F.history(habit, [F.done("2026-12-31", "0.5"), F.done("2027-01-02", "0.5")])
        let today = F.day("2027-01-10")
        #expect(history.state(of: F.day("2026-12-28"), today: today) == .success)
        #expect(history.state(of: F.day("2027-01-03"), today: today) == .success)
        #expect(history.state(of: F.day("2027-01-04"), today: today) == .pending)
        #expect(
            F.periods(history, through: "2027-01-10") == [
                "2026-11-30 failed", "2026-12-07 failed", "2026-12-14 failed", "2026-12-21 failed",
                "2026-12-28 done", "2027-01-04 pending",
            ])
    }

    @Test func leapDayWeek() {
        let habit = F.habit(.weekly, start: "2028-02-28", days: ActionDays([.tuesday]), target: "2")
        let history = F.history(habit, [F.done("2028-02-29", "1"), F.done("2028-03-05", "1")])
        #expect(history.state(of: F.day("2028-02-29"), today: F.day("2028-03-06")) == .success)
        #expect(
            history.calendarState(of: F.day("2028-02-29"), today: F.day("2028-03-06")) == .success)
        #expect(history.calendarState(of: F.day("2028-03-05"), today: F.day("2028-03-06")) == .rest)
    }
}
