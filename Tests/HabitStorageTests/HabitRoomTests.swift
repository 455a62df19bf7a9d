import Foundation
import HabitCore
import Testing

@testable import HabitStorage

/// The 15-active and 200-total habit limits and the free-name rule, which
/// every store applies to the habits it counted under the owner's lock.
@Suite struct HabitRoomTests {
    private func active(_ count: Int, named prefix: String = "habit") -> [HabitRoom.ActiveHabit] {
        (0..<count).map { HabitRoom.ActiveHabit(id: Int64($0 + 1), name: "\(prefix) \($0 + 1)") }
    }

    private func habit(id: Int64, name: String, status: HabitStatus) -> Habit {
        Habit(
            id: id, name: name, frequency: .daily, measurementType: "boolean",
            startDate: LocalDate(year: 2026, month: 1, day: 1)!, actionDays: .everyDay,
            targetValue: 1, status: status)
    }

    @Test func aNewHabitFitsBelowBothLimits() throws {
        try HabitRoom(total: 199, active: active(14)).checkNewHabit(named: "read")
    }

    @Test func theTotalLimitComesFirst() {
        #expect(throws: StoreError.totalHabitLimit(maximum: Habit.maximumTotalCount)) {
            try HabitRoom(total: 200, active: active(15)).checkNewHabit(named: "read")
        }
    }

    @Test func fifteenActiveRefuseASixteenth() {
        #expect(throws: StoreError.habitLimit(maximum: Habit.maximumActiveCount)) {
            try HabitRoom(total: 20, active: active(15)).checkNewHabit(named: "read")
        }
    }

    @Test func aNewHabitNeedsAFreeNameInAnyCase() {
        #expect(throws: StoreError.nameTaken(name: "HABIT 3")) {
            try HabitRoom(total: 5, active: active(5)).checkNewHabit(named: "HABIT 3")
        }
    }

    @Test func restoringNeedsRoomForOneMoreActiveHabit() throws {
        let archived = habit(id: 99, name: "swim", status: .archived)
        #expect(throws: StoreError.habitLimit(maximum: Habit.maximumActiveCount)) {
            try HabitRoom(total: 200, active: active(15)).checkChange(
                of: archived, toName: "swim", status: .active)
        }
        // The total does not matter: the habit is already counted.
        try HabitRoom(total: 200, active: active(14)).checkChange(
            of: archived, toName: "swim", status: .active)
    }

    @Test func restoringNeedsAFreeName() {
        let archived = habit(id: 99, name: "habit 2", status: .archived)
        #expect(throws: StoreError.nameTaken(name: "habit 2")) {
            try HabitRoom(total: 5, active: active(3)).checkChange(
                of: archived, toName: "habit 2", status: .active)
        }
    }

    @Test func anActiveHabitKeepsItsOwnNameAndMayArchiveWhenFull() throws {
        let room = HabitRoom(total: 200, active: active(15))
        let own = habit(id: 2, name: "habit 2", status: .active)
        #expect(!HabitRoom.isChecked(changing: own, toName: "Habit 2", status: .active))
        try room.checkChange(of: own, toName: "Habit 2", status: .active)
        try room.checkChange(of: own, toName: "habit 3", status: .archived)
        #expect(throws: StoreError.nameTaken(name: "habit 3")) {
            try room.checkChange(of: own, toName: "habit 3", status: .active)
        }
    }

    @Test func anImportIsCheckedAsAWhole() throws {
        let room = HabitRoom(total: 190, active: active(10))
        try room.checkAdding(habits: 10, active: 5)
        #expect(throws: StoreError.totalHabitLimit(maximum: Habit.maximumTotalCount)) {
            try room.checkAdding(habits: 11, active: 0)
        }
        #expect(throws: StoreError.habitLimit(maximum: Habit.maximumActiveCount)) {
            try room.checkAdding(habits: 6, active: 6)
        }
    }

    @Test func theRoomOfHabitsCountsArchivedOnesInTheTotalOnly() {
        let room = HabitRoom(habits: [
            habit(id: 1, name: "a", status: .active), habit(id: 2, name: "b", status: .archived),
        ])
        #expect(room == HabitRoom(total: 2, active: [HabitRoom.ActiveHabit(id: 1, name: "a")]))
    }
}
