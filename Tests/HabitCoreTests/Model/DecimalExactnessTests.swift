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
