import HabitCore
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
}

/// With a checkpoint store, the first overview reads each habit whole and
/// saves a checkpoint; later ones read only from the checkpoint on, and give
/// the same streaks and strengths as the whole history.
@Suite struct OverviewCheckpointTests {
    @Test(arguments: [Frequency.daily, .weekly])
    func laterOverviewsReadOnlyWhatFollowsTheCheckpoint(frequency: Frequency) async throws {
        let today = OverviewBuilderTests.today
        let habits = (1...3).map { index in
            Habit(
                id: Int64(index), name: "h\(index)", frequency: frequency, measurementType: "x",
                startDate: OverviewBuilderTests.start, actionDays: .everyDay, targetValue: 1)
        }
        var all: [Int64: [ProgressEntry]] = [:]
        for habit in habits { all[habit.id] = OverviewBuilderTests.history(gap: nil) }
        let stored = all
        let saved = Locked<[Int64: HistoryCheckpointRecord]>([:])
        let reads = Locked<[(ids: [Int64], from: LocalDate)]>([])
        let builder = OverviewBuilder(
            read: { (ids, from, to) throws(CommandError) in
                reads.withLock { $0.append((ids, from)) }
                var result: [Int64: [ProgressEntry]] = [:]
                for id in ids {
                    result[id] = (stored[id] ?? []).filter { $0.date >= from && $0.date <= to }
                }
                return result
            },
            checkpoints: OverviewBuilder.Checkpoints(
                load: { ids throws(CommandError) in
                    saved.withLock { records in
                        var result: [Int64: HistoryCheckpointRecord] = [:]
                        for id in ids {
                            result[id] =
                                records[id]
                                ?? HistoryCheckpointRecord(checkpoint: nil, generation: 0)
                        }
                        return result
                    }
                },
                save: { checkpoint, id, generation throws(CommandError) in
                    saved.withLock {
                        $0[id] = HistoryCheckpointRecord(
                            checkpoint: checkpoint, generation: generation)
                    }
                }))
        for day in [today, today.adding(days: 1), today.adding(days: 9)] {
            reads.withLock { $0.removeAll() }
            let results = try await builder.overview(of: habits, on: day, today: day)
            for (habit, result) in zip(habits, results) {
                let full = HabitHistory(habit: habit, entries: all[habit.id] ?? []).stats(
                    today: day)
                #expect(result.item.currentStreak == full.currentStreak)
                #expect(abs((result.item.strength ?? -1) - full.strength) < 1e-12)
            }
            let earliest = reads.withLock { $0.map(\.from).min() }
            if day == today {
                #expect(earliest == OverviewBuilderTests.start, "the first read is whole")
            } else {
                #expect(earliest! >= day.adding(days: -14), "\(String(describing: earliest))")
            }
        }
        #expect(saved.withLock { $0.count } == 3)
    }
}
