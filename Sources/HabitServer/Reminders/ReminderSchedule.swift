import Foundation
import HabitCore
import HabitStorage

/// Where a local time of day falls in UTC, by the platform's time zone
/// database, with the daylight-saving rules reminders keep:
///
/// - A time that does not exist that day (the hour skipped in spring) fires
///   once, at the first instant after the gap (the transition itself:
///   02:30 in Berlin on the last Sunday of March fires at 03:00 CEST).
/// - A time that occurs twice (the hour repeated in autumn) fires once, at
///   its first occurrence (summer time).
///
/// So every planned day has exactly one instant per reminder time.
package enum ReminderSchedule {
    /// The UTC instant of `time` on local `date` in `zone`.
    package static func instant(of time: ReminderTime, on date: LocalDate, in zone: TimeZone)
        -> Date
    {
        // Seconds of the local wall clock as if it were UTC.
        let local = Double(date.dayNumber) * 86_400 + Double(time.hour * 3_600 + time.minute * 60)
        // A day either side is past any transition that can touch this time.
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 86_400))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: local + 86_400))
        var valid: [Date] = []
        for offset in Set([before, after]) {
            let candidate = Date(timeIntervalSince1970: local - Double(offset))
            if zone.secondsFromGMT(for: candidate) == offset { valid.append(candidate) }
        }
        if let first = valid.min() { return first }
        // In the gap: the transition is the first instant after it.
        let gapStart = Date(timeIntervalSince1970: local - Double(max(before, after)) - 1)
        return zone.nextDaylightSavingTimeTransition(after: gapStart)
            ?? Date(timeIntervalSince1970: local - Double(before))
    }

    /// The occurrences of `time` in `zone` at instants in `window`
    /// (lower bound excluded, upper included), oldest first.
    package static func occurrences(
        of time: ReminderTime, in zone: TimeZone, within window: ClosedRange<Date>
    ) -> [(date: LocalDate, instant: Date)] {
        // The local dates the window touches, a day of margin each side.
        let first = LocalDate.on(window.lowerBound, in: zone).adding(days: -1)
        let last = LocalDate.on(window.upperBound, in: zone).adding(days: 1)
        var result: [(date: LocalDate, instant: Date)] = []
        var date = first
        while date <= last {
            let instant = instant(of: time, on: date, in: zone)
            if instant > window.lowerBound && instant <= window.upperBound {
                result.append((date, instant))
            }
            date = date.adding(days: 1)
        }
        return result
    }

    /// Every local time of day (`HH:MM`) with an occurrence in `window` in
    /// `zone`, with its date and instant: `occurrences(of:in:within:)` for
    /// all 1,440 times at once. `identifier` is the zone as accounts store
    /// it; one the platform does not know is read as UTC, as for one reminder.
    /// A slot's date is the date of accounts whose day starts at
    /// `dayStartsAt` at its instant (rule 7): a reminder at 01:30 with days
    /// starting at 03:00 is for the previous date.
    ///
    /// Where the zone's offset is the same for two days either side of the
    /// window, an instant is the local wall clock minus that offset, so the
    /// due times are read straight off the window; otherwise (a transition
    /// near) each time goes through `instant(of:on:in:)` and its rules.
    package static func slots(
        in identifier: String, dayStartsAt: DayBoundary = .midnight,
        within window: ClosedRange<Date>
    ) -> [OccurrenceClaim.Slot] {
        let zone = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
        let margin: TimeInterval = 2 * 86_400
        let early = window.lowerBound.addingTimeInterval(-margin)
        let late = window.upperBound.addingTimeInterval(margin)
        let offset = zone.secondsFromGMT(for: early)
        let steady =
            zone.secondsFromGMT(for: late) == offset
            && (zone.nextDaylightSavingTimeTransition(after: early).map { $0 > late } ?? true)
        var slots: [OccurrenceClaim.Slot] = []
        if steady {
            // Local wall-clock seconds of the window's ends, as if UTC.
            let low = window.lowerBound.timeIntervalSince1970 + Double(offset)
            let high = window.upperBound.timeIntervalSince1970 + Double(offset)
            var minute = Int64((low / 60).rounded(.down))
            if Double(minute * 60) <= low { minute += 1 }
            while Double(minute * 60) <= high {
                let day = Int(minute.floorDivided(by: 1_440))
                let ofDay = Int(minute - Int64(day) * 1_440)
                let time = ReminderTime(hour: ofDay / 60, minute: ofDay % 60)!
                // The wall clock is steady, so the boundary is a time of day.
                let date = LocalDate(dayNumber: ofDay < dayStartsAt.minutes ? day - 1 : day)
                slots.append(
                    OccurrenceClaim.Slot(
                        zone: identifier, date: date, time: time.description,
                        instant: minute * 60 - Int64(offset), dayStartsAt: dayStartsAt))
                minute += 1
            }
            return slots
        }
        for hour in 0..<24 {
            for minute in 0..<60 {
                let time = ReminderTime(hour: hour, minute: minute)!
                for occurrence in occurrences(of: time, in: zone, within: window) {
                    slots.append(
                        OccurrenceClaim.Slot(
                            zone: identifier,
                            date: dayStartsAt.date(at: occurrence.instant, in: zone),
                            time: time.description,
                            instant: Int64(occurrence.instant.timeIntervalSince1970.rounded(.down)),
                            dayStartsAt: dayStartsAt))
                }
            }
        }
        return slots
    }
}

extension Int64 {
    /// The quotient rounded towards minus infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
