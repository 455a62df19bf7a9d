import Foundation
import HabitCore
import Testing

/// `HistoryReport`'s four series (periods, streaks, totals, weekdays)
/// checked against the rules of its doc comment and the History article:
/// a small example worked by hand for each kind of habit, the edges of the
/// range, the wire form, and random habits of every kind against a plain
/// reading of the rules and `HabitHistory.stats(today:)`.
@Suite struct HistoryReportTests {
    typealias F = HistoryFixture
    typealias Generator = ReferenceRulesTests.Generator
    typealias Reference = AllKindsReferenceTests.Reference

    // MARK: - Helpers

    /// The strength after a period of `days` days that earns `p`, from `previous`.
    static func step(_ previous: Double, days: Int, p: Double) -> Double {
        let keep = pow(0.5, Double(days).squareRoot() / 13)
        return previous * keep + p * (1 - keep)
    }

    /// `value` rounded to 4 decimal places, as the report writes a strength.
    static func four(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

    /// `value` rounded to 2 decimal places, half away from zero, as an
    /// exact `Decimal` (12.428… is 12.43, 0.625 is 0.63).
    static func hundredths(_ value: Double) -> Decimal {
        Decimal(Int64((value * 100).rounded())) / 100
    }

    static func report(
        _ habit: Habit, _ entries: [ProgressEntry], from: String, to: String, today: String
    ) -> HistoryReport {
        HistoryReport(
            history: HabitHistory(habit: habit, entries: entries), from: F.day(from),
            to: F.day(to), today: F.day(today))
    }

    /// Periods as "start end state value target", for readable expectations.
    static func lines(_ periods: [HistoryReport.Period]) -> [String] {
        periods.map { "\($0.start) \($0.end) \($0.state.rawValue) \($0.value) \($0.target)" }
    }

    static func lines(_ streaks: [HistoryReport.Streak]) -> [String] {
        streaks.map { "\($0.start) \($0.end) \($0.length)" }
    }

    static func lines(_ totals: [HistoryReport.Total]) -> [String] {
        totals.map { "\($0.start) \($0.end) \($0.value) \($0.target)" }
    }

    /// Weekday counts as "days planned logged", Monday first.
    static func lines(_ weekdays: [HistoryReport.WeekdayCount]) -> [String] {
        weekdays.map { "\($0.weekday): \($0.days) \($0.planned) \($0.logged)" }
    }

    /// The strengths after each period, as `step` walks them: `nil` leaves
    /// the strength as it was (skipped, pending, future).
    static func walk(days: [Int], earns: [Double?]) -> [Double] {
        var strength = 0.0
        return zip(days, earns).map { length, p in
            if let p { strength = step(strength, days: length, p: p) }
            return four(strength)
        }
    }

    // MARK: - Daily, with rest days

    /// Mon–Fri, target 2, from Monday 2026-11-02; today Thursday 11-12.
    static let weekdaysHabit = F.habit(.daily, start: "2026-11-02", days: .weekdays, target: "2")
    static let weekdaysEntries = [
        F.done("2026-11-01", "2"),  // a Sunday before the start: never counted
        F.done("2026-11-02", "2"),
        F.done("2026-11-03", "1"),  // failed, earns 1/2
        F.done("2026-11-04", "2"),
        F.skipped("2026-11-05"),
        F.done("2026-11-06", "2.5"),
        F.done("2026-11-07", "4"),  // a Saturday: rest, yet logged
        F.done("2026-11-09", "2"),
        // 11-10: nothing, failed
        F.done("2026-11-11", "3"),
        F.done("2026-11-12", "1"),  // today, pending
        F.skipped("2026-11-16"),  // skipped in advance
        F.done("2026-11-17", "2"),  // logged ahead: still future
    ]

    @Test func aDailyHabitsPeriodsAreItsPlannedDaysWithTheStrengthAfterEach() {
        let report = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-02", to: "2026-11-17",
            today: "2026-11-12")
        #expect(
            Self.lines(report.periods) == [
                "2026-11-02 2026-11-02 done 2 2",
                "2026-11-03 2026-11-03 failed 1 2",
                "2026-11-04 2026-11-04 done 2 2",
                "2026-11-05 2026-11-05 skipped 0 2",
                "2026-11-06 2026-11-06 done 2.5 2",
                "2026-11-09 2026-11-09 done 2 2",
                "2026-11-10 2026-11-10 failed 0 2",
                "2026-11-11 2026-11-11 done 3 2",
                "2026-11-12 2026-11-12 pending 1 2",
                "2026-11-13 2026-11-13 future 0 2",
                "2026-11-16 2026-11-16 skipped 0 2",
                "2026-11-17 2026-11-17 future 2 2",
            ])
        let expected = Self.walk(
            days: Array(repeating: 1, count: 12),
            earns: [1, 0.5, 1, nil, 1, 1, 0, 1, nil, nil, nil, nil])
        #expect(report.periods.map(\.strength) == expected)
        // The last decided period's strength is the stats' strength.
        let stats = HabitHistory(habit: Self.weekdaysHabit, entries: Self.weekdaysEntries)
            .stats(today: F.day("2026-11-12"))
        #expect(report.periods[7].strength == Self.four(stats.strength))
        #expect(report.habitID == 1 && report.today == F.day("2026-11-12"))
    }

    @Test func aDailyHabitsStreaksPassOverSkippedDaysAndEndAtAFailedOne() {
        let report = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-02", to: "2026-11-17",
            today: "2026-11-12")
        // 11-05 skipped and the weekend neither break nor extend the second run.
        #expect(
            Self.lines(report.streaks) == [
                "2026-11-02 2026-11-02 1", "2026-11-04 2026-11-09 3", "2026-11-11 2026-11-11 1",
            ])
        let stats = HabitHistory(habit: Self.weekdaysHabit, entries: Self.weekdaysEntries)
            .stats(today: F.day("2026-11-12"))
        #expect(report.streaks.map(\.length).max() == stats.longestStreak)
        #expect(report.streaks.last?.length == stats.currentStreak)
    }

    @Test func aDailyHabitsTotalsAreWholeWeeksAndMonthsAgainstItsPlannedDays() {
        let report = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-02", to: "2026-11-17",
            today: "2026-11-12")
        // Weeks: every value logged from the start (the Saturday too, skips
        // as 0); 5 planned days × target 2.
        let firstWeek = F.amount("2") + 1 + 2 + 0 + F.amount("2.5") + 4
        let secondWeek = F.amount("2") + 0 + 3 + 1
        #expect(
            Self.lines(report.totals.weeks) == [
                "2026-11-02 2026-11-08 \(firstWeek) \(5 * 2)",
                "2026-11-09 2026-11-15 \(secondWeek) \(5 * 2)",
            ])
        // November from the start (not 11-01), 11-17 logged ahead included;
        // its planned days: Mon–Fri from 11-02 through 11-30.
        var planned = 0
        for offset in 0..<29
        where Self.weekdaysHabit.actionDays.contains(
            F.day("2026-11-02").adding(days: offset).weekday)
        {
            planned += 1
        }
        #expect(planned == 21)
        #expect(
            Self.lines(report.totals.months) == [
                "2026-11-01 2026-11-30 \(firstWeek + secondWeek + 2) \(planned * 2)"
            ])
    }

    @Test func theWeekdayProfileCountsDaysPlannedAndLoggedUpToToday() {
        let report = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-02", to: "2026-11-17",
            today: "2026-11-12")
        // 11-02 … 11-12: two Mondays to Thursdays, one Friday to Sunday; a
        // skip or a day with nothing logged is not logged, a rest day's entry is.
        #expect(
            Self.lines(report.weekdays) == [
                "1: 2 2 2", "2: 2 2 1", "3: 2 2 2", "4: 2 2 1", "5: 1 1 1", "6: 1 0 1", "7: 1 0 0",
            ])
    }

    @Test func aRangeCutsPeriodsAndWeekdaysButNotTheStrengthStreaksOrBuckets() {
        let whole = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-02", to: "2026-11-17",
            today: "2026-11-12")
        let cut = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-05", to: "2026-11-10",
            today: "2026-11-12")
        #expect(cut.periods == Array(whole.periods[3...6]))
        // The run through 11-09 is given whole, from 11-04.
        #expect(Self.lines(cut.streaks) == ["2026-11-04 2026-11-09 3"])
        #expect(cut.totals == whole.totals)
        #expect(
            Self.lines(cut.weekdays) == [
                "1: 1 1 1", "2: 1 1 0", "3: 0 0 0", "4: 1 1 0", "5: 1 1 1", "6: 1 0 1", "7: 1 0 0",
            ])
        // A failed day between two runs: no run overlaps it.
        let failed = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-10", to: "2026-11-10",
            today: "2026-11-12")
        #expect(Self.lines(failed.periods) == ["2026-11-10 2026-11-10 failed 0 2"])
        #expect(failed.streaks.isEmpty)
    }

    @Test func aRangeEndingBeforeTodayStillWalksItsRunsWhole() {
        let whole = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-02", to: "2026-11-17",
            today: "2026-11-12")
        let early = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-01", to: "2026-11-06",
            today: "2026-11-12")
        #expect(early.periods == Array(whole.periods[0...4]))
        #expect(
            Self.lines(early.streaks) == ["2026-11-02 2026-11-02 1", "2026-11-04 2026-11-09 3"])
        #expect(early.totals.weeks == [whole.totals.weeks[0]])
        #expect(early.totals.months == whole.totals.months)
        #expect(
            Self.lines(early.weekdays) == [
                "1: 1 1 1", "2: 1 1 1", "3: 1 1 1", "4: 1 1 0", "5: 1 1 1", "6: 0 0 0", "7: 0 0 0",
            ])
    }

    @Test func aRangeBeforeTheStartOrAfterTodayHasNoTotals() {
        let before = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-10-01", to: "2026-11-01",
            today: "2026-11-12")
        #expect(before.periods.isEmpty && before.streaks.isEmpty)
        #expect(before.totals.weeks.isEmpty && before.totals.months.isEmpty)
        #expect(Self.lines(before.weekdays) == (1...7).map { "\($0): 0 0 0" })

        let ahead = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-13", to: "2026-11-17",
            today: "2026-11-12")
        let strength = Self.four(
            HabitHistory(habit: Self.weekdaysHabit, entries: Self.weekdaysEntries)
                .stats(today: F.day("2026-11-12")).strength)
        #expect(
            Self.lines(ahead.periods) == [
                "2026-11-13 2026-11-13 future 0 2",
                "2026-11-16 2026-11-16 skipped 0 2",
                "2026-11-17 2026-11-17 future 2 2",
            ])
        #expect(ahead.periods.allSatisfy { $0.strength == strength })
        // The current run ends on 11-11, before the range.
        #expect(ahead.streaks.isEmpty)
        #expect(ahead.totals.weeks.isEmpty && ahead.totals.months.isEmpty)
        #expect(Self.lines(ahead.weekdays) == (1...7).map { "\($0): 0 0 0" })
    }

    @Test func anEmptyHistoryFailsEveryPastDayAtNoStrength() {
        let habit = F.habit(.daily, start: "2026-11-02", target: "1")
        let report = Self.report(
            habit, [], from: "2026-11-02", to: "2026-11-05", today: "2026-11-04")
        #expect(
            Self.lines(report.periods) == [
                "2026-11-02 2026-11-02 failed 0 1", "2026-11-03 2026-11-03 failed 0 1",
                "2026-11-04 2026-11-04 pending 0 1", "2026-11-05 2026-11-05 future 0 1",
            ])
        #expect(report.periods.allSatisfy { $0.strength == 0 })
        #expect(report.streaks.isEmpty)
        #expect(Self.lines(report.totals.weeks) == ["2026-11-02 2026-11-08 0 7"])
        #expect(Self.lines(report.totals.months) == ["2026-11-01 2026-11-30 0 29"])
        #expect(
            Self.lines(report.weekdays) == [
                "1: 1 1 0", "2: 1 1 0", "3: 1 1 0", "4: 0 0 0", "5: 0 0 0", "6: 0 0 0", "7: 0 0 0",
            ])
    }

    /// The History article's worked example: each row with a strength is
    /// a period of this habit, with that state, value and strength.
    @Test func theArticlesWorkedExampleIsWhatTheReportSays() throws {
        let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/HabitCore/HabitCore.docc/History.md")
            .standardized
        let text = try String(contentsOf: article, encoding: .utf8)
        let table = try #require(
            StatusRulesArticleTests.tables(in: text).first {
                $0.header == ["Date", "Entry", "State", "Value", "Strength after"]
            })
        let report = Self.report(
            Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-02", to: "2026-11-17",
            today: "2026-11-12")
        var rows: [String] = []
        for row in table.rows where row["Strength after"]?.isEmpty == false {
            let date = String((row["Date"] ?? "").prefix(10))
            let state = (row["State"] ?? "").split(separator: " ").first.map {
                $0.replacingOccurrences(of: ",", with: "")
            }
            rows.append(
                "\(date) \(state ?? "") \(row["Value"] ?? "") \(row["Strength after"] ?? "")")
        }
        #expect(
            rows
                == report.periods.map {
                    "\($0.start) \($0.state.rawValue) \($0.value) \($0.strength)"
                })
    }

    // MARK: - Weekly

    /// Every day, target 3 a week, from Wednesday 2026-11-04; today Wednesday 12-09.
    static let weeklyHabit = F.habit(.weekly, start: "2026-11-04", target: "3")
    static let weeklyEntries: [ProgressEntry] =
        [
            F.done("2026-11-03", "5"),  // before the start, in its week: not counted
            F.done("2026-11-04", "1"), F.done("2026-11-06", "2"),  // done 3
            F.done("2026-11-10", "3.5"),  // done
        ] + (16...22).map { F.skipped("2026-11-\($0)") }  // every planned day skipped
        + [
            F.done("2026-11-24", "1"),  // failed, earns 1/3
            F.done("2026-11-30", "1"), F.done("2026-12-02", "2"),  // done
            F.done("2026-12-07", "2"),  // the current week: pending
        ] + (21...27).map { F.skipped("2026-12-\($0)") }  // skipped in advance

    @Test func aWeeklyHabitsPeriodsAndStreaks() {
        let report = Self.report(
            Self.weeklyHabit, Self.weeklyEntries, from: "2026-11-04", to: "2026-12-27",
            today: "2026-12-09")
        #expect(
            Self.lines(report.periods) == [
                "2026-11-02 2026-11-08 done 3 3",
                "2026-11-09 2026-11-15 done 3.5 3",
                "2026-11-16 2026-11-22 skipped 0 3",
                "2026-11-23 2026-11-29 failed 1 3",
                "2026-11-30 2026-12-06 done 3 3",
                "2026-12-07 2026-12-13 pending 2 3",
                "2026-12-14 2026-12-20 future 0 3",
                "2026-12-21 2026-12-27 skipped 0 3",
            ])
        #expect(
            report.periods.map(\.strength)
                == Self.walk(
                    days: Array(repeating: 7, count: 8),
                    earns: [1, 1, nil, 1.0 / 3, 1, nil, nil, nil]))
        #expect(
            Self.lines(report.streaks) == ["2026-11-02 2026-11-15 2", "2026-11-30 2026-12-06 1"])
        let stats = HabitHistory(habit: Self.weeklyHabit, entries: Self.weeklyEntries)
            .stats(today: F.day("2026-12-09"))
        #expect(report.periods[4].strength == Self.four(stats.strength))
        #expect(report.streaks.map(\.length).max() == stats.longestStreak)
        #expect(report.streaks.last?.length == stats.currentStreak)
    }

    @Test func aWeeklyTargetIsSharedAmongItsPlannedDaysInMonths() {
        let report = Self.report(
            Self.weeklyHabit, Self.weeklyEntries, from: "2026-11-04", to: "2026-12-27",
            today: "2026-12-09")
        // The first week's 5 planned days (from Wednesday) share its 3.
        #expect(
            Self.lines(report.totals.weeks) == [
                "2026-11-02 2026-11-08 3 3", "2026-11-09 2026-11-15 3.5 3",
                "2026-11-16 2026-11-22 0 3", "2026-11-23 2026-11-29 1 3",
                "2026-11-30 2026-12-06 3 3", "2026-12-07 2026-12-13 2 3",
            ])
        // November: four weeks and a seventh of the week from 11-30;
        // December: six sevenths of that week, three weeks and four sevenths
        // of the week from 12-28; skips add nothing.
        let day = 3.0 / 7
        #expect(
            Self.lines(report.totals.months) == [
                "2026-11-01 2026-11-30 8.5 \(Self.hundredths(4 * 3 + day))",
                "2026-12-01 2026-12-31 4 \(Self.hundredths(6 * day + 3 * 3 + 4 * day))",
            ])
        #expect(report.totals.months.map(\.target) == [F.amount("12.43"), F.amount("13.29")])
        // 11-04 … 12-09 is five weeks and a Wednesday; every day is planned.
        #expect(
            Self.lines(report.weekdays) == [
                "1: 5 5 2", "2: 5 5 2", "3: 6 6 2", "4: 5 5 0", "5: 5 5 1", "6: 5 5 0", "7: 5 5 0",
            ])
    }

    @Test func valuesAddExactlyAsWritten() throws {
        let habit = F.habit(.weekly, start: "2026-11-02", target: "0.8")
        let report = Self.report(
            habit, [F.done("2026-11-02", "0.7"), F.done("2026-11-03", "0.1")],
            from: "2026-11-02", to: "2026-11-08", today: "2026-11-10")
        #expect(Self.lines(report.periods) == ["2026-11-02 2026-11-08 done 0.8 0.8"])
        #expect(Self.lines(report.totals.weeks) == ["2026-11-02 2026-11-08 0.8 0.8"])
        // 0.8 a week over 7 days: November holds 4 weeks and the Monday 11-30.
        #expect(
            report.totals.months.map(\.target) == [Self.hundredths(4 * 0.8 + 0.8 / 7)])
    }

    // MARK: - Monthly

    /// Every day, target 4 a month, from 2026-08-15; today 2026-11-20.
    static let monthlyHabit = F.habit(.monthly, start: "2026-08-15", target: "4")
    static let monthlyEntries = [
        F.done("2026-08-10", "3"),  // before the start
        F.done("2026-08-20", "2"), F.done("2026-08-30", "2"),  // done
        F.done("2026-09-10", "1"),  // failed, earns 1/4
        F.done("2026-10-03", "5"),  // done
        F.done("2026-11-02", "2"),  // the current month: pending
    ]

    @Test func aMonthlyHabitsPeriodsStreaksAndProRatedWeeks() throws {
        let report = Self.report(
            Self.monthlyHabit, Self.monthlyEntries, from: "2026-08-15", to: "2026-12-31",
            today: "2026-11-20")
        #expect(
            Self.lines(report.periods) == [
                "2026-08-01 2026-08-31 done 4 4", "2026-09-01 2026-09-30 failed 1 4",
                "2026-10-01 2026-10-31 done 5 4", "2026-11-01 2026-11-30 pending 2 4",
                "2026-12-01 2026-12-31 future 0 4",
            ])
        // L is the month's length, the first month's too.
        #expect(
            report.periods.map(\.strength)
                == Self.walk(days: [31, 30, 31, 30, 31], earns: [1, 0.25, 1, nil, nil]))
        #expect(
            Self.lines(report.streaks) == ["2026-08-01 2026-08-31 1", "2026-10-01 2026-10-31 1"])
        // Each month's target over its planned days: August's 17 from the
        // 15th, so all of it; December is after today.
        #expect(
            Self.lines(report.totals.months) == [
                "2026-08-01 2026-08-31 4 4", "2026-09-01 2026-09-30 1 4",
                "2026-10-01 2026-10-31 5 4", "2026-11-01 2026-11-30 2 4",
            ])
        // Weeks from the one holding 08-15 to the one holding today.
        let weeks = report.totals.weeks
        #expect(weeks.count == 15)
        #expect(weeks.first?.start == F.day("2026-08-10") && weeks.last?.end == F.day("2026-11-22"))
        #expect(
            Self.lines([weeks[0]]) == ["2026-08-10 2026-08-16 0 \(Self.hundredths(2 * 4 / 17.0))"])
        // 09-28 … 10-04: three days of September's 4 and four of October's.
        let straddling = try #require(weeks.first { $0.start == F.day("2026-09-28") })
        #expect(straddling.value == 5)
        #expect(straddling.target == Self.hundredths(3 * 4 / 30.0 + 4 * 4 / 31.0))
        #expect(straddling.target == F.amount("0.92"))
    }

    // MARK: - Every N days

    /// Blocks of 3 days from Sunday 2026-11-01, target 2; today 11-14.
    @Test func anEveryNDaysHabitsBlocksStreaksAndTotals() {
        let habit = Habit(
            id: 7, name: "Water the plants", frequency: .everyNDays, measurementType: "times",
            startDate: F.day("2026-11-01"), actionDays: .everyDay, targetValue: 2,
            periodDays: 3)
        let entries = [
            F.done("2026-11-01", "1"), F.done("2026-11-03", "1"),  // done
            F.done("2026-11-05", "1"),  // failed, earns 1/2
            F.done("2026-11-07", "2"),  // done
            F.done("2026-11-11", "3"),  // done
            F.done("2026-11-13", "1"),  // the current block: pending
        ]
        let report = Self.report(
            habit, entries, from: "2026-11-01", to: "2026-11-18", today: "2026-11-14")
        #expect(report.habitID == 7)
        #expect(
            Self.lines(report.periods) == [
                "2026-11-01 2026-11-03 done 2 2", "2026-11-04 2026-11-06 failed 1 2",
                "2026-11-07 2026-11-09 done 2 2", "2026-11-10 2026-11-12 done 3 2",
                "2026-11-13 2026-11-15 pending 1 2", "2026-11-16 2026-11-18 future 0 2",
            ])
        #expect(
            report.periods.map(\.strength)
                == Self.walk(days: Array(repeating: 3, count: 6), earns: [1, 0.5, 1, 1, nil, nil]))
        #expect(
            Self.lines(report.streaks) == ["2026-11-01 2026-11-03 1", "2026-11-07 2026-11-12 2"])
        // Each day holds a third of its block's 2.
        let day = 2.0 / 3
        #expect(
            Self.lines(report.totals.weeks) == [
                "2026-10-26 2026-11-01 1 \(Self.hundredths(day))",
                "2026-11-02 2026-11-08 4 \(Self.hundredths(7 * day))",
                "2026-11-09 2026-11-15 4 \(Self.hundredths(7 * day))",
            ])
        #expect(Self.lines(report.totals.months) == ["2026-11-01 2026-11-30 9 20"])
    }

    // MARK: - At most

    /// At most 1 a day from Monday 2026-11-02.
    static let limitHabit = Habit(
        id: 1, name: "Coffee", frequency: .daily, measurementType: "cups",
        startDate: F.day("2026-11-02"), actionDays: .everyDay, targetValue: 1, goal: .atMost)

    @Test func anAtMostDayOverTheLimitFailsAtOnceAndCountsInTheStrength() {
        let entries = [
            // 11-02: nothing, done
            F.done("2026-11-03", "3"),  // failed, earns max(0, 1 − 2/1) = 0
            F.done("2026-11-04", "1.5"),  // failed, earns 1 − 0.5/1
            F.done("2026-11-05", "1"),  // done
            F.done("2026-11-06", "2"),  // today, over: failed already
        ]
        let report = Self.report(
            Self.limitHabit, entries, from: "2026-11-02", to: "2026-11-07", today: "2026-11-06")
        #expect(
            Self.lines(report.periods) == [
                "2026-11-02 2026-11-02 done 0 1", "2026-11-03 2026-11-03 failed 3 1",
                "2026-11-04 2026-11-04 failed 1.5 1", "2026-11-05 2026-11-05 done 1 1",
                "2026-11-06 2026-11-06 failed 2 1", "2026-11-07 2026-11-07 future 0 1",
            ])
        #expect(
            report.periods.map(\.strength)
                == Self.walk(days: Array(repeating: 1, count: 6), earns: [1, 0, 0.5, 1, 0, nil]))
        #expect(
            Self.lines(report.streaks) == ["2026-11-02 2026-11-02 1", "2026-11-05 2026-11-05 1"])
        let stats = HabitHistory(habit: Self.limitHabit, entries: entries)
            .stats(today: F.day("2026-11-06"))
        #expect(stats.currentStreak == 0 && stats.longestStreak == 1)
        #expect(report.periods[4].strength == Self.four(stats.strength))
        #expect(
            Self.lines(report.weekdays).prefix(5) == [
                "1: 1 1 0", "2: 1 1 1", "3: 1 1 1", "4: 1 1 1", "5: 1 1 1",
            ])
    }

    @Test func anAtMostDayWithinTheLimitStaysPendingAndKeepsTheStrength() {
        let entries = [F.done("2026-11-02", "1"), F.done("2026-11-03", "0.5")]
        let report = Self.report(
            Self.limitHabit, entries, from: "2026-11-02", to: "2026-11-03", today: "2026-11-03")
        #expect(
            Self.lines(report.periods) == [
                "2026-11-02 2026-11-02 done 1 1", "2026-11-03 2026-11-03 pending 0.5 1",
            ])
        #expect(report.periods.map(\.strength) == Self.walk(days: [1, 1], earns: [1, nil]))
        #expect(Self.lines(report.streaks) == ["2026-11-02 2026-11-02 1"])
    }

    @Test func anAtMostWeekEarnsWhatItStayedUnder() {
        var habit = Self.limitHabit
        habit.frequency = .weekly
        habit.targetValue = 3
        let entries = [
            F.done("2026-11-03", "2"),  // within: done once ended
            F.done("2026-11-10", "3"), F.done("2026-11-12", "1"),  // 4: failed, earns 1 − 1/3
            F.done("2026-11-16", "1"),  // the current week: pending
        ]
        let report = Self.report(
            habit, entries, from: "2026-11-02", to: "2026-11-22", today: "2026-11-18")
        #expect(
            Self.lines(report.periods) == [
                "2026-11-02 2026-11-08 done 2 3", "2026-11-09 2026-11-15 failed 4 3",
                "2026-11-16 2026-11-22 pending 1 3",
            ])
        #expect(
            report.periods.map(\.strength)
                == Self.walk(days: [7, 7, 7], earns: [1, 1 - 1.0 / 3, nil]))
        #expect(Self.lines(report.streaks) == ["2026-11-02 2026-11-08 1"])
        #expect(report.totals.weeks.map(\.value) == [2, 4, 1])
    }

    // MARK: - Wire form

    @Test func theWireFormIsSnakeCaseAndRoundTrips() throws {
        let report = Self.report(
            Self.weeklyHabit, Self.weeklyEntries, from: "2026-11-04", to: "2026-12-27",
            today: "2026-12-09")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(report)
        #expect(try JSONDecoder().decode(HistoryReport.self, from: data) == report)

        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "habit_id", "from", "to", "today", "periods", "streaks", "totals", "weekdays",
            ])
        #expect(object["habit_id"] as? Int == 1)
        #expect(object["from"] as? String == "2026-11-04")
        let periods = try #require(object["periods"] as? [[String: Any]])
        #expect(
            Set(periods[0].keys) == ["start", "end", "state", "value", "target", "strength"])
        #expect(periods[1]["state"] as? String == "done")
        #expect((periods[1]["value"] as? NSNumber)?.doubleValue == 3.5)
        let streaks = try #require(object["streaks"] as? [[String: Any]])
        #expect(Set(streaks[0].keys) == ["start", "end", "length"])
        let totals = try #require(object["totals"] as? [String: Any])
        #expect(Set(totals.keys) == ["weeks", "months"])
        let weekdays = try #require(object["weekdays"] as? [[String: Any]])
        #expect(Set(weekdays[0].keys) == ["weekday", "days", "planned", "logged"])
        // Numbers, not strings, written without a binary fraction's tail.
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(
            text.contains(#""end":"2026-11-30","start":"2026-11-01","target":12.43,"value":8.5"#))
        #expect(text.contains(#""strength":\#(report.periods[0].strength)"#))
    }

    /// `HistoryReportEncoder`'s bytes are `JSONEncoder`'s with sorted keys.
    static func expectEncodedAsJSONEncoderDoes(
        _ report: HistoryReport, _ context: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(report)
        let written = HistoryReportEncoder.encode(report)
        #expect(
            String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            "\(context)", sourceLocation: sourceLocation)
        #expect(
            try JSONDecoder().decode(HistoryReport.self, from: written) == report, "\(context)",
            sourceLocation: sourceLocation)
    }

    @Test func theEncoderWritesWhatJSONEncoderWrites() throws {
        try Self.expectEncodedAsJSONEncoderDoes(
            Self.report(
                Self.weeklyHabit, Self.weeklyEntries, from: "2026-11-04", to: "2026-12-27",
                today: "2026-12-09"))
        try Self.expectEncodedAsJSONEncoderDoes(
            Self.report(
                Self.weekdaysHabit, Self.weekdaysEntries, from: "2026-11-02", to: "2026-11-17",
                today: "2026-11-12"))
        try Self.expectEncodedAsJSONEncoderDoes(
            Self.report(
                Self.weekdaysHabit, [], from: "2026-10-01", to: "2026-10-02", today: "2026-11-12"))
        // Amounts written with trailing zeros, a large one and tiny strengths.
        let habit = F.habit(.daily, start: "2026-11-02", target: "2.50")
        try Self.expectEncodedAsJSONEncoderDoes(
            Self.report(
                habit,
                [
                    F.done("2026-11-02", "0.10"), F.done("2026-11-03", "1000000"),
                    F.done("2026-11-04", "0.000001"), F.done("2026-11-05", "2.5"),
                ], from: "2026-11-02", to: "2026-11-09", today: "2026-11-06"))
    }

    // MARK: - Random habits against the rules

    /// The report the rules give, the slow and obvious way: every period from
    /// the start through the one holding the later of `to` and `today`, the
    /// strength walked from the formula, runs from the states, and totals
    /// and weekdays added up day by day.
    struct Expected {
        var periods: [HistoryReport.Period] = []
        var streaks: [HistoryReport.Streak] = []
        var weeks: [HistoryReport.Total] = []
        var months: [HistoryReport.Total] = []
        var weekdays: [HistoryReport.WeekdayCount]

        init(reference: Reference, from: LocalDate, to: LocalDate, today: LocalDate) {
            let habit = reference.habit
            let target = NSDecimalNumber(decimal: habit.targetValue).doubleValue
            var strength = 0.0
            var run: HistoryReport.Streak?
            var runs: [HistoryReport.Streak] = []
            var first = reference.bounds(habit.startDate).first
            let through = max(to, today)
            while first <= through {
                let last = reference.bounds(first).last
                let state = reference.state(first, today: today)
                defer { first = last.adding(days: 1) }
                if state == .beforeStart || state == .rest { continue }
                let value = NSDecimalNumber(decimal: reference.value(first)).doubleValue
                let length = first.days(to: last) + 1
                switch state {
                case .success:
                    strength = HistoryReportTests.step(strength, days: length, p: 1)
                    run =
                        run.map {
                            HistoryReport.Streak(start: $0.start, end: last, length: $0.length + 1)
                        }
                        ?? HistoryReport.Streak(start: first, end: last, length: 1)
                case .failed:
                    let p =
                        habit.goal == .atLeast
                        ? min(1, value / target)
                        : (target > 0 ? min(1, max(0, 1 - (value - target) / target)) : 0)
                    strength = HistoryReportTests.step(strength, days: length, p: p)
                    if let open = run { runs.append(open) }
                    run = nil
                default:
                    break
                }
                if last >= from && first <= to {
                    periods.append(
                        HistoryReport.Period(
                            start: first, end: last, state: state, value: reference.value(first),
                            target: habit.targetValue, strength: HistoryReportTests.four(strength)))
                }
            }
            if let open = run { runs.append(open) }
            streaks = runs.filter { $0.end >= from && $0.start <= to }

            // Totals and weekdays: the days from the later of `from` and the
            // start through the earlier of `to` and `today`.
            weekdays = (1...7).map {
                HistoryReport.WeekdayCount(weekday: $0, days: 0, planned: 0, logged: 0)
            }
            let counted = max(from, habit.startDate)
            let upTo = min(to, today)
            guard counted <= upTo else { return }
            var day = counted
            while day <= upTo {
                let index = day.weekday.rawValue - 1
                weekdays[index].days += 1
                if reference.isAction(day) { weekdays[index].planned += 1 }
                if let entry = reference.entries[day], !entry.skipped, entry.value > 0 {
                    weekdays[index].logged += 1
                }
                day = day.adding(days: 1)
            }
            func bucket(_ start: LocalDate, _ end: LocalDate) -> HistoryReport.Total {
                var value: Decimal = 0
                var share = 0.0
                for day in reference.days(start, end) where day >= habit.startDate {
                    if let entry = reference.entries[day], !entry.skipped { value += entry.value }
                    guard reference.isAction(day) else { continue }
                    let (first, last) = reference.bounds(day)
                    let planned = reference.days(first, last).filter {
                        $0 >= habit.startDate && reference.isAction($0)
                    }.count
                    share += target / Double(planned)
                }
                return HistoryReport.Total(
                    start: start, end: end, value: value,
                    target: HistoryReportTests.hundredths(share))
            }
            var week = counted.startOfISOWeek
            while week <= upTo {
                weeks.append(bucket(week, week.adding(days: 6)))
                week = week.adding(days: 7)
            }
            var month = counted.startOfMonth
            while month <= upTo {
                let end = month.adding(
                    days: LocalDate.daysInMonth(year: month.year, month: month.month) - 1)
                months.append(bucket(month, end))
                month = end.adding(days: 1)
            }
        }
    }

    @Test(arguments: 0..<8)
    func randomHabitsAgreeWithTheRulesAndTheStats(seed: UInt64) throws {
        var random = Generator(state: seed &* 48_271 &+ 11)
        let base = F.day("2026-01-01")
        for _ in 0..<20 {
            let habit = AllKindsReferenceTests.randomHabit(base: base, using: &random)
            let entries = AllKindsReferenceTests.randomEntries(
                base: base, days: -5..<160, count: Int.random(in: 0..<120, using: &random),
                using: &random)
            let history = HabitHistory(habit: habit, entries: entries)
            let reference = Reference(habit: habit, entries: entries)
            let today = base.adding(days: Int.random(in: 0..<150, using: &random))
            let from = base.adding(days: Int.random(in: -20..<150, using: &random))
            let to = from.adding(days: Int.random(in: 0..<90, using: &random))
            let context =
                "\(habit.frequency) \(habit.periodDays ?? 0) \(habit.goal) \(habit.targetValue) "
                + "start \(habit.startDate) days \(habit.actionDays.summary) "
                + "\(from)…\(to) today \(today)"

            let report = HistoryReport(history: history, from: from, to: to, today: today)
            let expected = Expected(reference: reference, from: from, to: to, today: today)
            #expect(report.periods.count == expected.periods.count, "\(context)")
            for (got, want) in zip(report.periods, expected.periods) {
                var rounded = got
                // Summed in another order, a strength may round the other way at the 4th place.
                #expect(abs(got.strength - want.strength) <= 0.000_100_1, "\(context)")
                rounded.strength = want.strength
                #expect(rounded == want, "\(context)")
            }
            #expect(report.streaks == expected.streaks, "\(context)")
            #expect(report.totals.weeks == expected.weeks, "\(context)")
            #expect(report.totals.months == expected.months, "\(context)")
            #expect(report.weekdays == expected.weekdays, "\(context)")
            try Self.expectEncodedAsJSONEncoderDoes(report, context)

            // The strength after each period is the stats' strength as of the
            // day after it (with nothing logged later), or as of today for one
            // that has not ended.
            let stats = history.stats(today: today)
            for period in report.periods {
                let strength: Double
                if period.end < today {
                    strength =
                        HabitHistory(
                            habit: habit, entries: entries.filter { $0.date <= period.end }
                        )
                        .stats(today: period.end.adding(days: 1)).strength
                } else {
                    strength = stats.strength
                }
                #expect(period.strength == Self.four(strength), "\(period.start), \(context)")
            }

            // Over the whole history the runs are the stats' streaks.
            let whole = HistoryReport(
                history: history, from: habit.startDate.adding(days: -40),
                to: max(today, habit.startDate), today: today)
            #expect(whole.streaks.map(\.length).reduce(0, +) == stats.successCount, "\(context)")
            #expect((whole.streaks.map(\.length).max() ?? 0) == stats.longestStreak, "\(context)")
            if stats.currentStreak > 0 {
                #expect(whole.streaks.last?.length == stats.currentStreak, "\(context)")
            } else if let last = whole.streaks.last {
                #expect(
                    whole.periods.contains { $0.state == .failed && $0.start > last.end },
                    "\(context)")
            }
            // A range cuts the whole history's periods and runs; it never changes them.
            #expect(
                report.periods.filter { $0.end <= today }
                    == whole.periods.filter { $0.end >= from && $0.start <= to && $0.end <= today },
                "\(context)")
            #expect(
                report.streaks == whole.streaks.filter { $0.end >= from && $0.start <= to },
                "\(context)")
        }
    }
}
