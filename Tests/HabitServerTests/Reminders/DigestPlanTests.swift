import Foundation
import HabitCore
import HabitStorage
import Testing

@testable import HabitServer

/// Which digests are due at an instant: pure, with the clock as an argument.
@Suite struct DigestPlanTests {
    private func utc(_ text: String) -> Date {
        RFC3339.date(from: text)!
    }

    private func digest(
        _ time: String, zone: String = "Europe/Berlin", last: String? = nil, owner: Int64 = 7,
        dayStartsAt: String = "00:00"
    ) -> ScheduledDigest {
        ScheduledDigest(
            owner: owner, time: time, timeZone: zone, lastDate: last.flatMap(LocalDate.init),
            habits: [], dayStartsAt: DayBoundary(dayStartsAt)!)
    }

    @Test func dueAtItsLocalTimeInTheAccountsZone() {
        // 08:00 in Berlin on 1 December is 07:00 UTC (CET).
        #expect(DigestPlan.due([digest("08:00")], at: utc("2026-12-01T06:59:00Z")).isEmpty)
        let due = DigestPlan.due([digest("08:00")], at: utc("2026-12-01T07:00:00Z"))
        #expect(due.map(\.owner) == [7])
        #expect(due.map(\.date) == [LocalDate("2026-12-01")!])
        #expect(due.map(\.instant) == [utc("2026-12-01T07:00:00Z")])
        #expect(due.map(\.time.description) == ["08:00"])
    }

    /// 2026-03-29: Berlin skips 02:00–03:00; 02:30 fires at 03:00 CEST.
    @Test func aTimeSkippedInSpringFiresAtTheFirstValidInstantAfter() {
        #expect(DigestPlan.due([digest("02:30")], at: utc("2026-03-29T00:59:59Z")).isEmpty)
        let due = DigestPlan.due([digest("02:30")], at: utc("2026-03-29T01:00:00Z"))
        #expect(due.map(\.instant) == [utc("2026-03-29T01:00:00Z")])
        #expect(due.map(\.date) == [LocalDate("2026-03-29")!])
    }

    /// 2026-10-25: Berlin repeats 02:00–03:00; 02:30 fires once, at its first.
    @Test func aTimeRepeatedInAutumnFiresOnce() {
        let first = DigestPlan.due([digest("02:30")], at: utc("2026-10-25T00:30:00Z"))
        #expect(first.map(\.instant) == [utc("2026-10-25T00:30:00Z")])
        // At the repeat (01:30 UTC) nothing, claimed before or not.
        #expect(DigestPlan.due([digest("02:30")], at: utc("2026-10-25T01:30:00Z")).isEmpty)
        #expect(
            DigestPlan.due(
                [digest("02:30", last: "2026-10-25")], at: utc("2026-10-25T01:30:00Z")
            ).isEmpty)
    }

    /// A server down at the time sends within the 30-minute grace (its
    /// window excludes the instant exactly 30 minutes old), not after.
    @Test func graceAfterDowntime() {
        let berlin8 = utc("2026-12-01T07:00:00Z")
        #expect(
            DigestPlan.due([digest("08:00")], at: berlin8.addingTimeInterval(29 * 60)).count == 1)
        #expect(
            DigestPlan.due([digest("08:00")], at: berlin8.addingTimeInterval(30 * 60 - 1)).count
                == 1)
        #expect(DigestPlan.due([digest("08:00")], at: berlin8.addingTimeInterval(30 * 60)).isEmpty)
        // The next day's is due again at its own time.
        #expect(
            DigestPlan.due(
                [digest("08:00", last: "2026-12-01")], at: berlin8.addingTimeInterval(86_400)
            ).count == 1)
        // A shorter grace drops it sooner.
        #expect(
            DigestPlan.due(
                [digest("08:00")], at: berlin8.addingTimeInterval(11 * 60),
                grace: ReminderGrace(seconds: 10 * 60)
            ).isEmpty)
    }

    /// A date already claimed (or an earlier one's after it) is not due again.
    @Test func notSentTwice() {
        let now = utc("2026-12-01T07:10:00Z")
        #expect(DigestPlan.due([digest("08:00", last: "2026-12-01")], at: now).isEmpty)
        #expect(DigestPlan.due([digest("08:00", last: "2026-11-30")], at: now).count == 1)
    }

    @Test func eachUserInTheirOwnZoneAndBadTimesAreSkipped() {
        let now = utc("2026-12-01T07:00:00Z")
        let due = DigestPlan.due(
            [
                digest("08:00", owner: 1), digest("07:00", zone: "UTC", owner: 2),
                digest("08:00", zone: "UTC", owner: 3), digest("8:00", owner: 4),
            ], at: now)
        #expect(due.map(\.owner) == [1, 2])
    }

    /// At 01:30 in Berlin with days starting at 03:00, the digest is for
    /// the previous date (rule 7), and a date claimed is not sent again.
    @Test func aDigestBeforeTheDayBoundaryIsForThePreviousDate() {
        // 01:30 CET on Tuesday 1 December is 00:30 UTC.
        let now = utc("2026-12-01T00:30:00Z")
        let due = DigestPlan.due([digest("01:30", dayStartsAt: "03:00")], at: now)
        #expect(due.map(\.date) == [LocalDate("2026-11-30")!])
        #expect(due.map(\.instant) == [now])
        #expect(
            DigestPlan.due([digest("01:30")], at: now).map(\.date) == [LocalDate("2026-12-01")!])
        #expect(
            DigestPlan.due([digest("01:30", last: "2026-11-30", dayStartsAt: "03:00")], at: now)
                .isEmpty)
        // After the boundary, the date is the calendar's.
        let later = DigestPlan.due(
            [digest("03:00", dayStartsAt: "03:00")], at: utc("2026-12-01T02:00:00Z"))
        #expect(later.map(\.date) == [LocalDate("2026-12-01")!])
    }

    /// Every kind on Thursday 3 December 2026: what is to do, and which
    /// limits are gone over, by HabitCore's states.
    @Test func theDigestListsEveryKind() {
        let thursday = LocalDate("2026-12-03")!
        func habit(
            _ id: Int64, _ frequency: Frequency, target: Decimal = 1, goal: Goal = .atLeast,
            periodDays: Int? = nil, days: ActionDays = .everyDay
        ) -> Habit {
            Habit(
                id: id, name: "habit \(id)", frequency: frequency, measurementType: "cups",
                startDate: LocalDate("2026-11-02")!, actionDays: days, targetValue: target,
                goal: goal, periodDays: periodDays)
        }
        let entry = { (day: String, value: Decimal) in
            ProgressEntry(date: LocalDate(day)!, value: value)
        }
        let histories = [
            // To do: daily, weekly (1 of 2), monthly (nothing yet), every 3 days.
            HabitHistory(habit: habit(1, .daily), entries: []),
            HabitHistory(habit: habit(2, .weekly, target: 2), entries: [entry("2026-11-30", 1)]),
            HabitHistory(habit: habit(3, .monthly), entries: [entry("2026-11-30", 1)]),
            HabitHistory(habit: habit(4, .everyNDays, periodDays: 3), entries: []),
            // Done: a month done on the 1st, a block of 3 (2–4 Dec) done on the 2nd.
            HabitHistory(habit: habit(5, .monthly), entries: [entry("2026-12-01", 1)]),
            HabitHistory(
                habit: habit(6, .everyNDays, periodDays: 3), entries: [entry("2026-12-02", 1)]),
            // Not planned on Thursdays.
            HabitHistory(habit: habit(7, .monthly, days: ActionDays([.monday])), entries: []),
            // Limits: within (never to do), over for the day, over for the month.
            HabitHistory(
                habit: habit(8, .daily, target: 2, goal: .atMost),
                entries: [entry("2026-12-03", 2)]),
            HabitHistory(
                habit: habit(9, .daily, target: 2, goal: .atMost),
                entries: [entry("2026-12-03", 3)]),
            HabitHistory(
                habit: habit(10, .monthly, target: 0, goal: .atMost),
                entries: [entry("2026-12-01", 1)]),
            HabitHistory(habit: habit(11, .weekly, target: 5, goal: .atMost), entries: []),
        ]
        #expect(DigestPlan.pending(histories, on: thursday).map(\.id) == [1, 2, 3, 4])
        let over = DigestPlan.overLimit(histories, on: thursday)
        #expect(over.map(\.habit.id) == [9, 10])
        #expect(over.map(\.completion.current) == [3, 1])
        #expect(over.map(\.completion.target) == [2, 0])
    }

    /// A digest's words: what is left, then what is over its limit with its
    /// value and target; only the limits when nothing is left.
    @Test func theDigestsWordsNameWhatIsOverItsLimit() {
        var data = DigestDueData(
            date: "2026-12-03", time: "08:00", timeZone: "Europe/Berlin",
            habits: [.init(habitID: 1, habitName: "Read")])
        let plain = ReminderMessage(data)
        #expect(plain.title == "Today: 1 habit not done yet")
        #expect(plain.body == "Not done yet today (2026-12-03, 08:00 Europe/Berlin):\n- Read")
        data.overLimit = [
            .init(habitID: 2, habitName: "Coffee", current: "3", target: "2", unit: "cups")
        ]
        let both = ReminderMessage(data)
        #expect(both.title == "Today: 1 habit not done yet")
        #expect(
            both.body
                == "Not done yet today (2026-12-03, 08:00 Europe/Berlin):\n- Read\n\n"
                + "Over the limit:\n- Coffee: 3/2 cups")
        data.habits = []
        let limits = ReminderMessage(data)
        #expect(limits.title == "Today: 1 habit over its limit")
        #expect(
            limits.body
                == "Over the limit today (2026-12-03, 08:00 Europe/Berlin):\n- Coffee: 3/2 cups")
    }

    /// The first model's digest data is written as before: no `over_limit`.
    @Test func aDigestWithNoLimitGoneOverWritesNoOverLimit() throws {
        let data = DigestDueData(
            date: "2026-12-03", time: "08:00", timeZone: "UTC",
            habits: [.init(habitID: 1, habitName: "Read")])
        let json = String(decoding: try JSONEncoder().encode(data), as: UTF8.self)
        #expect(!json.contains("over_limit") && !json.contains("current"))
        let read = try JSONDecoder().decode(
            DigestDueData.self,
            from: Data(#"{"date":"2026-12-03","time":"08:00","time_zone":"UTC","habits":[]}"#.utf8))
        #expect(read.overLimit == nil)
    }
}
