import Foundation
import HabitCore

/// The events of the calendar feed: each active habit's planned days from
/// `pastDays` before today through `futureDays` after it, titled with the
/// habit's name and the day's state by HabitCore's rules (`HabitHistory`'s
/// calendar states: a weekly habit's planned days show their week's).
///
/// Pure: the caller reads the habits and their entries, and gives today
/// in the account's time zone.
struct CalendarFeed {
    static let pastDays = 60
    static let futureDays = 30

    /// The host part of every event's UID, so UIDs from this server do not
    /// meet another's.
    var host: String

    /// The first and last dates of the feed for `today`.
    static func range(today: LocalDate) -> ClosedRange<LocalDate> {
        today.adding(days: -pastDays)...today.adding(days: futureDays)
    }

    /// The dates whose entries the feed needs: whole ISO weeks around
    /// `range`, for the weekly habits' sums.
    static func entryRange(today: LocalDate) -> ClosedRange<LocalDate> {
        let days = range(today: today)
        return days.lowerBound.startOfISOWeek...days.upperBound.startOfISOWeek.adding(days: 6)
    }

    /// The events, habit by habit (in the given order), date by date.
    func events(
        habits: [Habit], entries: [Int64: [ProgressEntry]], today: LocalDate
    ) -> [ICalendarEvent] {
        let days = Self.range(today: today)
        let count = days.lowerBound.days(to: days.upperBound) + 1
        var events: [ICalendarEvent] = []
        for habit in habits {
            let history = HabitHistory(habit: habit, entries: entries[habit.id] ?? [])
            var date = days.lowerBound
            history.forEachCalendarDay(from: days.lowerBound, count: count, today: today) {
                state, _ in
                defer { date = date.adding(days: 1) }
                guard let word = Self.word(for: state) else { return }
                events.append(
                    ICalendarEvent(
                        uid: "habit-\(habit.id)-\(ICalendarWriter.date(date))@\(host)",
                        date: date, summary: "\(habit.name): \(word)"))
            }
        }
        return events
    }

    /// How a day's state reads in an event's title; `nil` for a day that
    /// is not planned (rest, before the start), which gets no event.
    static func word(for state: PeriodState) -> String? {
        switch state {
        case .success: return "done ✓"
        case .skipped: return "skipped"
        case .failed: return "missed"
        case .pending, .future: return "planned"
        case .rest, .beforeStart: return nil
        }
    }

    /// The UID host from a request's `Host` header: lower-case, without
    /// its port, only letters, digits, dots and dashes (it is text a
    /// client sent); `localhost` when nothing is left.
    static func host(fromHeader header: String?) -> String {
        var text = Substring(header ?? "")
        if text.hasPrefix("[") {
            text = text.dropFirst().prefix { $0 != "]" }
        } else if let colon = text.lastIndex(of: ":") {
            text = text[..<colon]
        }
        let kept = text.lowercased().unicodeScalars.filter {
            ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "." || $0 == "-"
                || $0 == ":"
        }
        let host = String(String.UnicodeScalarView(kept.prefix(253)))
        return host.isEmpty ? "localhost" : host
    }
}
