import Foundation
import HabitCore
import Testing

/// The order of habits (`HabitOrder`) and the `position` field it reads.
@Suite struct HabitOrderTests {
    private typealias Place = HabitOrder.Place
    private typealias Change = HabitOrder.Change

    private static func order(_ places: [(Int64, Int?)]) -> HabitOrder {
        HabitOrder(places.map { Place(id: $0.0, position: $0.1) })
    }

    @Test func placedHabitsComeFirstByPositionThenTheRestByID() {
        let order = Self.order([(5, nil), (1, nil), (4, 10), (2, 3000), (3, 10)])
        #expect(order.ids == [3, 4, 2, 1, 5])
    }

    @Test func aFirstMoveNumbersTheWholeListWithGaps() {
        // Nothing placed yet: 3 before 1 numbers 3, 1, 2.
        let order = Self.order([(1, nil), (2, nil), (3, nil)])
        #expect(
            order.changes(moving: 3, to: .before(1))
                == [
                    Change(id: 3, position: 1024), Change(id: 1, position: 2048),
                    Change(id: 2, position: 3072),
                ])
    }

    @Test func aMoveBetweenPlacedHabitsWritesOnlyTheOneMoved() {
        let order = Self.order([(1, 1024), (2, 2048), (3, 3072)])
        #expect(order.changes(moving: 3, to: .before(2)) == [Change(id: 3, position: 1536)])
        #expect(order.changes(moving: 1, to: .after(2)) == [Change(id: 1, position: 2560)])
        #expect(order.changes(moving: 3, to: .first) == [Change(id: 3, position: 511)])
        #expect(order.changes(moving: 1, to: .last) == [Change(id: 1, position: 4096)])
    }

    @Test func aMoveWithNoRoomLeftNumbersTheListAgain() {
        let order = Self.order([(1, 7), (2, 8), (3, 9)])
        #expect(
            order.changes(moving: 3, to: .before(2))
                == [
                    Change(id: 1, position: 1024), Change(id: 3, position: 2048),
                    Change(id: 2, position: 3072),
                ])
        // First before a habit at 0: no whole number below it.
        let atZero = Self.order([(1, 0), (2, 5)])
        #expect(
            atZero.changes(moving: 2, to: .first)
                == [Change(id: 2, position: 1024), Change(id: 1, position: 2048)])
    }

    @Test func aMoveNextToAHabitNeverPlacedNumbersTheListAgain() {
        // 1 is placed, 2 and 3 are not: 3 before 2 places 2 and 3 too.
        let order = Self.order([(1, 1024), (2, nil), (3, nil)])
        #expect(
            order.changes(moving: 3, to: .before(2))
                == [Change(id: 3, position: 2048), Change(id: 2, position: 3072)])
        #expect(
            order.changes(moving: 1, to: .last)
                == [
                    Change(id: 2, position: 1024), Change(id: 3, position: 2048),
                    Change(id: 1, position: 3072),
                ])
    }

    @Test func aMoveAfterTheLastNearTheLargestPositionStaysInRange() {
        let top = HabitFields.positionRange.upperBound
        let order = Self.order([(1, top - 1), (2, 5)])
        #expect(order.changes(moving: 2, to: .last) == [Change(id: 2, position: top)])
        let full = Self.order([(1, top), (2, 5)])
        #expect(
            full.changes(moving: 2, to: .last)
                == [Change(id: 1, position: 1024), Change(id: 2, position: 2048)])
    }

    @Test func aMoveToWhereTheHabitIsWritesNothing() {
        let order = Self.order([(1, nil), (2, nil), (3, nil)])
        #expect(order.changes(moving: 2, to: .after(1)) == [])
        #expect(order.changes(moving: 2, to: .before(3)) == [])
        #expect(order.changes(moving: 1, to: .first) == [])
        #expect(order.changes(moving: 3, to: .last) == [])
    }

    @Test func aMoveOfOrNextToAnUnknownHabitOrItselfIsNone() {
        let order = Self.order([(1, nil), (2, nil)])
        #expect(order.changes(moving: 9, to: .first) == nil)
        #expect(order.changes(moving: 1, to: .before(9)) == nil)
        #expect(order.changes(moving: 1, to: .after(1)) == nil)
    }

    @Test func theChangesGiveTheOrderAsked() {
        let order = Self.order([(1, 10), (2, nil), (3, 11), (4, nil), (5, 3)])
        for id in order.ids {
            for other in order.ids where other != id {
                for destination in [HabitOrder.Destination.before(other), .after(other)] {
                    var places = order.places
                    for change in order.changes(moving: id, to: destination) ?? [] {
                        let index = places.firstIndex { $0.id == change.id }!
                        places[index].position = change.position
                    }
                    let ids = HabitOrder(places).ids
                    let at = ids.firstIndex(of: id)!
                    switch destination {
                    case .before(let other): #expect(ids[at + 1] == other)
                    case .after(let other): #expect(ids[at - 1] == other)
                    default: break
                    }
                }
            }
        }
    }

    @Test func aPositionIsAWholeNumberFromZeroToInt32Max() {
        #expect(HabitFields.problems(position: 0).isEmpty)
        #expect(HabitFields.problems(position: Int(Int32.max)).isEmpty)
        #expect(!HabitFields.problems(position: -1).isEmpty)
        #expect(!HabitFields.problems(position: Int(Int32.max) + 1).isEmpty)
        let fields = HabitFields(
            name: "Read", frequency: .daily, measurementType: "pages",
            startDate: LocalDate(year: 2026, month: 1, day: 1)!, actionDays: .everyDay,
            targetValue: 10, position: -5)
        #expect(throws: ValidationError.self) { try fields.validated() }
        do {
            _ = try fields.validated()
        } catch {
            #expect(error.fields.keys.sorted() == ["position"])
        }
    }

    @Test func changesSetAndRemoveAPosition() throws {
        let fields = HabitFields(
            name: "Read", frequency: .daily, measurementType: "pages",
            startDate: LocalDate(year: 2026, month: 1, day: 1)!, actionDays: .everyDay,
            targetValue: 10, position: 7)
        #expect(try HabitChanges(position: .some(99)).applied(to: fields).position == 99)
        #expect(try HabitChanges(position: .some(nil)).applied(to: fields).position == nil)
        #expect(try HabitChanges(name: "Walk").applied(to: fields).position == 7)
    }

    @Test func theWireFormHasPositionOnlyWhenSet() throws {
        let habit = Habit(
            id: 1, name: "Read", frequency: .daily, measurementType: "pages",
            startDate: LocalDate(year: 2026, month: 1, day: 1)!, actionDays: .everyDay,
            targetValue: 10)
        let bare = String(decoding: try JSONEncoder().encode(habit), as: UTF8.self)
        #expect(!bare.contains("position"))
        var placed = habit
        placed.position = 2048
        let text = String(decoding: try JSONEncoder().encode(placed), as: UTF8.self)
        #expect(text.contains("\"position\":2048"))
        #expect(try JSONDecoder().decode(Habit.self, from: Data(text.utf8)).position == 2048)
        let null = text.replacingOccurrences(of: "\"position\":2048", with: "\"position\":null")
        #expect(try JSONDecoder().decode(Habit.self, from: Data(null.utf8)).position == nil)
        // Out of range from another server: left out, the habit still reads.
        let big = text.replacingOccurrences(of: "2048", with: "4294967296")
        #expect(try JSONDecoder().decode(Habit.self, from: Data(big.utf8)).position == nil)
    }

    @Test func sortedOrdersHabits() {
        let start = LocalDate(year: 2026, month: 1, day: 1)!
        let habits = [(1, nil), (2, 50), (3, 40)].map { (id: Int64, position: Int?) in
            Habit(
                id: id, name: "H\(id)", frequency: .daily, measurementType: "times",
                startDate: start, actionDays: .everyDay, targetValue: 1, position: position)
        }
        #expect(HabitOrder.sorted(habits).map(\.id) == [3, 2, 1])
    }
}
