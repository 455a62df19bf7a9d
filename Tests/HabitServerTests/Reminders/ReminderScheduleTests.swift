import Foundation
import HabitCore
import HabitStorage
import Testing

@testable import HabitServer

@Suite struct ReminderScheduleTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func utc(_ text: String) -> Date {
        RFC3339.date(from: text)!
    }

    private func day(_ text: String) -> LocalDate {
        LocalDate(text)!
    }

    @Test func anOrdinaryDayIsTheLocalTimeMinusTheOffset() {
        // Winter: CET is UTC+1; summer: CEST is UTC+2.
        #expect(
            ReminderSchedule.instant(of: ReminderTime("20:00")!, on: day("2026-01-15"), in: berlin)
                == utc("2026-01-15T19:00:00Z"))
        #expect(
            ReminderSchedule.instant(of: ReminderTime("20:00")!, on: day("2026-07-15"), in: berlin)
                == utc("2026-07-15T18:00:00Z"))
    }

    @Test func aTimeSkippedInSpringFiresOnceAtTheTransition() {
        // 2026-03-29: clocks go from 02:00 CET to 03:00 CEST (01:00 UTC).
        let instant = ReminderSchedule.instant(
            of: ReminderTime("02:30")!, on: day("2026-03-29"), in: berlin)
        #expect(instant == utc("2026-03-29T01:00:00Z"))
        let window = utc("2026-03-28T12:00:00Z")...utc("2026-03-29T12:00:00Z")
        let occurrences = ReminderSchedule.occurrences(
            of: ReminderTime("02:30")!, in: berlin, within: window)
        #expect(occurrences.map(\.instant) == [utc("2026-03-29T01:00:00Z")])
        #expect(occurrences.map(\.date) == [day("2026-03-29")])
    }

    @Test func aTimeRepeatedInAutumnFiresOnceAtItsFirstOccurrence() {
        // 2026-10-25: clocks go from 03:00 CEST back to 02:00 CET (01:00 UTC),
        // so 02:30 happens at 00:30 UTC and again at 01:30 UTC.
        let window = utc("2026-10-24T12:00:00Z")...utc("2026-10-25T12:00:00Z")
        let occurrences = ReminderSchedule.occurrences(
            of: ReminderTime("02:30")!, in: berlin, within: window)
        #expect(occurrences.map(\.instant) == [utc("2026-10-25T00:30:00Z")])
    }

    @Test func everyDayAcrossBothTransitionsHasExactlyOneOccurrence() {
        for (start, end) in [("2026-03-20", "2026-04-05"), ("2026-10-18", "2026-11-02")] {
            let window = utc(start + "T00:00:00Z")...utc(end + "T00:00:00Z")
            for text in ["00:00", "01:59", "02:00", "02:30", "02:59", "03:00", "23:59"] {
                let occurrences = ReminderSchedule.occurrences(
                    of: ReminderTime(text)!, in: berlin, within: window)
                let dates = occurrences.map(\.date)
                #expect(Set(dates).count == dates.count, "\(text) doubled a day")
                #expect(
                    dates.count == day(start).days(to: day(end)) - 1
                        || dates.count == day(start).days(to: day(end))
                        || dates.count == day(start).days(to: day(end)) + 1,
                    "\(text) skipped a day")
                // Consecutive days are 23 to 25 hours apart, never 0 or 48.
                for (first, second) in zip(occurrences, occurrences.dropFirst()) {
                    let hours = second.instant.timeIntervalSince(first.instant) / 3600
                    #expect((22.5...25.5).contains(hours), "\(text): \(hours) hours")
                }
            }
        }
    }

    @Test func theWindowExcludesItsStartAndIncludesItsEnd() {
        let zone = TimeZone(identifier: "UTC")!
        let at = utc("2026-12-01T20:00:00Z")
        let time = ReminderTime("20:00")!
        #expect(
            ReminderSchedule.occurrences(of: time, in: zone, within: at...at.addingTimeInterval(60))
                .isEmpty)
        #expect(
            ReminderSchedule.occurrences(
                of: time, in: zone, within: at.addingTimeInterval(-60)...at
            )
            .map(\.instant) == [at])
    }

    @Test func reminderTimesAreStrictHHMM() {
        #expect(ReminderTime("07:05")?.description == "07:05")
        #expect(ReminderTime("23:59") != nil)
        for bad in ["24:00", "7:05", "07:5", "07:60", "0705", " 07:05", "07:05 ", "٠٧:٠٥", "-1:00"]
        {
            #expect(ReminderTime(bad) == nil, "\(bad)")
        }
    }

    /// `slots(in:within:)` is `occurrences(of:in:within:)` for every time
    /// of day: in ordinary weeks (read off the offset) and next to
    /// daylight-saving transitions (each time by the rules), in zones with
    /// whole-, half- and quarter-hour offsets, and in a zone the platform
    /// does not know (UTC).
    @Test func slotsAreEveryTimesOccurrences() {
        struct Key: Hashable {
            var date: LocalDate
            var time: String
            var instant: Int64
        }
        let zones = [
            "UTC", "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu",
            "Not/AZone",
        ]
        let windows: [(String, TimeInterval)] = [
            ("2026-11-30T20:00:30.5Z", 30 * 60), ("2026-03-29T01:10:00Z", 30 * 60),
            ("2026-10-25T01:20:00Z", 2 * 3_600), ("2026-03-08T07:15:00Z", 30 * 60),
            ("2026-04-04T15:20:00Z", 45 * 60),
        ]
        for identifier in zones {
            let zone = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
            for (end, grace) in windows {
                let now = utc(end)
                let window = now.addingTimeInterval(-grace)...now
                var expected: Set<Key> = []
                for hour in 0..<24 {
                    for minute in 0..<60 {
                        let time = ReminderTime(hour: hour, minute: minute)!
                        for occurrence in ReminderSchedule.occurrences(
                            of: time, in: zone, within: window)
                        {
                            expected.insert(
                                Key(
                                    date: occurrence.date, time: time.description,
                                    instant: Int64(
                                        occurrence.instant.timeIntervalSince1970.rounded(.down))))
                        }
                    }
                }
                let slots = ReminderSchedule.slots(in: identifier, within: window)
                #expect(slots.allSatisfy { $0.zone == identifier })
                let found = Set(
                    slots.map { Key(date: $0.date, time: $0.time, instant: $0.instant) })
                #expect(found.count == slots.count, "\(identifier) \(end): a slot twice")
                #expect(found == expected, "\(identifier) \(end)")
                #expect(!expected.isEmpty, "\(identifier) \(end)")
            }
        }
    }

    /// With days starting at 03:00, a slot before 03:00 local is for the
    /// previous date (rule 7), in ordinary weeks and next to transitions:
    /// the account's date at the slot's instant. Instants and times are as
    /// with days ending at midnight.
    @Test func aSlotBeforeTheDayBoundaryIsForThePreviousDate() throws {
        let boundary = try #require(DayBoundary("03:00"))
        for identifier in ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kathmandu"] {
            let zone = TimeZone(identifier: identifier)!
            for end in ["2026-12-01T02:15:00Z", "2026-03-29T02:10:00Z", "2026-12-01T08:00:00Z"] {
                let now = utc(end)
                let window = now.addingTimeInterval(-3 * 3_600)...now
                let midnight = ReminderSchedule.slots(in: identifier, within: window)
                let shifted = ReminderSchedule.slots(
                    in: identifier, dayStartsAt: boundary, within: window)
                #expect(shifted.map(\.instant) == midnight.map(\.instant))
                #expect(shifted.map(\.time) == midnight.map(\.time))
                #expect(shifted.allSatisfy { $0.dayStartsAt == boundary })
                for slot in shifted {
                    let instant = Date(timeIntervalSince1970: TimeInterval(slot.instant))
                    #expect(
                        slot.date == boundary.date(at: instant, in: zone), "\(identifier) \(slot)")
                }
            }
        }
        // In Berlin on Tuesday 1 December: 01:30 is still Monday's, 03:00 Tuesday's.
        let berlin = ReminderSchedule.slots(
            in: "Europe/Berlin", dayStartsAt: boundary,
            within: utc("2026-12-01T00:00:00Z")...utc("2026-12-01T02:15:00Z"))
        #expect(berlin.first { $0.time == "01:30" }?.date == LocalDate("2026-11-30"))
        #expect(berlin.first { $0.time == "02:59" }?.date == LocalDate("2026-11-30"))
        #expect(berlin.first { $0.time == "03:00" }?.date == LocalDate("2026-12-01"))
    }
}
