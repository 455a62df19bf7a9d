import Foundation
import HabitClient
import HabitCore

/// The words and numbers the text output uses for habits, in one place.
enum HabitText {
    /// A decimal as a person writes it: `8`, `0.8`, `1000000`.
    static func number(_ value: Decimal) -> String {
        DecimalNotation.plain(value)
    }

    /// `2/8 glasses`.
    static func progress(_ completion: CompletionData, unit: String) -> String {
        "\(number(completion.current))/\(number(completion.target)) \(TerminalSafeText.clean(unit))"
    }

    /// How often: `daily`, `weekdays`, `Mon, Wed, Fri`, `weekly`, `weekly: Mon, Thu`.
    static func frequency(_ habit: Habit) -> String {
        switch habit.frequency {
        case .daily:
            return habit.actionDays.summary
        // The other periods reach no command yet (issue 38): worded as weeks.
        case .weekly, .monthly, .everyNDays:
            return habit.actionDays == .everyDay
                ? "weekly"
                : "weekly: " + habit.actionDays.names
        }
    }

    /// A name, unit or note from the database, a server or a file, as one
    /// terminal-safe line (`TerminalSafeText`): cleaned before layout, so
    /// widths are measured on what is shown.
    static func name(_ text: String) -> String {
        TerminalSafeText.clean(text)
    }

    /// The habit's name as lists and `show` title it: its icon first when
    /// the output is Unicode (an icon is an emoji, which ASCII output has
    /// not), both cleaned for the terminal.
    static func label(_ habit: Habit, unicode: Bool) -> String {
        guard unicode, let icon = habit.icon else { return name(habit.name) }
        return name(icon) + " " + name(habit.name)
    }

    /// `text` painted in the habit's colour, when it has one and colour is on.
    static func painted(_ habit: Habit, _ palette: Palette) -> @Sendable (String) -> String {
        guard let color = habit.color else { return { $0 } }
        return { palette.color(color, $0) }
    }

    /// `1 day`, `4 days`, `2 weeks`.
    static func periods(_ count: Int, of frequency: Frequency) -> String {
        let unit = frequency == .daily ? "day" : "week"
        return "\(count) \(unit)\(count == 1 ? "" : "s")"
    }

    /// The streak column: `4 days`, `0 days` as `show` says it, "?" when it
    /// is not known (an old cache).
    static func streak(_ count: Int?, of frequency: Frequency) -> String {
        guard let count else { return "?" }
        return periods(count, of: frequency)
    }

    /// "today", "yesterday", "tomorrow", or "Tue 2026-03-10".
    static func day(_ date: LocalDate, today: LocalDate) -> String {
        switch today.days(to: date) {
        case 0: return "today"
        case -1: return "yesterday"
        case 1: return "tomorrow"
        default: return "\(date.weekday.threeLetterName) \(date)"
        }
    }

    /// "today", "yesterday", "on Tue 2026-03-10".
    static func onDay(_ date: LocalDate, today: LocalDate) -> String {
        let day = day(date, today: today)
        return day.contains(" ") ? "on \(day)" : day
    }

    /// The period a completion covers: "today", "on Tue 2026-03-10", "this week",
    /// "the week of 2026-03-09".
    static func period(of habit: Habit, on date: LocalDate, today: LocalDate) -> String {
        switch habit.frequency {
        case .daily:
            return onDay(date, today: today)
        case .weekly, .monthly, .everyNDays:
            let monday = date.startOfISOWeek
            if monday == today.startOfISOWeek { return "this week" }
            if monday == today.startOfISOWeek.adding(days: -7) { return "last week" }
            return "the week of \(monday)"
        }
    }

    /// "8 glasses a day", "20 km a week", "1 time a day": the default unit
    /// `times` is said in the singular for a target of 1.
    static func target(_ habit: Habit) -> String {
        let period = habit.frequency == .daily ? "day" : "week"
        let unit =
            habit.measurementType == "times" && habit.targetValue == 1
            ? "time" : name(habit.measurementType)
        return "\(number(habit.targetValue)) \(unit) a \(period)"
    }

    /// "12 minutes", "1 hour", "3 days": how old a cached answer is.
    static func age(from then: Date, to now: Date) -> String {
        let minutes = max(0, Int(now.timeIntervalSince(then) / 60))
        if minutes == 0 { return "less than a minute" }
        if minutes < 60 { return "\(minutes) minute\(minutes == 1 ? "" : "s")" }
        let hours = minutes / 60
        if hours < 48 { return "\(hours) hour\(hours == 1 ? "" : "s")" }
        let days = hours / 24
        return "\(days) days"
    }

    /// The mark shown before a habit in lists, from the calendar's symbols.
    static func mark(for state: PeriodState, unicode: Bool) -> String {
        let symbols: CalendarSymbols = unicode ? .unicode : .ascii
        return symbols.mark(for: state).map(String.init) ?? " "
    }
}
