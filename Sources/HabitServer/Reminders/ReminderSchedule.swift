import Foundation
import HabitCore

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
public enum ReminderSchedule {
    /// The UTC instant of `time` on local `date` in `zone`.
    public static func instant(of time: ReminderTime, on date: LocalDate, in zone: TimeZone)
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
    public static func occurrences(
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
}
