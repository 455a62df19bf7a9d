import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// The second model's mapping (issue 38): rolling windows become the
/// periods of their length, Loop's limits stay limits, harsh's headings
/// become groups; every mapping that is not exact is reported.
@Suite struct HabitMappingTests {
    let mapping = HabitMapping(today: LocalDate("2026-03-11")!)

    /// What a source habit of `times` per `days` days maps to.
    struct Mapped: Equatable, CustomStringConvertible {
        var frequency: Frequency
        var periodDays: Int?
        var target: Decimal

        var description: String {
            "\(frequency.rawValue) \(periodDays.map(String.init) ?? "-") \(target)"
        }
    }

    func mapped(_ times: Int, _ days: Int, loop: Bool) throws -> MappedHabit {
        try mapping.map(
            SourceHabit(name: "H", schedule: .times(times, perDays: days), windowOfAMonth: loop))
    }

    /// Loop's table: 1/1 daily; k/7 weekly k; k/30 and k/31 monthly k (1/30
    /// too); any other k/N every N days with target k; past 365 days the
    /// nearest weekly count. Every one but the day is reported.
    @Test func loopWindowsBecomeThePeriodsOfTheirLength() throws {
        let table: [(Int, Int, Mapped)] = [
            (1, 1, Mapped(frequency: .daily, periodDays: nil, target: 1)),
            (3, 1, Mapped(frequency: .daily, periodDays: nil, target: 3)),
            (1, 7, Mapped(frequency: .weekly, periodDays: nil, target: 1)),
            (3, 7, Mapped(frequency: .weekly, periodDays: nil, target: 3)),
            (1, 30, Mapped(frequency: .monthly, periodDays: nil, target: 1)),
            (10, 30, Mapped(frequency: .monthly, periodDays: nil, target: 10)),
            (2, 31, Mapped(frequency: .monthly, periodDays: nil, target: 2)),
            (1, 3, Mapped(frequency: .everyNDays, periodDays: 3, target: 1)),
            (2, 3, Mapped(frequency: .everyNDays, periodDays: 3, target: 2)),
            (1, 2, Mapped(frequency: .everyNDays, periodDays: 2, target: 1)),
            (4, 14, Mapped(frequency: .everyNDays, periodDays: 14, target: 4)),
            (1, 365, Mapped(frequency: .everyNDays, periodDays: 365, target: 1)),
            (1, 366, Mapped(frequency: .weekly, periodDays: nil, target: 1)),
            (200, 400, Mapped(frequency: .weekly, periodDays: nil, target: 4)),  // ⌈7 × 200 / 400⌉
        ]
        for (times, days, expected) in table {
            let habit = try mapped(times, days, loop: true)
            let got = Mapped(
                frequency: habit.fields.frequency, periodDays: habit.fields.periodDays,
                target: habit.fields.targetValue)
            #expect(got == expected, "\(times)/\(days)")
            #expect(habit.fields.goal == .atLeast)
            #expect(habit.approximations.count == (days == 1 ? 0 : 1), "\(times)/\(days)")
        }
        #expect(
            try mapped(10, 30, loop: true).approximations == [
                "H: 10 per rolling 30 days became monthly, target 10 per calendar month."
            ])
        #expect(
            try mapped(1, 3, loop: true).approximations == [
                "H: 1 per rolling 3 days became every 3 days, target 1 per block of 3 days from "
                    + "the start date."
            ])
        #expect(
            try mapped(3, 7, loop: true).approximations == [
                "H: 3 per rolling 7 days became weekly, target 3 per ISO week (Monday to Sunday)."
            ])
    }

    /// harsh's (and habitctl's) windows are days: 30 days is not a month.
    @Test func harshWindowsOfThirtyDaysAreBlocksOfThirtyDays() throws {
        let twice = try mapped(2, 30, loop: false)
        #expect(twice.fields.frequency == .everyNDays)
        #expect(twice.fields.periodDays == 30)
        #expect(twice.fields.targetValue == 2)
        #expect(try mapped(1, 31, loop: false).fields.periodDays == 31)
        let fifteen = try mapping.map(
            SourceHabit(name: "H", schedule: try #require(HarshParser.schedule("15"))))
        #expect(fifteen.fields.frequency == .everyNDays)
        #expect(fifteen.fields.periodDays == 15)
        #expect(fifteen.fields.targetValue == 1)
    }

    /// A Loop numeric habit keeps its target per period (no longer turned
    /// into a week's), and an "at most" one its limit, 0 included, active.
    @Test func numericHabitsKeepTheirTargetAndLimit() throws {
        var read = SourceHabit(name: "Read", schedule: .times(1, perDays: 30), windowOfAMonth: true)
        read.amounts = SourceHabit.Amounts(unit: "pages", target: 300)
        let monthly = try mapping.map(read)
        #expect(monthly.fields.frequency == .monthly)
        #expect(monthly.fields.targetValue == 300)
        #expect(monthly.fields.measurementType == "pages")
        #expect(
            monthly.approximations == [
                "Read: 300 pages per rolling 30 days became monthly, target 300 pages per "
                    + "calendar month."
            ])

        var sugar = SourceHabit(name: "Sugar", schedule: .times(1, perDays: 7))
        sugar.amounts = SourceHabit.Amounts(unit: "g", target: 200, atMost: true)
        let limit = try mapping.map(sugar)
        #expect(limit.fields.goal == .atMost)
        #expect(limit.fields.frequency == .weekly)
        #expect(limit.fields.targetValue == 200)
        #expect(limit.status == .active)
        #expect(
            limit.approximations == [
                "Sugar: 200 g per rolling 7 days became weekly, a limit of 200 g per ISO week "
                    + "(Monday to Sunday)."
            ])

        var smoke = SourceHabit(name: "Smoke", schedule: .times(1, perDays: 1))
        smoke.amounts = SourceHabit.Amounts(unit: "cigarettes", target: 0, atMost: true)
        smoke.entries = [SourceEntry(date: LocalDate("2026-03-01")!, mark: .amount(2))]
        let none = try mapping.map(smoke)
        #expect(none.fields.goal == .atMost)
        #expect(none.fields.targetValue == 0)
        #expect(none.approximations.isEmpty)
        #expect(none.entries.map(\.value) == [2])

        // An at-least target of 0 is no target, as before.
        var water = SourceHabit(name: "Water", schedule: .times(1, perDays: 1))
        water.amounts = SourceHabit.Amounts(unit: "glasses", target: 0)
        #expect(
            try mapping.map(water).approximations == ["Water: no numeric target: target set to 1."])
    }

    /// A heading becomes the group: trimmed, without control characters,
    /// none when blank, cut to 32 characters (whole ones) and reported
    /// when longer.
    @Test func headingsBecomeGroups() throws {
        func group(_ heading: String?) throws -> (String?, [String]) {
            let habit = try mapping.map(
                SourceHabit(name: "H", schedule: .times(1, perDays: 1), group: heading))
            return (habit.fields.group, habit.approximations)
        }
        #expect(try group(" Health ") == ("Health", []))
        #expect(try group("Mor\u{1B}ning") == ("Morning", []))
        #expect(try group("   ") == (nil, []))
        #expect(try group(nil) == (nil, []))
        let long = "Things to do before the sun comes up"
        let cut = try group(long)
        #expect(cut.0 == "Things to do before the sun come")
        #expect(
            cut.1 == [
                "H: the heading '\(long)' was cut to 32 characters for its group: "
                    + "'Things to do before the sun come'."
            ])
        // 31 letters and a flag (two scalars): the flag does not fit whole.
        let flag = try group(String(repeating: "a", count: 31) + "🇫🇷")
        #expect(flag.0 == String(repeating: "a", count: 31))
        #expect(flag.1.count == 1)
    }
}
