import Foundation
import HabitCore
import Testing

@Suite struct LocalDateTests {
    @Test(arguments: [
        "2026-02-30", "2026-2-3", " 2026-02-03", "2026-02-03 ", "2026-02-03T00:00", "2026-13-01",
        "2026-00-10", "2026-01-00", "0000-01-01", "20260203", "2026/02/03", "", "+026-02-03",
        "2027-02-29", "1900-02-29", "２０２６-02-03",
    ])
    func rejectsAnythingButAnExistingYYYYMMDD(_ text: String) {
        #expect(LocalDate(text) == nil)
    }

    /// The first and last dates there are, and ranges cut to them.
    @Test func rangesAreCutToTheDatesThereAre() throws {
        #expect(LocalDate.earliest.description == "0001-01-01")
        #expect(LocalDate.latest.description == "9999-12-31")
        let last = LocalDate.latest
        let sunday = last.startOfISOWeek.adding(days: 6)
        #expect(sunday > last, "9999-12-31's week runs past it")
        let monday = last.startOfISOWeek
        #expect(LocalDate.existing(from: monday, through: sunday) == monday...last)
        #expect(LocalDate.existing(from: last.adding(days: 1), through: sunday) == nil)
        let first = LocalDate.earliest
        #expect(
            LocalDate.existing(from: first.adding(days: -3), through: first.adding(days: 2))
                == first...first.adding(days: 2))
    }

    @Test(arguments: ["2026-02-03", "2028-02-29", "2000-02-29", "0001-01-01", "9999-12-31"])
    func readsAndWritesBackExactly(_ text: String) throws {
        let date = try #require(LocalDate(text))
        #expect(date.description == text)
    }

    /// Every year from 0 to 9999 is zero-padded to four digits, and days
    /// beyond keep all their digits, as `YYYY-MM-DD` always was.
    @Test func writesPaddedDigitsForEveryYear() {
        let first = LocalDate(year: 1, month: 1, day: 1)!.dayNumber - 366
        for dayNumber in stride(from: first, through: first + 3_700_000, by: 97) {
            let date = LocalDate(dayNumber: dayNumber)
            let c = date.components
            let expected =
                c.year <= 9999
                ? String(format: "%04d-%02d-%02d", c.year, c.month, c.day)
                : "\(c.year)-\(String(format: "%02d-%02d", c.month, c.day))"
            #expect(date.description == expected)
        }
    }

    @Test func partsAndDayNumbers() throws {
        let date = try #require(LocalDate("2026-11-30"))
        #expect(date.year == 2026 && date.month == 11 && date.day == 30)
        #expect(date.dayNumber == 20_787)
        #expect(LocalDate(dayNumber: 0).description == "1970-01-01")
        #expect(LocalDate(dayNumber: -1).description == "1969-12-31")
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2028, month: 2, day: 29)?.description == "2028-02-29")
    }

    @Test func arithmeticCrossesMonthsYearsAndLeapDays() throws {
        let leapDay = try #require(LocalDate("2028-02-29"))
        #expect(leapDay.adding(days: 1).description == "2028-03-01")
        #expect(leapDay.adding(days: -29).description == "2028-01-31")
        #expect(leapDay.adding(days: 366).description == "2029-03-01")
        let newYearsEve = try #require(LocalDate("2026-12-31"))
        #expect(newYearsEve.adding(days: 1).description == "2027-01-01")
        #expect(newYearsEve.days(to: leapDay) == 425)
        #expect(leapDay.days(to: newYearsEve) == -425)
        #expect(leapDay.startOfMonth.description == "2028-02-01")
        #expect(newYearsEve < leapDay)
    }

    @Test(arguments: [
        ("1970-01-01", Weekday.thursday), ("2000-01-01", .saturday), ("2026-11-30", .monday),
        ("2026-11-01", .sunday), ("2028-02-29", .tuesday), ("1969-12-31", .wednesday),
    ])
    func weekdayIsISO(_ text: String, _ weekday: Weekday) throws {
        let date = try #require(LocalDate(text))
        #expect(date.weekday == weekday)
        #expect(date.startOfISOWeek.weekday == .monday)
        #expect(date.startOfISOWeek.days(to: date) == weekday.rawValue - 1)
    }

    @Test(arguments: [
        ("2020-12-31", 2020, 53), ("2021-01-03", 2020, 53), ("2021-01-04", 2021, 1),
        ("2026-12-31", 2026, 53), ("2027-01-01", 2026, 53), ("2027-01-03", 2026, 53),
        ("2027-01-04", 2027, 1), ("2026-01-01", 2026, 1), ("2025-12-29", 2026, 1),
        ("2024-12-30", 2025, 1), ("2028-02-29", 2028, 9), ("2026-11-30", 2026, 49),
    ])
    func isoWeekAcrossYearBoundaries(_ text: String, _ year: Int, _ week: Int) throws {
        let date = try #require(LocalDate(text))
        #expect(date.isoWeek == ISOWeek(year: year, week: week))
    }

    @Test func isoWeekText() {
        #expect(ISOWeek(year: 2026, week: 5).description == "2026-W05")
        #expect(ISOWeek(year: 2026, week: 53).description == "2026-W53")
        #expect(ISOWeek(year: 2026, week: 53) < ISOWeek(year: 2027, week: 1))
    }

    @Test func leapYears() {
        #expect(LocalDate.isLeapYear(2000))
        #expect(LocalDate.isLeapYear(2028))
        #expect(!LocalDate.isLeapYear(1900))
        #expect(!LocalDate.isLeapYear(2100))
        #expect(LocalDate.daysInMonth(year: 2028, month: 2) == 29)
        #expect(LocalDate.daysInMonth(year: 2027, month: 2) == 28)
        #expect(LocalDate.daysInMonth(year: 2027, month: 4) == 30)
    }

    @Test func codesAsText() throws {
        let date = try #require(LocalDate("2026-02-03"))
        let json = try JSONEncoder().encode([date])
        #expect(String(decoding: json, as: UTF8.self) == #"["2026-02-03"]"#)
        #expect(try JSONDecoder().decode([LocalDate].self, from: json) == [date])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([LocalDate].self, from: Data(#"["2026-02-30"]"#.utf8))
        }
    }

    /// Local wall-clock times as UTC instants, on the days clocks change.
    @Test(arguments: [
        // Europe/Berlin: 2026-03-29 02:00 CET → 03:00 CEST; 2026-10-25 03:00 CEST → 02:00 CET.
        ("Europe/Berlin", "2026-03-28T23:30:00Z", "2026-03-29"),  // 00:30 CET
        ("Europe/Berlin", "2026-03-29T21:30:00Z", "2026-03-29"),  // 23:30 CEST
        ("Europe/Berlin", "2026-10-24T22:30:00Z", "2026-10-25"),  // 00:30 CEST
        ("Europe/Berlin", "2026-10-25T22:30:00Z", "2026-10-25"),  // 23:30 CET
        ("Europe/Berlin", "2026-10-25T23:00:00Z", "2026-10-26"),  // midnight CET
        // America/New_York: 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST.
        ("America/New_York", "2026-03-08T05:30:00Z", "2026-03-08"),  // 00:30 EST
        ("America/New_York", "2026-03-09T03:30:00Z", "2026-03-08"),  // 23:30 EDT
        ("America/New_York", "2026-11-01T04:30:00Z", "2026-11-01"),  // 00:30 EDT
        ("America/New_York", "2026-11-02T04:30:00Z", "2026-11-01"),  // 23:30 EST
        ("America/New_York", "2026-11-02T05:00:00Z", "2026-11-02"),  // midnight EST
    ])
    func dateOnDaysOfADaylightSavingChange(_ zone: String, _ instant: String, _ expected: String)
        throws
    {
        let timeZone = try #require(TimeZone(identifier: zone))
        let moment = try #require(RFC3339.date(from: instant))
        #expect(LocalDate.on(moment, in: timeZone).description == expected)
        #expect(WallClock.fixed(moment, timeZone: timeZone).today.description == expected)
    }

    /// The day arithmetic agrees with Foundation's Gregorian calendar in
    /// zones east and west, with half-hour offsets, and before 1970.
    @Test(arguments: [
        "UTC", "Asia/Kolkata", "Pacific/Kiritimati", "America/St_Johns", "Pacific/Pago_Pago",
    ])
    func dateMatchesFoundationsCalendar(_ zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // From 1960 to 2040 in steps of 30 days 8 h 53 min, so the time of day moves on each step.
        for seconds in stride(from: -315_619_200.0, to: 2_208_988_800.0, by: 2_623_980) {
            let moment = Date(timeIntervalSince1970: seconds)
            let c = calendar.dateComponents([.year, .month, .day], from: moment)
            let expected = try #require(LocalDate(year: c.year!, month: c.month!, day: c.day!))
            #expect(LocalDate.on(moment, in: timeZone) == expected)
        }
    }
}
