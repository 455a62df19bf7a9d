import Foundation
import HabitConcurrency
import HabitCore
import HabitStorage
import HabitStore
import Testing

@testable import HabitsCLI

/// The overview both modes show: streaks worked out from windows of history
/// must equal the full history's, reading only as far back as needed.
@Suite struct OverviewBuilderTests {
    static let today = LocalDate(year: 2026, month: 3, day: 11)!
    static let start = today.adding(days: -1500)

    /// Successes on every planned day, except one missed week `gap` days back.
    static func history(gap: Int?) -> [ProgressEntry] {
        (0...1500).compactMap { offset in
            let date = start.adding(days: offset)
            if let gap, today.adding(days: -gap).startOfISOWeek == date.startOfISOWeek {
                return nil
            }
            return ProgressEntry(date: date, value: 1)
        }
    }

    @Test(arguments: [Frequency.daily, .weekly])
    func windowedStreaksMatchTheFullHistory(frequency: Frequency) async throws {
        // Four habits at once: a miss inside the first window, far back, very
        // far back, and never.
        let gaps: [Int?] = [10, 200, 1400, nil]
        let habits = gaps.indices.map { index in
            Habit(
                id: Int64(index + 1), name: "h\(index)", frequency: frequency,
                measurementType: "x", startDate: Self.start,
                actionDays: ActionDays([.monday, .wednesday, .saturday]), targetValue: 1)
        }
        var all: [Int64: [ProgressEntry]] = [:]
        for (habit, gap) in zip(habits, gaps) { all[habit.id] = Self.history(gap: gap) }
        let stored = all
        let reads = Locked<[(ids: [Int64], from: LocalDate, to: LocalDate)]>([])
        let builder = OverviewBuilder { (ids, from, to) throws(CommandError) in
            reads.withLock { $0.append((ids, from, to)) }
            var result: [Int64: [ProgressEntry]] = [:]
            for id in ids {
                result[id] = (stored[id] ?? []).filter { $0.date >= from && $0.date <= to }
            }
            return result
        }
        let results = try await builder.overview(of: habits, on: Self.today, today: Self.today)
        #expect(results.map(\.item.habit.id) == habits.map(\.id))
        for (habit, result) in zip(habits, results) {
            let full = HabitHistory(habit: habit, entries: all[habit.id] ?? [])
            #expect(result.item.currentStreak == full.stats(today: Self.today).currentStreak)
            #expect(result.item.completion == full.completion(on: Self.today, today: Self.today))
            #expect(result.entries.sorted { $0.date < $1.date } == result.entries)
        }
        let log = reads.withLock { $0 }
        // The first read covers every habit; later ones only those still open,
        // each further back than the last, never overlapping.
        #expect(log.first?.ids == habits.map(\.id))
        #expect(log.dropFirst().allSatisfy { !$0.ids.contains(1) })
        for (earlier, later) in zip(log.dropFirst(), log) {
            #expect(earlier.to < later.from)
        }
        // The habit never missed was read back to its start; the others not.
        #expect(results[3].entries.count == all[4]?.count)
        #expect(results[0].entries.count < 100)
    }

    @Test func completionsGivenByTheCallerAreUsedAsGiven() async throws {
        let habit = Habit(
            id: 7, name: "x", frequency: .daily, measurementType: "x", startDate: Self.start,
            actionDays: .everyDay, targetValue: 1)
        let given = CompletionData(target: 1, current: 0.5, state: .pending)
        let builder = OverviewBuilder { (_, _, _) throws(CommandError) in [:] }
        let results = try await builder.overview(
            of: [habit], on: Self.today, today: Self.today, completions: [7: given])
        #expect(results.first?.item.completion == given)
        #expect(results.first?.item.currentStreak == 0)
    }

    @Test func recentEntriesAreReadWithTheWeekAndGivenToTheSummaries() async throws {
        let habits = [Frequency.daily, .weekly].enumerated().map { index, frequency in
            Habit(
                id: Int64(index + 1), name: "h\(index)", frequency: frequency,
                measurementType: "x", startDate: Self.start, actionDays: .everyDay,
                targetValue: 1)
        }
        let stored = Self.history(gap: 20)
        let reads = Locked<[(from: LocalDate, to: LocalDate)]>([])
        let known = Locked<[OverviewBuilder.KnownEntries]>([])
        var builder = OverviewBuilder { (ids, from, to) throws(CommandError) in
            reads.withLock { $0.append((from, to)) }
            var result: [Int64: [ProgressEntry]] = [:]
            for id in ids { result[id] = stored.filter { $0.date >= from && $0.date <= to } }
            return result
        }
        builder.summaries = { (habits, _, given) throws(CommandError) in
            known.withLock { $0.append(given) }
            var result: [Int64: StreakSummary] = [:]
            for habit in habits {
                result[habit.id] = StreakSummary(currentStreak: 3, strength: 0.5)
            }
            return result
        }
        let earliest = Self.today.adding(days: -40).startOfISOWeek
        let results = try await builder.overview(
            of: habits, on: Self.today, today: Self.today, entriesFrom: earliest)
        // One read, from the earlier day through the end of the date's week,
        // and the summaries are told what it holds.
        let sunday = Self.today.startOfISOWeek.adding(days: 6)
        #expect(reads.withLock { $0 }.map(\.from) == [earliest])
        #expect(reads.withLock { $0 }.map(\.to) == [sunday])
        let given = try #require(known.withLock { $0 }.first)
        #expect(given.from == earliest && given.through == sunday)
        #expect(given.entries[1] == stored.filter { $0.date >= earliest && $0.date <= sunday })
        #expect(results.map(\.item.currentStreak) == [3, 3])
        // The recent entries end on the overview's date, as a view of
        // recent days shows them.
        let recent = HabitOverview.Recent(from: earliest, results, through: Self.today)
        #expect(recent.entries[2] == stored.filter { $0.date >= earliest && $0.date <= Self.today })
        #expect(recent.entries.keys.sorted() == [1, 2])
    }
}
