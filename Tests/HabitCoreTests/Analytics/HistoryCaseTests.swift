import Foundation
import HabitCore
import Testing

/// The status rules as cases another implementation checks too: each case
/// of `Tests/Web/history-cases.json` (a habit, its entries, today and a
/// range of dates) against `HabitHistory`, so the file says what the core
/// does. The web app's `rules.js` is checked against the same file by
/// `node --test Tests/Web/rules.test.mjs` (run by `WebAppTests`).
///
/// Run with `SNAPSHOT_RECORD=1` (the switch of the calendar snapshots) to
/// write each case's `expected` part again from the core; the test then
/// fails, saying so, so a recording run never passes by accident. A new
/// case is added by writing its inputs and recording.
@Suite struct HistoryCaseTests {
    /// The file, found from this file's path: it is read by node too, so
    /// it lives beside the web app's tests, not in this target's resources.
    private static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Web/history-cases.json").standardized

    private struct CaseFile: Codable {
        var about: String
        var cases: [HistoryCase]

        enum CodingKeys: String, CodingKey {
            case about = "_about"
            case cases
        }
    }

    private struct HistoryCase: Codable {
        var name: String
        var habit: Habit
        var entries: [ProgressEntry]
        var today: LocalDate
        var from: LocalDate
        var to: LocalDate
        /// Absent in a case not yet recorded.
        var expected: Expected?
    }

    /// What the core gives for a case, keyed by date text (`YYYY-MM-DD`).
    private struct Expected: Codable {
        /// `calendarState(of:today:)` of each date from `from` through `to`.
        var calendar: [String: PeriodState]
        /// `completion(on:today:)` of each date from `from` through `to`.
        var completion: [String: CompletionData]
        /// `periods(through: today)`: each counted period's first date and state.
        var periods: [String: PeriodState]
        var stats: HabitStats
    }

    private static func expected(for item: HistoryCase) -> Expected {
        let history = HabitHistory(habit: item.habit, entries: item.entries)
        let count = item.to.dayNumber - item.from.dayNumber + 1
        let dates = (0..<count).map { LocalDate(dayNumber: item.from.dayNumber + $0) }
        let states = history.calendarStates(from: item.from, count: count, today: item.today)
        var calendar: [String: PeriodState] = [:]
        var completion: [String: CompletionData] = [:]
        for (date, state) in zip(dates, states) {
            calendar["\(date)"] = state
            completion["\(date)"] = history.completion(on: date, today: item.today)
        }
        var periods: [String: PeriodState] = [:]
        for period in history.periods(through: item.today) {
            periods["\(period.start)"] = period.state
        }
        return Expected(
            calendar: calendar, completion: completion, periods: periods,
            stats: history.stats(today: item.today))
    }

    private static func load() throws -> CaseFile {
        try JSONDecoder().decode(CaseFile.self, from: Data(contentsOf: file))
    }

    @Test func everyCaseIsWhatHabitHistoryGives() throws {
        var cases = try Self.load()
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
            for index in cases.cases.indices {
                cases.cases[index].expected = Self.expected(for: cases.cases[index])
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try (encoder.encode(cases) + Data("\n".utf8)).write(to: Self.file, options: .atomic)
            Issue.record("Recorded \(Self.file.path); run again without SNAPSHOT_RECORD.")
            return
        }
        #expect(cases.cases.count >= 10)
        for item in cases.cases {
            guard let recorded = item.expected else {
                Issue.record("\(item.name): not recorded; run with SNAPSHOT_RECORD=1.")
                continue
            }
            let actual = Self.expected(for: item)
            #expect(recorded.calendar == actual.calendar, "\(item.name)")
            #expect(recorded.completion == actual.completion, "\(item.name)")
            #expect(recorded.periods == actual.periods, "\(item.name)")
            var stats = recorded.stats
            // A score from pow(): the last bits may differ between libms.
            #expect(abs(stats.strength - actual.stats.strength) < 1e-12, "\(item.name)")
            stats.strength = actual.stats.strength
            #expect(stats == actual.stats, "\(item.name)")
        }
    }

    /// The cases cover what the rules decide: every state in the calendar
    /// and in a period's completion, every frequency and both goals, skips,
    /// amounts that are not whole, and a strength between 0 and 1 with a
    /// broken streak; at most: done, skipped, pending and failed (within,
    /// over, a target of 0), and the planned days of monthly and
    /// every-N-days periods showing each state their period can have.
    @Test func theCasesCoverEveryRule() throws {
        let cases = try Self.load().cases
        let recorded = cases.compactMap(\.expected)
        #expect(recorded.count == cases.count)
        let calendar = Set(recorded.flatMap(\.calendar.values))
        #expect(calendar == Set(PeriodState.allCases))
        let completion = Set(recorded.flatMap { $0.completion.values.map(\.state) })
        #expect(completion == Set(PeriodState.allCases))
        #expect(Set(cases.map(\.habit.frequency)) == Set(Frequency.allCases))
        #expect(Set(cases.map(\.habit.goal)) == Set(Goal.allCases))
        #expect(cases.contains { $0.habit.goal == .atMost && $0.habit.targetValue == 0 })
        let atMost = zip(cases, recorded).filter { $0.0.habit.goal == .atMost }
        let atMostStates = Set(atMost.flatMap { $0.1.completion.values.map(\.state) })
        #expect(atMostStates.isSuperset(of: [.success, .skipped, .pending, .failed, .future]))
        for frequency in [Frequency.monthly, .everyNDays] {
            let states = Set(
                zip(cases, recorded).filter { $0.0.habit.frequency == frequency }
                    .flatMap { $0.1.calendar.values })
            #expect(
                states.isSuperset(of: [.success, .skipped, .pending, .failed, .future, .rest]),
                "\(frequency)")
        }
        let entries = cases.flatMap(\.entries)
        #expect(entries.contains { $0.skipped })
        #expect(entries.contains { $0.value != $0.value.rounded() && $0.value > 1000 })
        #expect(cases.contains { $0.habit.targetValue != $0.habit.targetValue.rounded() })
        for frequency in [Frequency.daily, .weekly] {
            let stats = zip(cases, recorded).filter { $0.0.habit.frequency == frequency }
                .map(\.1.stats)
            #expect(stats.contains { $0.strength > 0.2 && $0.strength < 0.9 })
            #expect(stats.contains { $0.longestStreak > $0.currentStreak && $0.currentStreak > 0 })
            #expect(stats.contains { $0.failedCount > 0 && $0.skippedCount > 0 })
        }
    }
}

extension Decimal {
    /// The whole number toward zero, for telling whole amounts from others.
    fileprivate func rounded() -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .down)
        return result
    }
}
