import Foundation
import HabitCore
import Testing

@Suite struct ActionDaysTests {
    @Test(arguments: [
        ("daily", [1, 2, 3, 4, 5, 6, 7]), ("Weekdays", [1, 2, 3, 4, 5]), ("weekends", [6, 7]),
        ("mon,wed,fri", [1, 3, 5]), ("1,3,5", [1, 3, 5]), (" Monday , sun ", [1, 7]),
        ("tues,4", [2, 4]), ("fri,fri", [5]),
    ])
    func readsWhatAPersonTypes(_ text: String, _ numbers: [Int]) throws {
        let days = try #require(ActionDays(parsing: text))
        #expect(days.sorted.map(\.rawValue) == numbers)
    }

    @Test(arguments: ["", " ", "mon,,fri", "8", "0", "funday", "tu", "mon;wed", "-1"])
    func rejectsAnythingElse(_ text: String) {
        #expect(ActionDays(parsing: text) == nil)
    }

    @Test func bitsCountFromMonday() {
        #expect(ActionDays(bits: 0b0000101) == ActionDays([.monday, .wednesday]))
        #expect(ActionDays(bits: 0x7F) == ActionDays(Weekday.allCases))
        #expect(ActionDays(bits: 0xFF) == .everyDay)
        #expect(ActionDays(bits: 0x60) == ActionDays([.saturday, .sunday]))
        #expect(
            ActionDays(bits: 0x1F)
                == ActionDays([.monday, .tuesday, .wednesday, .thursday, .friday]))
    }

    @Test func summaries() {
        #expect(ActionDays.everyDay.summary == "daily")
        #expect(ActionDays.weekdays.summary == "weekdays")
        #expect(ActionDays([.sunday, .monday]).summary == "Mon, Sun")
        #expect(ActionDays([.wednesday]).count == 1)
        #expect(ActionDays([]).isEmpty)
    }

    @Test func wireFormIsASortedListOfNumbers() throws {
        let json = try JSONEncoder().encode(ActionDays([.friday, .monday, .wednesday]))
        #expect(String(decoding: json, as: UTF8.self) == "[1,3,5]")
        let decoded = try JSONDecoder().decode(ActionDays.self, from: Data("[7,1,7]".utf8))
        #expect(decoded == ActionDays([.monday, .sunday]))
        #expect(try JSONDecoder().decode(ActionDays.self, from: Data("[]".utf8)).isEmpty)
    }

    @Test(arguments: ["[0]", "[8]", "[1,\"2\"]", "3", "[1.5]"])
    func wireFormRejectsNumbersOutsideTheWeek(_ json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ActionDays.self, from: Data(json.utf8))
        }
    }
}
