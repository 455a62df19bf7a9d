import Foundation
import HabitCore
import Testing

@testable import HabitServer

@Suite struct ReminderDueTests {
    private func habit(
        frequency: Frequency = .daily, days: ActionDays = .everyDay, target: Decimal = 1,
        status: HabitStatus = .active, goal: Goal = .atLeast, periodDays: Int? = nil
    ) -> Habit {
        Habit(
            id: 1, name: "Read", frequency: frequency, measurementType: "count",
            startDate: LocalDate("2026-11-02")!, actionDays: days, targetValue: target,
            goal: goal, periodDays: periodDays, status: status)
    }

    private let monday = LocalDate("2026-11-30")!

    @Test func aPlannedDayWithNothingDoneIsDue() {
        #expect(ReminderDue.isDue(HabitHistory(habit: habit(), entries: []), on: monday))
    }

    @Test func aDoneDayIsNotDue() {
        let entries = [ProgressEntry(date: monday, value: 1)]
        #expect(!ReminderDue.isDue(HabitHistory(habit: habit(), entries: entries), on: monday))
    }

    @Test func aPartlyDoneDayIsStillDue() {
        let entries = [ProgressEntry(date: monday, value: 1)]
        #expect(
            ReminderDue.isDue(HabitHistory(habit: habit(target: 3), entries: entries), on: monday))
    }

    @Test func aSkippedDayIsNotDue() {
        let entries = [ProgressEntry(date: monday, value: 0, skipped: true)]
        #expect(!ReminderDue.isDue(HabitHistory(habit: habit(), entries: entries), on: monday))
    }

    @Test func aRestDayIsNotDue() {
        let weekends = ActionDays.weekends
        #expect(
            !ReminderDue.isDue(HabitHistory(habit: habit(days: weekends), entries: []), on: monday))
    }

    @Test func aDayBeforeTheStartIsNotDue() {
        let early = LocalDate("2026-10-01")!
        #expect(!ReminderDue.isDue(HabitHistory(habit: habit(), entries: []), on: early))
    }

    @Test func anArchivedHabitIsNeverDue() {
        #expect(
            !ReminderDue.isDue(
                HabitHistory(habit: habit(status: .archived), entries: []), on: monday))
    }

    @Test func aWeeklyHabitIsDueUntilItsWeekIsDone() {
        let weekly = habit(frequency: .weekly, target: 2)
        let wednesday = monday.adding(days: 2)
        let one = [ProgressEntry(date: monday, value: 1)]
        #expect(ReminderDue.isDue(HabitHistory(habit: weekly, entries: one), on: wednesday))
        let two = one + [ProgressEntry(date: monday.adding(days: 1), value: 1)]
        #expect(!ReminderDue.isDue(HabitHistory(habit: weekly, entries: two), on: wednesday))
    }

    /// A limit is kept by doing nothing: an at-most habit is never due,
    /// within its limit, over it, of any period, on a planned day.
    @Test(arguments: [Frequency.daily, .weekly, .monthly, .everyNDays])
    func anAtMostHabitIsNeverDue(_ frequency: Frequency) {
        let limit = habit(
            frequency: frequency, target: 2, goal: .atMost,
            periodDays: frequency == .everyNDays ? 3 : nil)
        for value: Decimal in [0, 1, 3] {
            let entries = value == 0 ? [] : [ProgressEntry(date: monday, value: value)]
            #expect(!ReminderDue.isDue(HabitHistory(habit: limit, entries: entries), on: monday))
        }
    }

    /// Monthly, target 2, Mondays and Thursdays: reminded on its planned
    /// days while December is pending, not once it is done.
    @Test func aMonthlyHabitIsDueOnItsPlannedDaysUntilItsMonthIsDone() {
        let rent = habit(frequency: .monthly, days: ActionDays([.monday, .thursday]), target: 2)
        let thursday = LocalDate("2026-12-03")!
        let friday = LocalDate("2026-12-04")!
        let one = [ProgressEntry(date: LocalDate("2026-12-01")!, value: 1)]
        #expect(ReminderDue.isDue(HabitHistory(habit: rent, entries: []), on: thursday))
        #expect(ReminderDue.isDue(HabitHistory(habit: rent, entries: one), on: thursday))
        // Not a planned day: never.
        #expect(!ReminderDue.isDue(HabitHistory(habit: rent, entries: []), on: friday))
        // November's entries do not count towards December.
        let november = [ProgressEntry(date: LocalDate("2026-11-30")!, value: 5)]
        #expect(ReminderDue.isDue(HabitHistory(habit: rent, entries: november), on: thursday))
        let two = one + [ProgressEntry(date: LocalDate("2026-12-02")!, value: 1)]
        #expect(!ReminderDue.isDue(HabitHistory(habit: rent, entries: two), on: thursday))
        #expect(
            !ReminderDue.isDue(
                HabitHistory(habit: rent, entries: two), on: LocalDate("2026-12-31")!))
        // The next month is pending again.
        #expect(
            ReminderDue.isDue(HabitHistory(habit: rent, entries: two), on: LocalDate("2027-01-04")!)
        )
    }

    /// Every 3 days from Monday 2 November: blocks 2–4, 5–7 … 29 Nov–1
    /// Dec, 2–4 Dec.
    @Test func anEveryThreeDaysHabitIsDueInItsBlockUntilDone() {
        let water = habit(frequency: .everyNDays, periodDays: 3)
        let day = { (text: String) in LocalDate(text)! }
        #expect(ReminderDue.isDue(HabitHistory(habit: water, entries: []), on: day("2026-12-03")))
        // Done on 2 December, the block's first day: the 3rd and 4th are not due.
        let done = [ProgressEntry(date: day("2026-12-02"), value: 1)]
        for date in ["2026-12-03", "2026-12-04"] {
            #expect(!ReminderDue.isDue(HabitHistory(habit: water, entries: done), on: day(date)))
        }
        // The next block (5–7 December) is due again.
        #expect(ReminderDue.isDue(HabitHistory(habit: water, entries: done), on: day("2026-12-05")))
        // Done the day before the block began: the previous block's.
        let before = [ProgressEntry(date: day("2026-12-01"), value: 1)]
        #expect(
            ReminderDue.isDue(HabitHistory(habit: water, entries: before), on: day("2026-12-03")))
    }

    /// A period whose every planned day is skipped is not pending.
    @Test func aSkippedMonthIsNotDue() {
        let rent = habit(frequency: .monthly, days: ActionDays([.monday]))
        let mondays = ["2026-12-07", "2026-12-14", "2026-12-21", "2026-12-28"]
        let skipped = mondays.map { ProgressEntry(date: LocalDate($0)!, value: 0, skipped: true) }
        #expect(
            !ReminderDue.isDue(
                HabitHistory(habit: rent, entries: skipped), on: LocalDate("2026-12-07")!))
        // One planned day left open: due on it, not on the skipped ones.
        let open = Array(skipped.dropLast())
        #expect(
            ReminderDue.isDue(
                HabitHistory(habit: rent, entries: open), on: LocalDate("2026-12-28")!))
        #expect(
            !ReminderDue.isDue(
                HabitHistory(habit: rent, entries: open), on: LocalDate("2026-12-07")!))
    }
}
