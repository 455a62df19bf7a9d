import Foundation
import Testing

@testable import HabitCore

/// The integer fast path and its `Decimal` fallback must agree with exact
/// decimal arithmetic, whatever the amounts.
@Suite struct ExactAmountsTests {
    typealias F = HistoryFixture

    @Test func commonScaleOfMixedDecimals() throws {
        let amounts = try #require(
            ExactAmounts(
                target: F.amount("0.8"),
                values: [
                    F.amount("0.75"), F.amount("0.05"), 12, F.amount("1e3"), 0, F.amount("-0.5"),
                ]))
        #expect(amounts.scale == 2)
        #expect(amounts.target == 80)
        #expect(amounts.values == [75, 5, 1200, 100_000, 0, -50])
    }

    @Test(arguments: [
        "0.1234567890123456789",  // 19 decimals
        "123456789012345678901234567890",  // 30 digits
    ])
    func refusesWhatDoesNotFit(_ text: String) {
        #expect(ExactAmounts(target: 1, values: [F.amount(text)]) == nil)
        #expect(ExactAmounts(target: F.amount(text), values: []) == nil)
        #expect(ExactAmounts(target: 1, values: [.nan]) == nil)
    }

    @Test func longDecimalsStillFollowTheRules() {
        // 21 decimals: the history falls back to Decimal arithmetic.
        let third = "0.333333333333333333333"
        let ninth = "0.111111111111111111111"
        let weekly = F.history(
            F.habit(.weekly, start: "2026-11-02", target: third),
            [
                F.done("2026-11-02", ninth), F.done("2026-11-03", ninth),
                F.done("2026-11-04", ninth),
                F.done("2026-11-09", ninth), F.done("2026-11-10", ninth),
            ])
        let today = F.day("2026-11-20")
        #expect(weekly.state(of: F.day("2026-11-02"), today: today) == .success)
        #expect(weekly.state(of: F.day("2026-11-09"), today: today) == .failed)

        let daily = F.history(
            F.habit(.daily, start: "2026-11-02", target: third),
            [F.done("2026-11-02", third), F.done("2026-11-03", "0.333333333333333333332")])
        #expect(daily.state(of: F.day("2026-11-02"), today: today) == .success)
        #expect(daily.state(of: F.day("2026-11-03"), today: today) == .failed)
    }

    @Test func weeklySumThatOverflowsIntegersFallsBack() {
        let history = F.history(
            F.habit(.weekly, start: "2026-11-02", target: "10"),
            [
                F.done("2026-11-02", "5000000000000000000"),
                F.done("2026-11-03", "5000000000000000000"),
            ])
        #expect(history.state(of: F.day("2026-11-02"), today: F.day("2026-11-20")) == .success)
    }
}
