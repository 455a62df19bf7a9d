import Foundation
import HabitCore
import Testing

/// Amounts are decimals as a person writes them: a week of 0.7 + 0.1 km
/// reaches a 0.8 km target, which binary floating point does not.
@Suite struct DecimalExactnessTests {
    @Test func decimalSumsAreExact() {
        let sum = HistoryFixture.amount("0.7") + HistoryFixture.amount("0.1")
        #expect(sum == HistoryFixture.amount("0.8"))
        #expect(sum >= HistoryFixture.amount("0.8"))
        // The reason Double is not used:
        #expect(0.7 + 0.1 < 0.8)
    }

    @Test func weekOfSmallAmountsReachesTheTarget() {
        let habit = HistoryFixture.habit(.weekly, start: "2026-11-02", target: "0.8")
        let history = HistoryFixture.history(
            habit,
            [HistoryFixture.done("2026-11-02", "0.7"), HistoryFixture.done("2026-11-04", "0.1")])
        let today = HistoryFixture.day("2026-11-10")
        #expect(history.state(of: HistoryFixture.day("2026-11-02"), today: today) == .success)
        let completion = history.completion(on: HistoryFixture.day("2026-11-08"), today: today)
        #expect(completion.current == HistoryFixture.amount("0.8"))
        #expect(completion.remaining == 0)
    }

    /// A week's sum prints as the values added up in `Decimal` print, in
    /// the same form (trailing zeros dropped), whatever form the values and
    /// the target were written in: the history adds them as integers.
    @Test(arguments: [
        ("10", ["2.50", "5"]), ("2.25", ["2.5", "5"]), ("1", ["5", "5"]),
        ("0.001", ["0.10", "0.20"]), ("100", ["100", "0.5"]), ("3", ["1e2", "3"]),
        ("2", ["0", "0.0"]), ("7", ["1.25", "0.5", "3", "0.250"]), ("5", []),
        ("0.8", ["0.7", "0.1"]), ("1000000", ["999999.999999", "0.000001"]),
        // Nineteen decimal places do not fit the integers: added as `Decimal`s.
        ("1", ["0.0000000000000000001", "2.50"]),
    ])
    func weekSumPrintsAsDecimalAddition(target: String, values: [String]) {
        let habit = HistoryFixture.habit(.weekly, start: "2026-11-02", target: target)
        let days = ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"]
        let history = HistoryFixture.history(
            habit, zip(days, values).map { HistoryFixture.done($0, $1) })
        var added: Decimal = 0
        for value in values { added += HistoryFixture.amount(value) }
        let current = history.completion(
            on: HistoryFixture.day("2026-11-05"), today: HistoryFixture.day("2026-11-10")
        ).current
        #expect(current == added)
        #expect(DecimalNotation.plain(current) == DecimalNotation.plain(added))
        #expect(current.exponent == added.exponent || added.isZero)
    }

    @Test func dailyValueOfTenthsReachesTheTarget() {
        let habit = HistoryFixture.habit(.daily, start: "2026-11-02", target: "0.3")
        let history = HistoryFixture.history(
            habit,
            [
                HistoryFixture.done("2026-11-02", "0.30"),
                HistoryFixture.done("2026-11-03", "0.29999"),
            ])
        let today = HistoryFixture.day("2026-11-10")
        #expect(history.state(of: HistoryFixture.day("2026-11-02"), today: today) == .success)
        #expect(history.state(of: HistoryFixture.day("2026-11-03"), today: today) == .failed)
    }
}
