import HabitCore
import Testing

@testable import HabitsCLI

@Suite struct DateWordsTests {
    /// 2026-03-11 is a Wednesday.
    let today = LocalDate(year: 2026, month: 3, day: 11)!

    func date(_ text: String) -> String? {
        DateWords.date(text, today: today)?.description
    }

    @Test func isoDatesAreStrict() {
        #expect(date("2026-02-28") == "2026-02-28")
        #expect(date("2026-02-30") == nil)
        #expect(date("2026-2-3") == nil)
        #expect(date(" 2026-02-03") == nil)
    }

    @Test func relativeWords() {
        #expect(date("today") == "2026-03-11")
        #expect(date("Yesterday") == "2026-03-10")
        #expect(date("tomorrow") == "2026-03-12")
    }

    @Test func weekdayIsItsMostRecentOccurrenceTodayIncluded() {
        #expect(date("wed") == "2026-03-11")
        #expect(date("Wednesday") == "2026-03-11")
        #expect(date("tue") == "2026-03-10")
        #expect(date("mon") == "2026-03-09")
        #expect(date("sunday") == "2026-03-08")
        #expect(date("thu") == "2026-03-05")
        #expect(date("THURS") == "2026-03-05")
    }

    @Test func otherWordsAreNotDates() {
        for word in ["", "we", "someday", "2026-03", "-1"] {
            #expect(date(word) == nil, "\(word)")
        }
    }

    @Test func monthAndYearReaders() throws {
        #expect(try ArgumentValue.month("2026-02", argument: "--month").description == "2026-02-01")
        #expect(throws: UsageError.self) { try ArgumentValue.month("2026-13", argument: "--month") }
        #expect(throws: UsageError.self) { try ArgumentValue.month("2026-2", argument: "--month") }
        #expect(try ArgumentValue.year("2026", argument: "--year") == 2026)
        #expect(throws: UsageError.self) { try ArgumentValue.year("26", argument: "--year") }
    }
}
