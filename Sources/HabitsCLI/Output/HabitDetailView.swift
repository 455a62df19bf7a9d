import Foundation
import HabitClient
import HabitCore

/// The text and JSON of `habits show`: properties, the period's progress,
/// streaks, counts, completion rate and calendar months, all as of `date`,
/// then the notes of the days of those months.
struct HabitDetailView: Sendable {
    var history: HabitHistory
    /// The day everything is judged on: days before it are decided, it is "today".
    var date: LocalDate
    /// The first day of each month to draw.
    var months: [LocalDate]
    /// Set when the months are a year view.
    var year: Int?
    var style: OutputStyle
    /// The real today, for naming the period ("Today", "Sun 2026-11-15").
    var today: LocalDate
    /// The stats as of `date`: `history.stats(today: date)`, which a backend
    /// may have worked out from a checkpoint and a history holding only the
    /// entries the rest of the view reads.
    var stats: HabitStats

    init(
        history: HabitHistory, date: LocalDate, months: [LocalDate], year: Int?,
        style: OutputStyle, today: LocalDate, stats: HabitStats? = nil
    ) {
        self.history = history
        self.date = date
        self.months = months
        self.year = year
        self.style = style
        self.today = today
        self.stats = stats ?? history.stats(today: date)
    }

    var habit: Habit { history.habit }

    func render() -> String {
        let palette = style.palette
        let separator = style.unicode ? " \u{00B7} " : ", "
        var lines: [String] = []
        let label = HabitText.label(habit, unicode: style.unicode)
        var title = HabitText.painted(habit, palette)(palette.bold("#\(habit.id) \(label)"))
        if habit.status == .archived { title += palette.dim(" (archived)") }
        lines.append(title)
        lines.append(
            "  " + HabitText.target(habit)
                + (HabitText.schedule(habit).map { separator + $0 } ?? "") + separator
                + "since \(habit.startDate)")
        lines.append("")

        let completion = history.completion(on: date, today: date)
        let unit = habit
        let periodName = Self.periodName(of: habit, on: date, today: today)
        let rows: [[TextTable.Cell]] = [
            [
                TextTable.Cell(periodName),
                TextTable.Cell(Self.progress(completion, of: habit)),
            ],
            [
                TextTable.Cell("Current streak"),
                TextTable.Cell(HabitText.periods(stats.currentStreak, of: unit)),
            ],
            [
                TextTable.Cell("Longest streak"),
                TextTable.Cell(HabitText.periods(stats.longestStreak, of: unit)),
            ],
            [
                TextTable.Cell("Done"),
                TextTable.Cell(HabitText.periods(stats.successCount, of: unit)),
            ],
            [
                TextTable.Cell("Failed"),
                TextTable.Cell(HabitText.periods(stats.failedCount, of: unit)),
            ],
            [
                TextTable.Cell("Skipped"),
                TextTable.Cell(HabitText.periods(stats.skippedCount, of: unit)),
            ],
            [
                TextTable.Cell("Completion rate"),
                TextTable.Cell(
                    Self.percent(
                        done: stats.successCount, of: stats.successCount + stats.failedCount)),
            ],
            [
                TextTable.Cell("Strength"),
                TextTable.Cell("\(Int((stats.strength * 100).rounded()))%"),
            ],
        ]
        let table = TextTable(rows: rows)
        lines.append(contentsOf: table.lines(widths: TextTable.widths(of: rows)))
        lines.append("")

        let renderer = CalendarRenderer(
            style: CalendarStyle(symbols: style.unicode ? .unicode : .ascii, useColor: style.color))
        var calendar: String
        if let year {
            calendar = renderer.renderYear(year, history: history, today: date, width: style.width)
        } else {
            calendar = renderer.render(grids(), width: style.width)
        }
        if calendar.hasSuffix("\n") { calendar.removeLast() }
        lines.append(calendar)
        let notes = notedEntries()
        if !notes.isEmpty {
            lines.append("")
            lines.append("Notes:")
            // A note may come from a server: cleaned before the terminal.
            for entry in notes {
                lines.append("  \(entry.date)  \(TerminalSafeText.clean(entry.note ?? ""))")
            }
        }
        return TextTable.text(lines)
    }

    /// The entries with a note on the days of the months shown (a year
    /// view's `months` are its twelve), by date.
    func notedEntries() -> [ProgressEntry] {
        months.flatMap { first in
            (0..<LocalDate.daysInMonth(year: first.year, month: first.month)).compactMap {
                offset in
                history.entry(on: first.adding(days: offset)).flatMap { $0.note == nil ? nil : $0 }
            }
        }
    }

    /// The calendar months as grids.
    func grids() -> [MonthGrid] {
        months.compactMap {
            MonthGrid(year: $0.year, month: $0.month, history: history, today: date)
        }
    }

    /// The period of `date` as the progress row names it: "Today",
    /// "Tue 2026-03-10", "This week", "Week of 2026-03-02", "This month",
    /// "March 2026", "These 3 days (Mar 10-12)", "3 days Mar 7-9".
    static func periodName(of habit: Habit, on date: LocalDate, today: LocalDate) -> String {
        let periods = HabitPeriods(of: habit)
        let first = periods.first(containing: date)
        let isCurrent = first == periods.first(containing: today)
        switch habit.frequency {
        case .daily:
            return date == today ? "Today" : "\(date.weekday.threeLetterName) \(date)"
        case .weekly:
            return isCurrent ? "This week" : "Week of \(first)"
        case .monthly:
            return isCurrent ? "This month" : "\(MonthGrid.monthNames[date.month - 1]) \(date.year)"
        case .everyNDays:
            let length = HabitText.period(.everyNDays, days: habit.periodDays)
            let range = HabitText.dayRange(periods.period(containing: date), today: today)
            return isCurrent ? "These \(length) (\(range))" : "\(length) \(range)"
        }
    }

    /// The progress row: "2/8 glasses (to do)"; for an at-most habit the
    /// value against its limit and what is left or over: "1/2 cups, 1 left
    /// (on track)", "3/2 cups, over by 1 (over the limit)".
    static func progress(_ completion: CompletionData, of habit: Habit) -> String {
        let text = HabitText.progress(completion, unit: habit.measurementType)
        let state = stateWord(completion.state, goal: habit.goal)
        guard habit.goal == .atMost else { return text + " (\(state))" }
        let over = completion.current - completion.target
        let margin =
            over > 0 ? "over by \(HabitText.number(over))" : "\(HabitText.number(-over)) left"
        return text + ", \(margin) (\(state))"
    }

    /// `stateWord(_:)` for a habit with `goal`: an at-most period is "on
    /// track" while pending (nothing is to be done), "kept" once done and
    /// "over the limit" when failed.
    static func stateWord(_ state: PeriodState, goal: Goal) -> String {
        guard goal == .atMost else { return stateWord(state) }
        switch state {
        case .pending: return "on track"
        case .success: return "kept"
        case .failed: return "over the limit"
        default: return stateWord(state)
        }
    }

    /// "done", "to do", "missed"…: the state as the text output says it.
    static func stateWord(_ state: PeriodState) -> String {
        switch state {
        case .success: return "done"
        case .pending: return "to do"
        case .failed: return "missed"
        case .skipped: return "skipped"
        case .future: return "not started"
        case .rest: return "not due"
        case .beforeStart: return "before start"
        }
    }

    /// "93%", or "n/a" before anything is decided. Rounded down, so 100% means all.
    /// `done` of `total` as a whole percentage, rounded half up in exact
    /// integer arithmetic (2 of 3 is 67%, 1 of 8 is 13%); "n/a" for none.
    static func percent(done: Int, of total: Int) -> String {
        guard total > 0 else { return "n/a" }
        return "\((200 * done + total) / (2 * total))%"
    }

    // MARK: - JSON

    func document() -> Document {
        return Document(
            habit: habit, date: date, completion: history.completion(on: date, today: date),
            stats: stats,
            months: grids().map { grid in
                Document.Month(
                    month: String(
                        (LocalDate(year: grid.year, month: grid.month, day: 1)?.description ?? "")
                            .prefix(7)),
                    days: grid.days.map { day in
                        let entry = history.entry(on: day.date)
                        return Document.Day(
                            date: day.date, state: day.state, value: entry?.value,
                            skipped: entry?.skipped ?? false, note: entry?.note)
                    })
            })
    }

    struct Document: Encodable {
        struct Month: Encodable {
            var month: String
            var days: [Day]
        }

        struct Day: Encodable {
            var date: LocalDate
            var state: PeriodState
            var value: Decimal?
            var skipped: Bool
            /// The day's note as stored (JSON escapes what a terminal would
            /// act on), `null` when there is none.
            var note: String?

            enum CodingKeys: String, CodingKey { case date, state, value, skipped, note }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(date, forKey: .date)
                try container.encode(state, forKey: .state)
                try container.encode(value, forKey: .value)
                try container.encode(skipped, forKey: .skipped)
                try container.encode(note, forKey: .note)
            }
        }

        var habit: Habit
        var date: LocalDate
        var completion: CompletionData
        var stats: HabitStats
        var months: [Month]

        enum CodingKeys: String, CodingKey {
            case habit, date, stats, months
            case completion = "completion_data"
        }

        enum StatsKeys: String, CodingKey {
            case currentStreak = "current_streak"
            case longestStreak = "longest_streak"
            case successCount = "success_count"
            case failedCount = "failed_count"
            case skippedCount = "skipped_count"
            case completionRate = "completion_rate"
            case strength
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(habit, forKey: .habit)
            try container.encode(date, forKey: .date)
            try container.encode(JSONOutput.Completion(completion: completion), forKey: .completion)
            var statsContainer = container.nestedContainer(keyedBy: StatsKeys.self, forKey: .stats)
            try statsContainer.encode(stats.currentStreak, forKey: .currentStreak)
            try statsContainer.encode(stats.longestStreak, forKey: .longestStreak)
            try statsContainer.encode(stats.successCount, forKey: .successCount)
            try statsContainer.encode(stats.failedCount, forKey: .failedCount)
            try statsContainer.encode(stats.skippedCount, forKey: .skippedCount)
            try statsContainer.encode(stats.completionRate, forKey: .completionRate)
            try statsContainer.encode(JSONOutput.strength(stats.strength), forKey: .strength)
            try container.encode(months, forKey: .months)
        }
    }
}
