import Foundation
import Testing

@testable import HabitCore

/// Resuming the stats (streaks, counts, strength) from a checkpoint must
/// give exactly what the whole history gives, whatever the history and
/// wherever the checkpoint was made.
@Suite struct HistoryCheckpointTests {
    /// A deterministic pseudo-random history: done, partial, skipped, missed
    /// days mixed, with long all-done stretches.
    static func history(seed: UInt64, start: LocalDate, days: Int) -> [ProgressEntry] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        return (0..<days).compactMap { offset in
            let date = start.adding(days: offset)
            // A perfect stretch in the middle third.
            if offset > days / 3 && offset < 2 * days / 3 {
                return ProgressEntry(date: date, value: 2)
            }
            switch next() % 10 {
            case 0: return nil
            case 1: return ProgressEntry(date: date, value: 0, skipped: true)
            case 2: return ProgressEntry(date: date, value: 1)  // half the target
            default: return ProgressEntry(date: date, value: 2)
            }
        }
    }

    /// Checkpoints already saved hold this text: it must never change form.
    @Test func rulesTextKeepsItsStoredForm() {
        let habit = Habit(
            id: 1, name: "x", frequency: .weekly, measurementType: "km",
            startDate: LocalDate(year: 2016, month: 12, day: 1)!,
            actionDays: ActionDays([.monday, .wednesday, .friday]),
            targetValue: Decimal(string: "10.5")!)
        #expect(HistoryCheckpoint.rules(of: habit) == "WEEKLY 2016-12-01 21 10.5")
    }

    /// The stats equal, the strength to rounding: resuming multiplies the
    /// same factors in the same order, but a stored score may be rounded.
    static func expectEqual(
        _ resumed: HabitStats, _ expected: HabitStats, _ comment: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var rounded = resumed
        rounded.strength = expected.strength
        #expect(rounded == expected, comment, sourceLocation: sourceLocation)
        #expect(
            abs(resumed.strength - expected.strength) < 1e-12, comment,
            sourceLocation: sourceLocation)
    }

    /// The entries a resumed history needs: those from the checkpoint on.
    static func tail(
        _ entries: [ProgressEntry], after checkpoint: HistoryCheckpoint, of habit: Habit
    )
        -> HabitHistory
    {
        HabitHistory(
            habit: habit, entries: entries.filter { $0.date >= checkpoint.resumeDate(for: habit) })
    }

    @Test(arguments: [Frequency.daily, .weekly], [1, 2, 3])
    func resumingEqualsTheWholeHistory(frequency: Frequency, seed: UInt64) throws {
        let start = LocalDate(year: 2024, month: 1, day: 3)!
        let habit = Habit(
            id: 1, name: "x", frequency: frequency, measurementType: "x", startDate: start,
            actionDays: ActionDays([.monday, .tuesday, .thursday, .saturday]),
            targetValue: frequency == .daily ? 2 : 5)
        let entries = Self.history(seed: seed, start: start, days: 700)
        let full = HabitHistory(habit: habit, entries: entries)
        for madeAt in stride(from: 10, to: 690, by: 37).map({ start.adding(days: $0) }) {
            let made = full.stats(today: madeAt, resuming: nil)
            #expect(made.stats == full.stats(today: madeAt))
            let checkpoint = try #require(made.checkpoint)
            #expect(checkpoint.applies(to: habit, today: madeAt))
            for later in [0, 1, 6, 7, 30, 200].map({ madeAt.adding(days: $0) }) {
                let expected = full.stats(today: later)
                let resumed = Self.tail(entries, after: checkpoint, of: habit)
                    .stats(today: later, resuming: checkpoint)
                Self.expectEqual(resumed.stats, expected, "\(madeAt) → \(later)")
                // The new checkpoint resumes just as well.
                if let again = resumed.checkpoint {
                    let latest = later.adding(days: 9)
                    Self.expectEqual(
                        Self.tail(entries, after: again, of: habit)
                            .stats(today: latest, resuming: again).stats,
                        full.stats(today: latest), "\(madeAt) → \(later) → \(latest)")
                }
            }
        }
    }

    /// A run of done periods through the checkpoint goes on after it: the
    /// longest streak is that whole run, not the checkpoint's part of it.
    @Test(arguments: [Frequency.daily, .weekly])
    func aRunThroughTheCheckpointIsOneLongestStreak(frequency: Frequency) throws {
        let start = LocalDate(year: 2026, month: 1, day: 5)!  // a Monday
        let habit = Habit(
            id: 1, name: "x", frequency: frequency, measurementType: "x", startDate: start,
            actionDays: .everyDay, targetValue: frequency == .daily ? 1 : 7)
        // Missed on day 3 (so the first week fails too), then done every day.
        let entries = (0..<203).filter { $0 != 3 }.map {
            ProgressEntry(date: start.adding(days: $0), value: 1)
        }
        let full = HabitHistory(habit: habit, entries: entries)
        let checkpoint = try #require(
            full.stats(today: start.adding(days: 50), resuming: nil).checkpoint)
        let today = start.adding(days: 202)
        let resumed = Self.tail(entries, after: checkpoint, of: habit)
            .stats(today: today, resuming: checkpoint)
        let expected = full.stats(today: today)
        #expect(expected.longestStreak > checkpoint.stats.longestStreak)
        #expect(expected.longestStreak == (frequency == .daily ? 199 : 28))
        Self.expectEqual(resumed.stats, expected, "resumed")
    }

    /// Skipped periods before the checkpoint are counted in it, and the
    /// streak passes over them on both sides of it.
    @Test(arguments: [Frequency.daily, .weekly])
    func skippedPeriodsCountOnceAndKeepTheStreak(frequency: Frequency) throws {
        let start = LocalDate(year: 2026, month: 1, day: 5)!  // a Monday
        let habit = Habit(
            id: 1, name: "x", frequency: frequency, measurementType: "x", startDate: start,
            actionDays: ActionDays([.monday, .friday]), targetValue: frequency == .daily ? 1 : 2)
        // Weeks 2 and 6 skipped (both planned days), the others done.
        let entries = (0..<70).compactMap { offset -> ProgressEntry? in
            let date = start.adding(days: offset)
            guard habit.actionDays.contains(date.weekday) else { return nil }
            return [2, 6].contains(offset / 7)
                ? ProgressEntry(date: date, value: 0, skipped: true)
                : ProgressEntry(date: date, value: 1)
        }
        let full = HabitHistory(habit: habit, entries: entries)
        let checkpoint = try #require(
            full.stats(today: start.adding(days: 30), resuming: nil).checkpoint)
        #expect(checkpoint.stats.skippedCount == (frequency == .daily ? 2 : 1))
        let today = start.adding(days: 69)
        let expected = full.stats(today: today)
        #expect(expected.skippedCount == (frequency == .daily ? 4 : 2))
        #expect(expected.failedCount == 0)
        #expect(expected.currentStreak == expected.successCount)
        Self.expectEqual(
            Self.tail(entries, after: checkpoint, of: habit)
                .stats(today: today, resuming: checkpoint).stats,
            expected, "resumed")
    }

    /// Random habits (days, target, frequency) and histories, with the
    /// checkpoint made and resumed on random days, always match the whole
    /// walk. Bounded: 40 histories of about two years, four resumes each.
    @Test(arguments: 0..<40)
    func randomHistoriesResumeAsTheyWalk(seed: UInt64) throws {
        var random = ReferenceRulesTests.Generator(state: seed &* 104_729 &+ 17)
        let start = LocalDate(year: 2023, month: 1, day: 1)!.adding(
            days: Int.random(in: 0..<7, using: &random))
        var days = ActionDays(bits: UInt8.random(in: 0...0x7F, using: &random))
        if days.isEmpty { days = .everyDay }
        let frequency: Frequency = Bool.random(using: &random) ? .daily : .weekly
        let habit = Habit(
            id: 1, name: "x", frequency: frequency, measurementType: "x", startDate: start,
            actionDays: days, targetValue: Decimal(Int.random(in: 1...3, using: &random)))
        let length = Int.random(in: 300...800, using: &random)
        // Entries begin before the start, as imported ones may.
        let entries = (-10..<length).compactMap { offset -> ProgressEntry? in
            let date = start.adding(days: offset)
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: return nil
            case 2: return ProgressEntry(date: date, value: 0, skipped: true)
            case 3: return ProgressEntry(date: date, value: 1)
            default:
                return ProgressEntry(
                    date: date, value: Decimal(Int.random(in: 1...3, using: &random)))
            }
        }
        let full = HabitHistory(habit: habit, entries: entries)
        var checkpoint: HistoryCheckpoint?
        var today = start.adding(days: Int.random(in: -5..<60, using: &random))
        for _ in 0..<4 {
            let history = checkpoint.map { Self.tail(entries, after: $0, of: habit) } ?? full
            let resumed = history.stats(today: today, resuming: checkpoint)
            Self.expectEqual(resumed.stats, full.stats(today: today), "seed \(seed), \(today)")
            checkpoint = resumed.checkpoint
            today = today.adding(days: Int.random(in: 0..<200, using: &random))
        }
    }

    @Test func aCheckpointOfOtherRulesOrOfTodaysPeriodIsNotResumed() throws {
        let start = LocalDate(year: 2026, month: 1, day: 5)!
        let habit = Habit(
            id: 1, name: "x", frequency: .daily, measurementType: "x", startDate: start,
            actionDays: .everyDay, targetValue: 1)
        let entries = (0..<40).map { ProgressEntry(date: start.adding(days: $0), value: 1) }
        let today = start.adding(days: 39)
        let made = HabitHistory(habit: habit, entries: entries)
            .stats(today: today, resuming: nil)
        let checkpoint = try #require(made.checkpoint)
        // It covers the days before today: today's period is still open.
        #expect(checkpoint.through == today.adding(days: -1))
        #expect(made.stats.currentStreak == 40)
        #expect(checkpoint.stats.currentStreak == 39)
        #expect(!checkpoint.applies(to: habit, today: checkpoint.through))
        var other = habit
        other.targetValue = 2
        #expect(!checkpoint.applies(to: other, today: today))
        // Not applying, it is ignored and the given history walked whole.
        let fresh = HabitHistory(habit: other, entries: entries)
            .stats(today: today, resuming: checkpoint)
        #expect(fresh.stats.currentStreak == 0)
        #expect(fresh.stats.failedCount == 39)
    }

    /// `show --date` before the checkpoint: it does not apply, and the whole
    /// history gives the stats as they stood then; the checkpoint it makes
    /// is the one of that day.
    @Test(arguments: [Frequency.daily, .weekly])
    func aDateBeforeTheCheckpointWalksTheWholeHistory(frequency: Frequency) throws {
        let start = LocalDate(year: 2024, month: 1, day: 3)!
        let habit = Habit(
            id: 1, name: "x", frequency: frequency, measurementType: "x", startDate: start,
            actionDays: .everyDay, targetValue: frequency == .daily ? 2 : 9)
        let entries = Self.history(seed: 9, start: start, days: 500)
        let full = HabitHistory(habit: habit, entries: entries)
        let checkpoint = try #require(
            full.stats(today: start.adding(days: 480), resuming: nil).checkpoint)
        for past in [0, 1, 100, 400, 470].map({ start.adding(days: $0) }) {
            #expect(!checkpoint.applies(to: habit, today: past))
            let then = full.stats(today: past, resuming: checkpoint)
            #expect(then.stats == full.stats(today: past), "\(past)")
            #expect(then.checkpoint.map { $0.through < past } ?? true)
        }
    }
}
