import Foundation
import HabitCore
import Testing

/// `Habit.sessionShare`: what a bare `done` adds.
@Suite struct HabitSessionShareTests {
    private func habit(_ frequency: Frequency, target: Decimal, days: String) throws -> Habit {
        Habit(
            id: 1,
            fields: HabitFields(
                name: "Gym", frequency: frequency, measurementType: "sessions",
                startDate: try #require(LocalDate("2026-03-02")),
                actionDays: try #require(ActionDays(parsing: days)), targetValue: target),
            status: .active)
    }

    @Test func aDailyHabitsSessionIsItsTarget() throws {
        #expect(try habit(.daily, target: 8, days: "mon,wed").sessionShare == 8)
    }

    @Test func aWeeklyHabitsSessionIsAPlannedDaysShareRoundedUp() throws {
        #expect(try habit(.weekly, target: 3, days: "mon,wed,fri").sessionShare == 1)
        #expect(try habit(.weekly, target: 5, days: "mon,wed").sessionShare == 3)
        #expect(try habit(.weekly, target: 3, days: "daily").sessionShare == 1)
        #expect(try habit(.weekly, target: 4, days: "fri").sessionShare == 4)
        #expect(try habit(.weekly, target: 20, days: "mon,wed,sat").sessionShare == 7)
        #expect(
            try habit(.weekly, target: Decimal(string: "2.5")!, days: "mon,wed,sat").sessionShare
                == Decimal(string: "0.833334"))
        #expect(
            try habit(.weekly, target: Decimal(string: "1.5")!, days: "mon,fri").sessionShare
                == Decimal(string: "0.75"))
    }
}
