import Foundation
import Testing

@testable import HabitCore

/// Resuming the current streak and strength from a checkpoint must give
/// exactly what the whole history gives, whatever the history and wherever
/// the checkpoint was made.
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

    @Test(arguments: [Frequency.daily, .weekly], [1, 2, 3])
    func resumingEqualsTheWholeHistory(frequency: Frequency, seed: UInt64) {
        let start = LocalDate(year: 2024, month: 1, day: 3)!
        let habit = Habit(
            id: 1, name: "x", frequency: frequency, measurementType: "x", startDate: start,
            actionDays: ActionDays([.monday, .tuesday, .thursday, .saturday]),
            targetValue: frequency == .daily ? 2 : 5)
        let entries = Self.history(seed: seed, start: start, days: 700)
        let full = HabitHistory(habit: habit, entries: entries)
        for madeAt in stride(from: 10, to: 690, by: 37).map({ start.adding(days: $0) }) {
            let checkpoint = try! #require(
                full.currentStreakAndStrength(today: madeAt, resuming: nil).checkpoint)
            #expect(checkpoint.applies(to: habit, today: madeAt))
            for later in [0, 1, 6, 7, 30, 200].map({ madeAt.adding(days: $0) }) {
                let expected = full.stats(today: later)
                let tail = HabitHistory(
                    habit: habit,
                    entries: entries.filter { $0.date >= checkpoint.resumeDate(for: habit) })
                let resumed = tail.currentStreakAndStrength(today: later, resuming: checkpoint)
                #expect(resumed.currentStreak == expected.currentStreak, "\(madeAt) → \(later)")
                #expect(abs(resumed.strength - expected.strength) < 1e-12, "\(madeAt) → \(later)")
                // The new checkpoint resumes just as well.
                if let again = resumed.checkpoint {
                    let latest = later.adding(days: 9)
                    let rest = HabitHistory(
                        habit: habit,
                        entries: entries.filter { $0.date >= again.resumeDate(for: habit) })
                    #expect(
                        rest.currentStreakAndStrength(today: latest, resuming: again).currentStreak
                            == full.stats(today: latest).currentStreak)
                }
            }
        }
    }

    @Test func aCheckpointOfOtherRulesOrOfTodaysPeriodIsNotResumed() {
        let start = LocalDate(year: 2026, month: 1, day: 5)!
        let habit = Habit(
            id: 1, name: "x", frequency: .daily, measurementType: "x", startDate: start,
            actionDays: .everyDay, targetValue: 1)
        let entries = (0..<40).map { ProgressEntry(date: start.adding(days: $0), value: 1) }
        let today = start.adding(days: 39)
        let made = HabitHistory(habit: habit, entries: entries)
            .currentStreakAndStrength(today: today, resuming: nil)
        let checkpoint = try! #require(made.checkpoint)
        // It covers the days before today: today's period is still open.
        #expect(checkpoint.through == today.adding(days: -1))
        #expect(made.currentStreak == 40)
        #expect(!checkpoint.applies(to: habit, today: checkpoint.through))
        var other = habit
        other.targetValue = 2
        #expect(!checkpoint.applies(to: other, today: today))
        // Not applying, it is ignored and the given history walked whole.
        let fresh = HabitHistory(habit: other, entries: entries)
            .currentStreakAndStrength(today: today, resuming: checkpoint)
        #expect(fresh.currentStreak == 0)
    }
}
