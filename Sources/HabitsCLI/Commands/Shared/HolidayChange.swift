import Foundation
import HabitCore

/// `skip` and `undo` over a range of days, for one habit or all active ones:
/// holidays entered in advance.
///
/// Skipping marks every planned day of the range (an action day on or after
/// the habit's start) skipped, keeping any value recorded; a planned skip
/// after today is how the status rules see a holiday ahead, and `remind`
/// stays quiet on it. Undoing removes those marks: an entry that held only
/// the mark goes, one with a value keeps the value.
struct HolidayChange: Sendable {
    enum Action: Sendable {
        case skip
        case unskip
    }

    /// `--all` of `skip` and `undo`: the range for every active habit.
    static let all = Flag("all", help: "With --from/--to: every active habit.")

    let action: Action
    let range: DateRangeOption
    /// A habit's id or name, or `nil` for every active habit.
    let reference: String?

    func perform(in context: CommandContext) async throws(CommandError) {
        let backend = try context.backend()
        let habits: [Habit]
        if let reference {
            habits = [try await context.resolveHabit(reference, in: backend)]
        } else {
            habits = try await backend.habits(status: .active)
        }
        let entries = try await backend.entries(
            of: habits.map(\.id), from: range.from, to: range.to)
        var changed: [(habit: Habit, dates: [LocalDate])] = []
        for habit in habits {
            let recorded = Dictionary(
                (entries[habit.id] ?? []).map { ($0.date, $0) }, uniquingKeysWith: { $1 })
            var dates: [LocalDate] = []
            for date in range.days {
                let existing = recorded[date]
                switch action {
                case .skip:
                    guard date >= habit.startDate, habit.actionDays.contains(date.weekday),
                        existing?.skipped != true
                    else { continue }
                    _ = try await backend.setEntry(
                        ProgressEntry(date: date, value: existing?.value ?? 0, skipped: true),
                        habitID: habit.id)
                case .unskip:
                    guard let existing, existing.skipped else { continue }
                    if existing.value == 0 {
                        try await backend.deleteEntry(habitID: habit.id, date: date)
                    } else {
                        _ = try await backend.setEntry(
                            ProgressEntry(date: date, value: existing.value), habitID: habit.id)
                    }
                }
                dates.append(date)
            }
            changed.append((habit, dates))
        }
        if context.style.json {
            try context.writeJSON(
                JSONOutput.Holiday(
                    from: range.from, to: range.to, skipped: action == .skip,
                    habits: changed.map { ($0.habit, $0.dates) }))
            return
        }
        let span = "from \(range.from) to \(range.to)"
        for (habit, dates) in changed {
            let days = "\(dates.count) planned day\(dates.count == 1 ? "" : "s")"
            switch (action, dates.isEmpty) {
            case (.skip, false):
                context.output.line("\(habit.name): \(days) marked skipped \(span).")
            case (.skip, true):
                context.output.line("\(habit.name): no planned day \(span) left to skip.")
            case (.unskip, false):
                context.output.line(
                    "\(habit.name): the skip mark removed from "
                        + "\(dates.count) day\(dates.count == 1 ? "" : "s") \(span).")
            case (.unskip, true): context.output.line("\(habit.name): no day \(span) is skipped.")
            }
        }
    }
}
