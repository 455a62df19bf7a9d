import Foundation
import HabitCore
import Testing

/// Random histories checked against a second, deliberately plain reading of
/// the rules: day by day, in `Decimal`, with no precomputation.
@Suite struct ReferenceRulesTests {
    typealias F = HistoryFixture

    /// The rules as the doc comment of `HabitHistory` states them, written
    /// the slow and obvious way.
    struct Reference {
        let habit: Habit
        let entries: [LocalDate: ProgressEntry]

        init(habit: Habit, entries: [ProgressEntry]) {
            self.habit = habit
            var byDate: [LocalDate: ProgressEntry] = [:]
            for entry in entries { byDate[entry.date] = entry }
            self.entries = byDate
        }

        func isAction(_ date: LocalDate) -> Bool { habit.actionDays.contains(date.weekday) }

        func isSkipped(_ date: LocalDate) -> Bool { entries[date]?.skipped == true }

        func dayState(_ date: LocalDate, today: LocalDate) -> PeriodState {
            if date < habit.startDate { return .beforeStart }
            if !isAction(date) { return .rest }
            if date > today { return isSkipped(date) ? .skipped : .future }
            if let entry = entries[date], entry.value >= habit.targetValue { return .success }
            if isSkipped(date) { return .skipped }
            return date < today ? .failed : .pending
        }

        func weekSum(_ monday: LocalDate) -> Decimal {
            (0..<7).map { monday.adding(days: $0) }.filter { $0 >= habit.startDate }
                .reduce(Decimal(0)) { $0 + (entries[$1]?.value ?? 0) }
        }

        func weekState(_ monday: LocalDate, today: LocalDate) -> PeriodState {
            let planned = (0..<7).map { monday.adding(days: $0) }
                .filter { $0 >= habit.startDate && isAction($0) }
            guard !planned.isEmpty else { return .beforeStart }
            let allSkipped = planned.allSatisfy(isSkipped)
            if monday > today { return allSkipped ? .skipped : .future }
            if weekSum(monday) >= habit.targetValue { return .success }
            if allSkipped { return .skipped }
            return monday.adding(days: 6) < today ? .failed : .pending
        }

        func state(_ date: LocalDate, today: LocalDate) -> PeriodState {
            habit.frequency == .daily
                ? dayState(date, today: today) : weekState(date.startOfISOWeek, today: today)
        }

        func calendarState(_ date: LocalDate, today: LocalDate) -> PeriodState {
            if habit.frequency == .daily { return dayState(date, today: today) }
            if date < habit.startDate { return .beforeStart }
            if !isAction(date) { return .rest }
            return weekState(date.startOfISOWeek, today: today)
        }

        func periodStates(through today: LocalDate) -> [(start: LocalDate, state: PeriodState)] {
            var result: [(start: LocalDate, state: PeriodState)] = []
            if habit.frequency == .daily {
                var date = habit.startDate
                while date <= today {
                    if isAction(date) { result.append((date, dayState(date, today: today))) }
                    date = date.adding(days: 1)
                }
            } else {
                var monday = habit.startDate.startOfISOWeek
                while monday <= today {
                    let state = weekState(monday, today: today)
                    if state != .beforeStart { result.append((monday, state)) }
                    monday = monday.adding(days: 7)
                }
            }
            return result
        }

        func periods(through today: LocalDate) -> [String] {
            periodStates(through: today).map { "\($0.start) \($0.state.rawValue)" }
        }

        func stats(today: LocalDate) -> HabitStats {
            var stats = HabitStats(
                currentStreak: 0, longestStreak: 0, successCount: 0, failedCount: 0,
                skippedCount: 0)
            let days = habit.frequency == .daily ? 1.0 : 7.0
            let keep = pow(0.5, days.squareRoot() / 13)
            for (start, state) in periodStates(through: today) {
                if state == .success {
                    stats.successCount += 1
                    stats.currentStreak += 1
                    stats.longestStreak = max(stats.longestStreak, stats.currentStreak)
                    stats.strength = stats.strength * keep + (1 - keep)
                } else if state == .failed {
                    stats.failedCount += 1
                    stats.currentStreak = 0
                    let value =
                        habit.frequency == .daily ? entries[start]?.value ?? 0 : weekSum(start)
                    let share = min(
                        1, NSDecimalNumber(decimal: value / habit.targetValue).doubleValue)
                    stats.strength = stats.strength * keep + share * (1 - keep)
                } else if state == .skipped {
                    stats.skippedCount += 1
                }
            }
            return stats
        }
    }

    /// A small seeded generator (SplitMix64), so a failure reproduces.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: 0..<8)
    func randomHistoriesAgreeWithTheReference(seed: UInt64) throws {
        var random = Generator(state: seed &* 7919 &+ 1)
        let amounts = ["0", "0.1", "0.7", "0.8", "1", "2.5", "0.35", "3"].map { F.amount($0) }
        let base = F.day("2026-10-01")
        for _ in 0..<25 {
            let start = base.adding(days: Int.random(in: 0..<40, using: &random))
            var days = ActionDays(Weekday.allCases.filter { _ in Bool.random(using: &random) })
            if days.isEmpty { days = ActionDays([.wednesday]) }
            let habit = Habit(
                id: 1, name: "Random", frequency: Bool.random(using: &random) ? .daily : .weekly,
                measurementType: "km", startDate: start, actionDays: days,
                targetValue: [F.amount("0.8"), 1, F.amount("2.5")].randomElement(using: &random)
                    ?? 1)
            var entries: [ProgressEntry] = []
            for _ in 0..<Int.random(in: 0..<60, using: &random) {
                entries.append(
                    ProgressEntry(
                        date: base.adding(days: Int.random(in: -5..<90, using: &random)),
                        value: amounts.randomElement(using: &random) ?? 0,
                        skipped: Int.random(in: 0..<5, using: &random) == 0))
            }
            let history = HabitHistory(habit: habit, entries: entries)
            let reference = Reference(habit: habit, entries: entries)
            let today = base.adding(days: Int.random(in: 0..<80, using: &random))
            let context = "\(habit.frequency) start \(start) days \(days.summary) today \(today)"

            for offset in -7..<100 {
                let date = base.adding(days: offset)
                #expect(
                    history.state(of: date, today: today) == reference.state(date, today: today),
                    "state of \(date), \(context)")
                #expect(
                    history.calendarState(of: date, today: today)
                        == reference.calendarState(date, today: today),
                    "calendar state of \(date), \(context)")
                #expect(history.entry(on: date) == reference.entries[date])
            }
            let monday = today.startOfISOWeek
            let expectedCurrent =
                habit.frequency == .daily
                ? (reference.entries[today]?.value ?? 0) : reference.weekSum(monday)
            #expect(
                history.completion(on: today, today: today).current == expectedCurrent, "\(context)"
            )
            #expect(
                history.periods(through: today).map { "\($0.start) \($0.state.rawValue)" }
                    == reference.periods(through: today), "\(context)")
            var stats = history.stats(today: today)
            let expected = reference.stats(today: today)
            #expect(abs(stats.strength - expected.strength) < 1e-9, "strength, \(context)")
            stats.strength = expected.strength
            #expect(stats == expected, "\(context)")
            let month = MonthGrid(containing: today, history: history, today: today)
            for day in month.days {
                #expect(day.state == reference.calendarState(day.date, today: today))
                #expect(day.hasEntry == (reference.entries[day.date] != nil))
                #expect(day.isToday == (day.date == today))
            }
        }
    }
}
