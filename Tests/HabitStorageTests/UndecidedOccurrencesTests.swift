import Foundation
import HabitCore
import StorageTestSupport
import Testing

@testable import HabitStorage

/// The occurrences SQL leaves undecided: which entries they need and which
/// are due, as both stores' claims ask.
@Suite struct UndecidedOccurrencesTests {
    private func habit(_ id: Int64, _ frequency: Frequency = .daily) -> Habit {
        Habit(
            id: id, fields: fields("habit \(id)", frequency: frequency), status: .active,
            createdAt: referenceTime, updatedAt: referenceTime)
    }

    private func candidate(_ id: Int64, _ day: String, instant: Int64 = 0)
        -> UndecidedOccurrences.Candidate
    {
        .init(habit: habit(id), date: date(day), instant: instant)
    }

    @Test func noCandidateReadsNothing() throws {
        let none = UndecidedOccurrences([])
        #expect(none.entryRange == nil)
        var reads = 0
        let due = try none.due(
            reading: { _ throws(StoreError) in
                reads += 1
                return [:]
            }, isDue: { _, _ in true })
        #expect(due.isEmpty)
        #expect(reads == 0)
    }

    @Test func theEntriesSpanTheWholeWeeksOfTheEarliestAndLatestDays() {
        // Wednesday 4 March and Tuesday 17 March 2026, habit 7 twice.
        let undecided = UndecidedOccurrences([
            candidate(7, "2026-03-17"), candidate(3, "2026-03-04"), candidate(7, "2026-03-10"),
        ])
        #expect(
            undecided.entryRange
                == .init(habitIDs: [3, 7], from: date("2026-03-02"), to: date("2026-03-22")))
    }

    @Test func eachCandidateIsWeighedWithItsOwnHabitsEntries() throws {
        let undecided = UndecidedOccurrences([
            candidate(1, "2026-03-04", instant: 10), candidate(2, "2026-03-04", instant: 20),
            candidate(1, "2026-03-05", instant: 30),
        ])
        let entries: [Int64: [ProgressEntry]] = [
            1: [ProgressEntry(date: date("2026-03-04"), value: 10)]
        ]
        var asked: [String] = []
        let due = try undecided.due(
            reading: { range throws(StoreError) in
                #expect(range.habitIDs == [1, 2])
                return entries
            },
            isDue: { history, day in
                asked.append("\(history.habit.id) \(day) \(history.entry(on: day)?.value ?? -1)")
                // Due when the day has no entry yet.
                return history.entry(on: day) == nil
            })
        #expect(asked == ["1 2026-03-04 10", "2 2026-03-04 -1", "1 2026-03-05 -1"])
        #expect(due == [.init(habitID: 2, instant: 20), .init(habitID: 1, instant: 30)])
    }

    /// A month or a block of N days may begin before the candidate's week
    /// and end after it: the entries read cover the whole period.
    @Test func theEntriesSpanTheWholeMonthOrBlockOfTheirCandidates() {
        var monthly = habit(4)
        monthly.frequency = .monthly
        var everyTen = habit(5)
        everyTen.frequency = .everyNDays
        everyTen.periodDays = 10
        everyTen.startDate = date("2026-02-20")
        // Wednesday 4 March (month: 1–31 March) and Tuesday 17 March (block
        // 12–21 March, from 20 February in tens).
        let undecided = UndecidedOccurrences([
            .init(habit: monthly, date: date("2026-03-04"), instant: 1),
            .init(habit: everyTen, date: date("2026-03-17"), instant: 2),
        ])
        #expect(
            undecided.entryRange
                == .init(habitIDs: [4, 5], from: date("2026-03-01"), to: date("2026-03-31")))
        let blockOnly = UndecidedOccurrences([
            .init(habit: everyTen, date: date("2026-03-17"), instant: 2)
        ])
        // The block's 12–21 March, within the week's 16–22 at the end.
        #expect(
            blockOnly.entryRange
                == .init(habitIDs: [5], from: date("2026-03-12"), to: date("2026-03-22")))
    }
}
