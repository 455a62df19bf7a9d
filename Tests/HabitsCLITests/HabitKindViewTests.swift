import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `show`, `heatmap` and `check`'s question for the periods and goals of
/// issue 38, drawn from histories (today is Wednesday 2026-03-11).
///
/// Rent: once a month from Thursday 2026-01-01, paid on 5 January (done),
/// not in February (missed), not yet in March (to do).
///
/// Coffee: at most 2 cups every 3 days from Sunday 2026-03-01, so blocks
/// 1–3, 4–6, 7–9 and 10–12 March: 1 + 1 in the first (kept), 3 on the 4th
/// (over at once), nothing in the third (kept: a day with nothing is within
/// the limit), 1 on the 10th (1 left, on track).
@Suite struct HabitKindViewTests {
    static let today = LocalDate("2026-03-11")!

    static func rent() -> HabitHistory {
        let habit = Habit(
            id: 1, name: "Rent", frequency: .monthly, measurementType: "times",
            startDate: LocalDate("2026-01-01")!, actionDays: .everyDay, targetValue: 1)
        return HabitHistory(
            habit: habit, entries: [ProgressEntry(date: LocalDate("2026-01-05")!, value: 1)])
    }

    static func coffee() -> HabitHistory {
        let habit = Habit(
            id: 2, name: "Coffee", frequency: .everyNDays, measurementType: "cups",
            startDate: LocalDate("2026-03-01")!, actionDays: .everyDay, targetValue: 2,
            goal: .atMost, periodDays: 3)
        let values: [(String, Decimal)] = [
            ("2026-03-01", 1), ("2026-03-02", 1), ("2026-03-04", 3), ("2026-03-10", 1),
        ]
        return HabitHistory(
            habit: habit,
            entries: values.map { ProgressEntry(date: LocalDate($0.0)!, value: $0.1) })
    }

    static func detail(_ history: HabitHistory, date: LocalDate = today) -> HabitDetailView {
        HabitDetailView(
            history: history, date: date, months: [date.startOfMonth], year: nil,
            style: OutputStyle(), today: today)
    }

    @Test func showAMonthlyHabit() {
        #expect(
            Self.detail(Self.rent()).render() == """
                #1 Rent
                  once a month, since 2026-01-01

                  This month       0/1 times (to do)
                  Current streak   0 months
                  Longest streak   1 month
                  Done             1 month
                  Failed           1 month
                  Skipped          0 months
                  Completion rate  50%
                  Strength         19%

                     March 2026
                Mo Tu We Th Fr Sa Su
                                   1.
                 2. 3. 4. 5. 6. 7. 8.
                 9.10.11<12.13.14.15.
                16.17.18.19.20.21.22.
                23.24.25.26.27.28.29.
                30.31.

                . to do  < today: to do

                """)
    }

    @Test func showAnEveryThreeDaysAtMostHabit() {
        #expect(
            Self.detail(Self.coffee()).render() == """
                #2 Coffee
                  at most 2 cups every 3 days, since 2026-03-01

                  These 3 days (Mar 10-12)  1/2 cups, 1 left (on track)
                  Current streak            1 period of 3 days
                  Longest streak            1 period of 3 days
                  Done                      2 periods of 3 days
                  Failed                    1 period of 3 days
                  Skipped                   0 periods of 3 days
                  Completion rate           67%
                  Strength                  20%

                     March 2026
                Mo Tu We Th Fr Sa Su
                                   1+
                 2+ 3+ 4x 5x 6x 7+ 8+
                 9+10.11<12.13 14 15
                16 17 18 19 20 21 22
                23 24 25 26 27 28 29
                30 31

                + done  x missed  . to do  < today: to do

                """)
    }

    @Test func anEarlierPeriodIsNamedByItsDays() {
        let text = Self.detail(Self.coffee(), date: LocalDate("2026-03-05")!).render()
        #expect(
            text.contains("  3 days Mar 4-6   3/2 cups, over by 1 (over the limit)\n"), "\(text)")
        let rent = Self.detail(Self.rent(), date: LocalDate("2026-02-10")!).render()
        #expect(rent.contains("  February 2026    0/1 times (to do)\n"), "\(rent)")
    }

    @Test func heatmapMarksEachPlannedDayWithItsPeriodsState() throws {
        let history = Self.coffee()
        let grid = try #require(
            HeatmapGrid(
                from: LocalDate("2026-03-01")!, to: Self.today, history: history, today: Self.today)
        )
        let document = HeatmapView(habit: history.habit, grid: grid, style: OutputStyle())
            .document()
        let states = document.days.map(\.state)
        #expect(
            states == [
                .success, .success, .success, .failed, .failed, .failed, .success, .success,
                .success, .pending, .pending,
            ])
        let text = HeatmapView(habit: history.habit, grid: grid, style: OutputStyle()).render()
        #expect(
            text == """
                #2 Coffee

                2026-03-01 to 2026-03-11
                   Mar
                Mo   + +
                Tu   + .
                We   x <
                Th   x
                Fr   x
                Sa   +
                Su + +

                + done  x missed  . to do  < today: to do

                """)
    }

    @Test func checkAsksAnAtMostHabitHowMany() {
        let history = Self.coffee()
        let completion = history.completion(on: Self.today, today: Self.today)
        #expect(
            CheckCommand.question(
                completion, of: history.habit, on: Self.today, today: Self.today, unicode: false)
                == "Coffee -- 1/2 cups these 3 days (Mar 10-12), 1 left. "
                + "How many? <amount>/[n]one/[s]kip/[q]uit")
        let rent = Self.rent()
        #expect(
            CheckCommand.question(
                rent.completion(on: Self.today, today: Self.today), of: rent.habit, on: Self.today,
                today: Self.today, unicode: false)
                == "Rent -- 0/1 times this month. Done? [y]es/[n]o/[s]kip/<amount>/[q]uit")
        // Yes is no answer to "how many?"; a number and n are.
        #expect(CheckCommand.Answer("y", goal: .atMost) == nil)
        #expect(CheckCommand.Answer("2", goal: .atMost) == .amount(2))
        #expect(CheckCommand.Answer("", goal: .atMost) == .leave)
        #expect(CheckCommand.Answer("y") == .done)
        // Within its limit an at-most habit is not "still to do".
        #expect(
            CheckCommand.summary([(.pending, .atMost), (.pending, .atLeast)], day: "today")
                == "0 of 2 done today, 1 still to do.")
    }

    @Test func promptReadersOfTheNewKinds() throws {
        #expect(try AddCommand.readFrequency("monthly").get() == .init(frequency: .monthly))
        #expect(try AddCommand.readFrequency("m").get() == .init(frequency: .monthly))
        #expect(try AddCommand.readFrequency("every").get() == .init(frequency: .everyNDays))
        #expect(
            try AddCommand.readFrequency("every 3 days").get()
                == .init(frequency: .everyNDays, days: 3))
        #expect(
            try AddCommand.readFrequency("Every 10").get()
                == .init(frequency: .everyNDays, days: 10))
        #expect((try? AddCommand.readFrequency("every 1").get()) == nil)
        #expect((try? AddCommand.readFrequency("daily please").get()) == nil)
        #expect(try AddCommand.readGoal("at most").get() == .atMost)
        #expect(try AddCommand.readGoal("l").get() == .atLeast)
        #expect((try? AddCommand.readGoal("maybe").get()) == nil)
        #expect(try AddCommand.readTarget("0", goal: .atMost).get() == 0)
        #expect((try? AddCommand.readTarget("0", goal: .atLeast).get()) == nil)
        #expect(try AddCommand.readGroup("").get() == nil)
        #expect(try AddCommand.readGroup("None").get() == nil)
        #expect(try AddCommand.readGroup("Home").get() == "Home")
        #expect(try AddCommand.readPeriodDays("3").get() == 3)
        #expect((try? AddCommand.readPeriodDays("366").get()) == nil)
    }
}
