import Foundation
import HabitCore
import Testing

@Suite struct DayBoundaryTests {
    let paris = TimeZone(identifier: "Europe/Paris")!

    /// 2026-03-10 at `hour`:`minute` in Paris (UTC+1 in March before the change).
    func paris(_ day: Int, _ hour: Int, _ minute: Int, month: Int = 3) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = paris
        return calendar.date(
            from: DateComponents(year: 2026, month: month, day: day, hour: hour, minute: minute))!
    }

    @Test func readsAndWritesHoursAndMinutesFromMidnightToNoon() {
        #expect(DayBoundary("00:00") == .midnight)
        #expect(DayBoundary("03:00")?.minutes == 180)
        #expect(DayBoundary("12:00")?.minutes == 720)
        #expect(DayBoundary("03:30")?.text == "03:30")
        for bad in ["12:01", "13:00", "3:00", "03:60", "0300", "", "03:00 ", "-1:00", "ab:cd"] {
            #expect(DayBoundary(bad) == nil, "\(bad)")
        }
    }

    @Test func beforeTheBoundaryTodayIsStillThePreviousDate() {
        let three = DayBoundary("03:00")!
        #expect(three.date(at: paris(10, 1, 30), in: paris) == LocalDate("2026-03-09"))
        #expect(three.date(at: paris(10, 2, 59), in: paris) == LocalDate("2026-03-09"))
        #expect(three.date(at: paris(10, 3, 0), in: paris) == LocalDate("2026-03-10"))
        #expect(
            DayBoundary.midnight.date(at: paris(10, 0, 0), in: paris) == LocalDate("2026-03-10"))
    }

    @Test func theBoundaryFollowsTheWallClockOnTheNightTheClocksChange() {
        // 2026-03-29 02:00 → 03:00 in Paris: at 03:30 local (UTC+2) the new
        // day has begun, though only 2.5 hours have passed since midnight.
        let three = DayBoundary("03:00")!
        #expect(three.date(at: paris(29, 3, 30), in: paris) == LocalDate("2026-03-29"))
        #expect(three.date(at: paris(29, 1, 59), in: paris) == LocalDate("2026-03-28"))
    }

    @Test func aClockWithABoundaryGivesThePreviousDateBeforeIt() {
        var clock = WallClock.fixed(paris(10, 1, 30), timeZone: paris)
        #expect(clock.today == LocalDate("2026-03-10"))
        clock.dayStartsAt = DayBoundary("03:00")!
        #expect(clock.today == LocalDate("2026-03-09"))
    }

    @Test func encodesAsItsText() throws {
        let data = try JSONEncoder().encode(["day_starts_at": DayBoundary("04:15")!])
        #expect(String(decoding: data, as: UTF8.self) == #"{"day_starts_at":"04:15"}"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([String: DayBoundary].self, from: Data(#"{"a":"13:00"}"#.utf8))
        }
    }
}
