import Foundation
import HabitCore
import Testing

/// Random habits of every kind (the four frequencies, both goals) checked
/// against a plain reading of the rules of issue 38, day by day in
/// `Decimal`; and checkpoints and streak windows of every kind against the
/// whole walk.
@Suite struct AllKindsReferenceTests {
    typealias F = HistoryFixture
    typealias Generator = ReferenceRulesTests.Generator

    /// The rules as the StatusRules article states them, the slow and obvious way.
    struct Reference {
        let habit: Habit
        let entries: [LocalDate: ProgressEntry]

        init(habit: Habit, entries: [ProgressEntry]) {
            self.habit = habit
            var byDate: [LocalDate: ProgressEntry] = [:]
            for entry in entries { byDate[entry.date] = entry }
            self.entries = byDate
        }

        /// The first and last day of the period containing `date`, found by walking.
        func bounds(_ date: LocalDate) -> (first: LocalDate, last: LocalDate) {
            switch habit.frequency {
            case .daily:
                return (date, date)
            case .weekly:
                return (date.startOfISOWeek, date.startOfISOWeek.adding(days: 6))
            case .monthly:
                var last = date
                while last.adding(days: 1).month == date.month { last = last.adding(days: 1) }
                return (date.startOfMonth, last)
            case .everyNDays:
                let n = habit.periodDays ?? 1
                var first = habit.startDate
                while first > date { first = first.adding(days: -n) }
                while first.adding(days: n) <= date { first = first.adding(days: n) }
                return (first, first.adding(days: n - 1))
            }
        }

        func days(_ first: LocalDate, _ last: LocalDate) -> [LocalDate] {
            (0...first.days(to: last)).map { first.adding(days: $0) }
        }

        func isAction(_ date: LocalDate) -> Bool { habit.actionDays.contains(date.weekday) }
        func isSkipped(_ date: LocalDate) -> Bool { entries[date]?.skipped == true }

        func value(_ date: LocalDate) -> Decimal {
            if habit.frequency == .daily { return entries[date]?.value ?? 0 }
            let (first, last) = bounds(date)
            return days(first, last).filter { $0 >= habit.startDate }
                .reduce(Decimal(0)) { $0 + (entries[$1]?.value ?? 0) }
        }

        func state(_ date: LocalDate, today: LocalDate) -> PeriodState {
            let (first, last) = bounds(date)
            let planned = days(first, last).filter { $0 >= habit.startDate && isAction($0) }
            if planned.isEmpty {
                if habit.frequency == .daily {
                    return date < habit.startDate ? .beforeStart : .rest
                }
                return first <= habit.startDate ? .beforeStart : .rest
            }
            let allSkipped = planned.allSatisfy(isSkipped)
            if first > today { return allSkipped ? .skipped : .future }
            let value = value(date)
            switch habit.goal {
            case .atLeast:
                if value >= habit.targetValue { return .success }
                if allSkipped { return .skipped }
                return last < today ? .failed : .pending
            case .atMost:
                if last < today && value <= habit.targetValue { return .success }
                if allSkipped { return .skipped }
                return value > habit.targetValue ? .failed : .pending
            }
        }

        func calendarState(_ date: LocalDate, today: LocalDate) -> PeriodState {
            if habit.frequency == .daily { return state(date, today: today) }
            if date < habit.startDate { return .beforeStart }
            if !isAction(date) { return .rest }
            return state(date, today: today)
        }

        func periods(through today: LocalDate) -> [(first: LocalDate, state: PeriodState)] {
            var result: [(first: LocalDate, state: PeriodState)] = []
            var first = bounds(habit.startDate).first
            while first <= today {
                let state = state(first, today: today)
                if state != .beforeStart && state != .rest { result.append((first, state)) }
                first = bounds(first).last.adding(days: 1)
            }
            return result
        }

        func stats(today: LocalDate) -> HabitStats {
            var stats = HabitStats(
                currentStreak: 0, longestStreak: 0, successCount: 0, failedCount: 0,
                skippedCount: 0)
            for (first, state) in periods(through: today) {
                let length = Double(first.days(to: bounds(first).last) + 1)
                let keep = pow(0.5, length.squareRoot() / 13)
                let value = NSDecimalNumber(decimal: value(first)).doubleValue
                let target = NSDecimalNumber(decimal: habit.targetValue).doubleValue
                switch state {
                case .success:
                    stats.successCount += 1
                    stats.currentStreak += 1
                    stats.longestStreak = max(stats.longestStreak, stats.currentStreak)
                    stats.strength = stats.strength * keep + (1 - keep)
                case .failed:
                    stats.failedCount += 1
                    stats.currentStreak = 0
                    let share =
                        habit.goal == .atLeast
                        ? min(1, value / target)
                        : (target > 0 ? max(0, 1 - (value - target) / target) : 0)
                    stats.strength = stats.strength * keep + share * (1 - keep)
                case .skipped:
                    stats.skippedCount += 1
                default:
                    break
                }
            }
            return stats
        }
    }

    /// A random habit of any kind, from around `base`.
    static func randomHabit(base: LocalDate, using random: inout Generator) -> Habit {
        let frequency = Frequency.allCases.randomElement(using: &random) ?? .daily
        let goal: Goal = Bool.random(using: &random) ? .atLeast : .atMost
        var days = ActionDays(Weekday.allCases.filter { _ in Bool.random(using: &random) })
        if days.isEmpty { days = ActionDays([.wednesday]) }
        var targets = ["0.8", "1", "2.5", "4"]
        if goal == .atMost { targets.append("0") }
        return Habit(
            id: 1, name: "Random", frequency: frequency, measurementType: "km",
            startDate: base.adding(days: Int.random(in: 0..<40, using: &random)),
            actionDays: days, targetValue: F.amount(targets.randomElement(using: &random) ?? "1"),
            goal: goal,
            periodDays: frequency == .everyNDays
                ? [2, 3, 4, 5, 9, 10, 31].randomElement(using: &random) : nil)
    }

    static func randomEntries(
        base: LocalDate, days: Range<Int>, count: Int, using random: inout Generator
    ) -> [ProgressEntry] {
        let amounts = ["0", "0.1", "0.7", "0.8", "1", "2.5", "0.35", "3"].map { F.amount($0) }
        return (0..<count).map { _ in
            ProgressEntry(
                date: base.adding(days: Int.random(in: days, using: &random)),
                value: amounts.randomElement(using: &random) ?? 0,
                skipped: Int.random(in: 0..<5, using: &random) == 0)
        }
    }

    @Test(arguments: 0..<8)
    func randomHistoriesAgreeWithTheReference(seed: UInt64) throws {
        var random = Generator(state: seed &* 6007 &+ 5)
        let base = F.day("2026-10-01")
        for _ in 0..<25 {
            let habit = Self.randomHabit(base: base, using: &random)
            let entries = Self.randomEntries(
                base: base, days: -5..<120, count: Int.random(in: 0..<80, using: &random),
                using: &random)
            let history = HabitHistory(habit: habit, entries: entries)
            let reference = Reference(habit: habit, entries: entries)
            let today = base.adding(days: Int.random(in: 0..<110, using: &random))
            let context =
                "\(habit.frequency) \(habit.periodDays ?? 0) \(habit.goal) \(habit.targetValue) "
                + "start \(habit.startDate) days \(habit.actionDays.summary) today \(today)"
            let states = history.calendarStates(
                from: base.adding(days: -7), count: 140, today: today)
            for offset in 0..<140 {
                let date = base.adding(days: offset - 7)
                #expect(
                    history.state(of: date, today: today) == reference.state(date, today: today),
                    "state of \(date), \(context)")
                #expect(
                    history.completion(on: date, today: today).current == reference.value(date),
                    "value of \(date), \(context)")
                #expect(
                    states[offset] == reference.calendarState(date, today: today),
                    "calendar state of \(date), \(context)")
            }
            #expect(
                history.periods(through: today).map { "\($0.start) \($0.state.rawValue)" }
                    == reference.periods(through: today).map { "\($0.first) \($0.state.rawValue)" },
                "\(context)")
            var stats = history.stats(today: today)
            let expected = reference.stats(today: today)
            #expect(abs(stats.strength - expected.strength) < 1e-9, "strength, \(context)")
            stats.strength = expected.strength
            #expect(stats == expected, "\(context)")
        }
    }

    /// Checkpoints of every kind, made and resumed on random days with only
    /// the entries from `resumeDate(for:)` on, always match the whole walk.
    @Test(arguments: 0..<24)
    func checkpointsOfEveryKindResumeAsTheyWalk(seed: UInt64) throws {
        var random = Generator(state: seed &* 104_723 &+ 29)
        let base = F.day("2023-01-01")
        var habit = Self.randomHabit(base: base, using: &random)
        // Every kind in turn, whatever the draw.
        habit.frequency = Frequency.allCases[Int(seed) % Frequency.allCases.count]
        habit.periodDays = habit.frequency == .everyNDays ? 2 + Int(seed) % 12 : nil
        let entries = Self.randomEntries(
            base: base, days: -10..<700, count: 500, using: &random)
        let full = HabitHistory(habit: habit, entries: entries)
        var checkpoint: HistoryCheckpoint?
        var today = base.adding(days: Int.random(in: 0..<60, using: &random))
        for _ in 0..<5 {
            let history =
                checkpoint.map { made in
                    HabitHistory(
                        habit: habit,
                        entries: entries.filter { $0.date >= made.resumeDate(for: habit) })
                } ?? full
            let resumed = history.stats(today: today, resuming: checkpoint)
            HistoryCheckpointTests.expectEqual(
                resumed.stats, full.stats(today: today),
                "seed \(seed), \(habit.frequency), \(today)")
            if let made = resumed.checkpoint {
                // It covers whole periods that ended before today's.
                let periods = HabitPeriods(of: habit)
                #expect(periods.first(containing: made.through) == made.through)
                #expect(made.lastDay(for: habit) < periods.first(containing: today))
                #expect(made.resumeDate(for: habit) == made.lastDay(for: habit).adding(days: 1))
                #expect(made.applies(to: habit, today: today))
            }
            checkpoint = resumed.checkpoint
            today = today.adding(days: Int.random(in: 0..<150, using: &random))
        }
    }

    @Test func aCheckpointIsTiedToTheGoalAndThePeriodLength() throws {
        let habit = Habit(
            id: 1, name: "x", frequency: .everyNDays, measurementType: "x",
            startDate: F.day("2026-01-01"), actionDays: .everyDay, targetValue: 2, goal: .atMost,
            periodDays: 3)
        #expect(
            HistoryCheckpoint.rules(of: habit) == "EVERY_N_DAYS 2026-01-01 127 2 every 3 AT_MOST")
        let checkpoint = try #require(
            HabitHistory(habit: habit, entries: []).stats(today: F.day("2026-03-01"), resuming: nil)
                .checkpoint)
        #expect(checkpoint.applies(to: habit, today: F.day("2026-03-01")))
        var longer = habit
        longer.periodDays = 4
        #expect(!checkpoint.applies(to: longer, today: F.day("2026-03-01")))
        var atLeast = habit
        atLeast.goal = .atLeast
        #expect(!checkpoint.applies(to: atLeast, today: F.day("2026-03-01")))
        var monthly = habit
        monthly.frequency = .monthly
        monthly.periodDays = nil
        #expect(HistoryCheckpoint.rules(of: monthly) == "MONTHLY 2026-01-01 127 2 AT_MOST")
    }

    @Test func aMonthlyCheckpointCoversWholeMonths() throws {
        let habit = Habit(
            id: 1, name: "x", frequency: .monthly, measurementType: "x",
            startDate: F.day("2026-01-20"), actionDays: .everyDay, targetValue: 1)
        let made = try #require(
            HabitHistory(habit: habit, entries: [F.done("2026-02-03", "1")])
                .stats(today: F.day("2026-04-15"), resuming: nil).checkpoint)
        #expect(made.through == F.day("2026-03-01"))
        #expect(made.lastDay(for: habit) == F.day("2026-03-31"))
        #expect(made.resumeDate(for: habit) == F.day("2026-04-01"))
        #expect(!made.applies(to: habit, today: F.day("2026-03-31")))
        #expect(made.applies(to: habit, today: F.day("2026-04-01")))
        #expect(made.stats.successCount == 1 && made.stats.failedCount == 2)
    }

    /// A streak window of any kind, whatever day it starts on, gives the
    /// current streak of the whole history or asks for more.
    @Test(arguments: 0..<12)
    func streakWindowsOfEveryKindGiveTheWholeStreak(seed: UInt64) {
        var random = Generator(state: seed &* 7331 &+ 3)
        let base = F.day("2025-01-01")
        var habit = Self.randomHabit(base: base, using: &random)
        habit.frequency = Frequency.allCases[Int(seed) % Frequency.allCases.count]
        habit.periodDays = habit.frequency == .everyNDays ? 2 + Int(seed) % 9 : nil
        let entries = Self.randomEntries(base: base, days: 0..<400, count: 300, using: &random)
        let asOf = base.adding(days: 390)
        let whole = HabitHistory(habit: habit, entries: entries).stats(today: asOf).currentStreak
        var decided = false
        for back in [20, 45, 63, 100, 200, 250, 300, 500] {
            // Any day for the kinds that move a window to a period's first
            // day; a weekly window is given a Monday, as its callers do.
            let unaligned = habit.frequency == .weekly ? [] : [asOf.adding(days: -back)]
            for from in [StreakWindow.start(of: habit, asOf: asOf, days: back)] + unaligned {
                let window = entries.filter { $0.date >= from }
                if let streak = StreakWindow.streak(
                    of: habit, entries: window, from: from, asOf: asOf)
                {
                    decided = true
                    #expect(streak == whole, "\(habit.frequency) from \(from)")
                }
            }
        }
        #expect(decided)
    }

    @Test func aStreakWindowStartsOnAPeriodsFirstDay() {
        var monthly = F.habit(.monthly, start: "2025-01-15")
        #expect(
            StreakWindow.start(of: monthly, asOf: F.day("2026-12-06"), days: 63)
                == F.day("2026-10-01"))
        monthly.frequency = .everyNDays
        monthly.periodDays = 10
        // Blocks of 10 from 2025-01-15: 2026-09-27 … 2026-10-06 holds 63 days back.
        #expect(
            StreakWindow.start(of: monthly, asOf: F.day("2026-12-06"), days: 63)
                == F.day("2026-09-27"))
    }
}
