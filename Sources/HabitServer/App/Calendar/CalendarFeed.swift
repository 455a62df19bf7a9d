import Foundation
import HabitCore

/// The events of the calendar feed: each active habit's planned days from
/// `pastDays` before today through `futureDays` after it, titled with the
/// habit's name and the day's state by HabitCore's rules (`HabitHistory`'s
/// calendar states: a weekly, monthly or every-N-days habit's planned days
/// show their period's; an at-most habit's read as a limit kept or gone over).
///
/// Pure: the caller reads the habits and their entries, and gives the
/// account's today (its zone and day boundary).
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

    /// The dates whose entries the feed needs: whole periods of `habits`
    /// around `range` (ISO weeks at least, months, blocks of N days), for
    /// their periods' sums.
    static func entryRange(today: LocalDate, habits: [Habit]) -> ClosedRange<LocalDate> {
        let days = range(today: today)
        let first = OverviewWindow(date: days.lowerBound, today: today).from(for: habits)
        let last = OverviewWindow(date: days.upperBound, today: today).through(for: habits)
        return first...last
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
                guard let word = Self.word(for: state, goal: habit.goal) else { return }
                events.append(
                    ICalendarEvent(
                        uid: "habit-\(habit.id)-\(ICalendarWriter.date(date))@\(host)",
                        date: date, summary: "\(habit.name): \(word)"))
            }
        }
        return events
    }

    /// How a day's state reads in an event's title; `nil` for a day that
    /// is not planned (rest, before the start), which gets no event. An
    /// at-most habit's period is done when it ended within the limit and
    /// failed once over it (rule 3), which its words say.
    static func word(for state: PeriodState, goal: Goal = .atLeast) -> String? {
        switch (state, goal) {
        case (.success, .atLeast): return "done ✓"
        case (.success, .atMost): return "within the limit ✓"
        case (.skipped, _): return "skipped"
        case (.failed, .atLeast): return "missed"
        case (.failed, .atMost): return "over the limit"
        case (.pending, _), (.future, _): return "planned"
        case (.rest, _), (.beforeStart, _): return nil
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
