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

    /// How often: `daily`, `weekdays`, `Mon, Wed, Fri`, `weekly`,
    /// `weekly: Mon, Thu`, `monthly`, `monthly: Mon, Wed`, `every 3 days`,
    /// `every 3 days: Sat, Sun`: a longer period's planned days after a colon.
    static func frequency(_ habit: Habit) -> String {
        let name: String
        switch habit.frequency {
        case .daily: return habit.actionDays.summary
        case .weekly: name = "weekly"
        case .monthly: name = "monthly"
        case .everyNDays: name = "every " + period(.everyNDays, days: habit.periodDays)
        }
        return habit.actionDays == .everyDay ? name : name + ": " + habit.actionDays.names
    }

    /// The habit's schedule after its target ("8 glasses a day, daily"):
    /// `frequency`, except that a monthly or every-N-days habit, whose
    /// target already names its period, says only its days when they are
    /// not every day: "every 3 days, on Sat, Sun", never "every 3 days,
    /// every 3 days". `nil` when there is nothing more to say.
    static func schedule(_ habit: Habit) -> String? {
        switch habit.frequency {
        case .daily, .weekly: return frequency(habit)
        case .monthly, .everyNDays:
            return habit.actionDays == .everyDay ? nil : "on " + habit.actionDays.names
        }
    }

    /// "once a month, from 2026-12-01": the target, the schedule and the
    /// start, as `add`, `edit` and `show` say a habit.
    static func summary(_ habit: Habit) -> String {
        // Concatenated, not `joined(separator:)`: the standard library's
        // generic join looks its collection up in the runtime's conformance
        // table, about 0.25 M instructions of a command's start.
        target(habit) + (schedule(habit).map { ", " + $0 } ?? "") + ", from \(habit.startDate)"
    }

    /// What one period is: "day", "week", "month", "3 days" (N of an
    /// every-N-days habit; "N days" when it is not known).
    static func period(_ frequency: Frequency, days: Int?) -> String {
        switch frequency {
        case .daily: return "day"
        case .weekly: return "week"
        case .monthly: return "month"
        case .everyNDays: return "\(days.map(String.init) ?? "N") days"
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

    /// `1 day`, `4 days`, `2 weeks`, `1 month`, `3 periods` (of an
    /// every-N-days habit, whose length this does not know).
    static func periods(_ count: Int, of frequency: Frequency) -> String {
        let unit: String
        switch frequency {
        case .daily: unit = "day"
        case .weekly: unit = "week"
        case .monthly: unit = "month"
        case .everyNDays: unit = "period"
        }
        return "\(count) \(unit)\(count == 1 ? "" : "s")"
    }

    /// As `periods(_:of:)` for `habit`'s periods, with an every-N-days
    /// habit's length: "1 period of 3 days", "4 periods of 3 days" (a count
    /// of days would read as days, and "4 × 3 days" as a sum).
    static func periods(_ count: Int, of habit: Habit) -> String {
        let text = periods(count, of: habit.frequency)
        guard habit.frequency == .everyNDays else { return text }
        return text + " of " + period(.everyNDays, days: habit.periodDays)
    }

    /// The streak column: `4 days`, `0 days` as `show` says it, "?" when it
    /// is not known (an old cache).
    static func streak(_ count: Int?, of frequency: Frequency) -> String {
        guard let count else { return "?" }
        return periods(count, of: frequency)
    }

    /// `streak(_:of:)` with an every-N-days habit's length.
    static func streak(_ count: Int?, of habit: Habit) -> String {
        guard let count else { return "?" }
        return periods(count, of: habit)
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
    /// "last week", "the week of 2026-03-09", "this month", "last month",
    /// "in March 2026", "these 3 days (Mar 10-12)", "the 3 days Mar 7-9"
    /// (`HabitPeriods` says where an every-N-days period begins).
    static func period(of habit: Habit, on date: LocalDate, today: LocalDate) -> String {
        let periods = HabitPeriods(of: habit)
        let days = periods.period(containing: date)
        let current = periods.period(containing: today)
        let previous = periods.period(containing: current.lowerBound.adding(days: -1))
        switch habit.frequency {
        case .daily:
            return onDay(date, today: today)
        case .weekly:
            if days == current { return "this week" }
            if days == previous { return "last week" }
            return "the week of \(days.lowerBound)"
        case .monthly:
            if days == current { return "this month" }
            if days == previous { return "last month" }
            return "in \(MonthGrid.monthNames[date.month - 1]) \(date.year)"
        case .everyNDays:
            let length = period(.everyNDays, days: habit.periodDays)
            let range = dayRange(days, today: today)
            return days == current ? "these \(length) (\(range))" : "the \(length) \(range)"
        }
    }

    /// "Mar 4-6", "Feb 27-Mar 1", "Dec 4-6 2025", "Dec 30 2025-Jan 1 2026":
    /// a period's days, short, in ASCII; a year is said when it is not
    /// today's, and on both sides when they differ.
    static func dayRange(_ days: ClosedRange<LocalDate>, today: LocalDate) -> String {
        let first = days.lowerBound
        let last = days.upperBound
        let month = { (date: LocalDate) in HeatmapGrid.shortMonthName(date.month) }
        if first.year != last.year {
            return
                "\(month(first)) \(first.day) \(first.year)-\(month(last)) \(last.day) \(last.year)"
        }
        let year = last.year == today.year ? "" : " \(last.year)"
        if first.month == last.month {
            return "\(month(first)) \(first.day)-\(last.day)\(year)"
        }
        return "\(month(first)) \(first.day)-\(month(last)) \(last.day)\(year)"
    }

    /// How much a period holds, as the word table says it
    /// (Tests/Web/habit-words.json, which the web app's wording shares):
    /// "8 glasses a day", "once a week", "twice a month", "every 3 days",
    /// "at most 2 cups a day", "no cigarettes a day", "never". The unit
    /// `times` is said as once, twice, N times; any other unit is the
    /// person's own text, never inflected.
    static func target(_ habit: Habit) -> String {
        let times = habit.measurementType == "times"
        let each =
            habit.frequency == .everyNDays
            ? "every " + period(.everyNDays, days: habit.periodDays)
            : "a " + period(habit.frequency, days: nil)
        if habit.goal == .atMost && habit.targetValue == 0 {
            return times ? "never" : "no \(name(habit.measurementType)) \(each)"
        }
        let amount = self.amount(habit.targetValue, unit: habit.measurementType)
        if habit.goal == .atMost { return "at most \(amount) \(each)" }
        // "every 3 days", not "once every 3 days": once is what "every" says.
        if times && habit.targetValue == 1 && habit.frequency == .everyNDays { return each }
        return "\(amount) \(each)"
    }

    /// "once", "twice", "3 times", "2 cups": an amount of a unit, `times`
    /// said in words.
    static func amount(_ value: Decimal, unit: String) -> String {
        guard unit == "times" else { return "\(number(value)) \(name(unit))" }
        switch value {
        case 1: return "once"
        case 2: return "twice"
        default: return "\(number(value)) times"
        }
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
