import Foundation
import HabitCore
import Testing

@testable import HabitServer

@Suite struct ReminderDueTests {
    private func habit(
        frequency: Frequency = .daily, days: ActionDays = .everyDay, target: Decimal = 1,
        status: HabitStatus = .active
    ) -> Habit {
        Habit(
            id: 1, name: "Read", frequency: frequency, measurementType: "count",
            startDate: LocalDate("2026-11-02")!, actionDays: days, targetValue: target,
            status: status)
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
}
