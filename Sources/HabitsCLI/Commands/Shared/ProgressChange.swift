import Foundation
import HabitClient
import HabitCore

/// What `done`, `set`, `skip` and `undo` share: find the habit, read its
/// history, change one day's entry, and report the period's new progress
/// (with the streak when the change reached the target).
struct ProgressChange: Sendable {
    /// What a command does to the day's entry, given the entry there now and
    /// the period's completion before the change.
    enum Action: Sendable {
        /// Replaces the value and skip; the note changes as the change says.
        case set(ProgressEntry, NoteChange)
        /// Adds to the day's value in one step in the store, so that
        /// concurrent additions all count (the entry read may be stale);
        /// `chosen` says how an amount nobody typed was chosen.
        case add(Decimal, NoteChange, chosen: String? = nil)
        case delete
        /// Nothing to do; the message says why.
        case none(String)
    }

    let reference: String
    let date: LocalDate
    /// Whether the day may be after today: a planned skip (a holiday ahead)
    /// may, progress may not.
    var allowsFuture = false

    /// Applies `decide`'s action and reports it.
    func perform(
        in context: CommandContext,
        decide: (Habit, ProgressEntry?, CompletionData) -> Action
    ) async throws(CommandError) {
        let today = context.today
        if let problem = ProgressEntry.problems(date: date, skipped: allowsFuture, today: today)
            .first
        {
            throw CommandError.progressNotAllowed(problem)
        }
        let backend = try context.backend()
        let habit = try await context.resolveHabit(reference, in: backend)
        let from = min(habit.startDate, date)
        // Through the end of the date's period (of any kind), so its sum is whole.
        let to = max(
            today, date.startOfISOWeek.adding(days: 6),
            HabitPeriods(of: habit).period(containing: date).upperBound)
        var entries = try await backend.entries(habitID: habit.id, from: from, to: to)
        let before = HabitHistory(habit: habit, entries: entries).completion(on: date, today: today)
        let existing = entries.first { $0.date == date }

        let stored: ProgressEntry?
        var noteChange = NoteChange.keep
        var chosen: String?
        switch decide(habit, existing, before) {
        case .none(let message):
            if context.style.json {
                try writeJSON(habit, existing, entries, targetReached: false, context)
            } else {
                context.output.line(message)
            }
            return
        case .set(let entry, let note):
            try CommandInput.check(entry)
            noteChange = note
            stored = try await backend.setEntry(entry, note: note, habitID: habit.id)
        case .add(let amount, let note, let why):
            chosen = why
            // The same sentence in both modes, before anything is sent.
            if (existing?.value ?? 0) + amount > ProgressEntry.maximumValue {
                throw CommandError.valueLimit(maximum: ProgressEntry.maximumValue)
            }
            noteChange = note
            stored = try await backend.addToEntry(
                habitID: habit.id, date: date, amount: amount, note: note)
        case .delete:
            try await backend.deleteEntry(habitID: habit.id, date: date)
            stored = nil
        }
        entries.removeAll { $0.date == date }
        if let stored { entries.append(stored) }
        let history = HabitHistory(habit: habit, entries: entries)
        let after = history.completion(on: date, today: today)
        let reached = before.state != .success && after.state == .success
        if context.style.json {
            try writeJSON(habit, stored, entries, targetReached: reached, context)
            return
        }
        if let chosen { context.output.line(chosen) }
        context.output.line(
            message(
                habit: habit, stored: stored, removed: existing, after: after, history: history,
                reached: reached, today: today))
        if let line = noteLine(noteChange, stored: stored, before: existing, today: today) {
            context.output.line(line)
        }
        // A removed entry is not "kept": the note is for entries still there.
        if stored != nil, let note = uncountedNote(habit, history: history, today: today) {
            context.output.line(note)
        }
    }

    /// What became of the day's note, when the command changed it: the note
    /// as stored (sanitised: a server's text reaches the terminal), or that
    /// it was removed. Nothing when a server did not keep it (the backend
    /// says so on standard error).
    private func noteLine(
        _ change: NoteChange, stored: ProgressEntry?, before: ProgressEntry?, today: LocalDate
    ) -> String? {
        guard case .replace(let sent) = change else { return nil }
        let day = HabitText.onDay(date, today: today)
        if let sent, let kept = stored?.note, kept == sent {
            return "Note \(day): \(TerminalSafeText.clean(kept))"
        }
        if sent == nil, before?.note != nil, stored?.note == nil {
            return "Removed the note \(day)."
        }
        return nil
    }

    private func message(
        habit: Habit, stored: ProgressEntry?, removed: ProgressEntry?, after: CompletionData,
        history: HabitHistory, reached: Bool, today: LocalDate
    ) -> String {
        let period = HabitText.period(of: habit, on: date, today: today)
        let progress = "\(HabitText.progress(after, unit: habit.measurementType)) \(period)"
        var text: String
        if stored == nil, let removed {
            text =
                "Removed the entry \(HabitText.onDay(date, today: today)) "
                + "(\(HabitText.number(removed.value)) \(HabitText.name(habit.measurementType))"
                + (removed.skipped ? ", skipped). " : "). ")
                + "\(HabitText.name(habit.name)): \(progress)."
            return text
        }
        if stored?.skipped == true {
            let skipped =
                "\(HabitText.name(habit.name)): marked skipped \(HabitText.onDay(date, today: today)) "
            // A reached target outranks the skip, so say so instead of celebrating again.
            return after.state == .success
                ? skipped + "but the target is already reached (\(progress))."
                : skipped + "(\(progress))."
        }
        text = "\(HabitText.name(habit.name)): \(progress)"
        if habit.goal == .atMost {
            // A limit is never reached by adding to it (an at-most period is
            // done once it has ended within it): what may still be added, or
            // how far over it is.
            let over = after.current - after.target
            return text
                + (over > 0
                    ? ", over the limit by \(HabitText.number(over))."
                    : ", \(HabitText.number(-over)) left.")
        }
        if after.state == .success && !reached {
            // Reached before this change (more progress, a note changed): no second celebration.
            text += "; the target was already reached."
        } else if after.state == .success {
            let current = history.stats(today: today).currentStreak
            let periods = HabitPeriods(of: habit)
            let inCurrentPeriod =
                periods.first(containing: date) == periods.first(containing: today)
            if inCurrentPeriod {
                text += ". Target reached! Streak: \(HabitText.periods(current, of: habit))."
            } else {
                let then = history.stats(today: date).currentStreak
                text +=
                    ". Target reached! Streak on that "
                    + (habit.frequency == .everyNDays
                        ? "period" : HabitText.period(habit.frequency, days: nil)) + ": "
                    + "\(HabitText.periods(then, of: habit)); current streak: "
                    + "\(HabitText.periods(current, of: habit))."
            }
        } else {
            text += ", \(HabitText.number(after.remaining)) to go."
        }
        return text
    }

    /// A note when the entry does not count, as the history's own states say
    /// (so a weekly habit's uncounted first week is caught too).
    private func uncountedNote(_ habit: Habit, history: HabitHistory, today: LocalDate)
        -> String?
    {
        let beforeStart =
            "Note: \(date) is before the habit's start (\(habit.startDate)); "
            + "the entry is kept but does not count."
        switch history.state(of: date, today: today) {
        case .beforeStart where date >= habit.startDate:
            let period: String
            switch habit.frequency {
            case .daily, .weekly: period = "the week of \(date.startOfISOWeek)"
            case .monthly: period = "\(MonthGrid.monthNames[date.month - 1]) \(date.year)"
            case .everyNDays:
                let days = HabitPeriods(of: habit).period(containing: date)
                period = "the period \(HabitText.dayRange(days, today: today))"
            }
            return
                "Note: \(period) has none of this habit's days on or "
                + "after its start (\(habit.startDate)), so it is not counted; the entry is kept."
        case .beforeStart:
            return beforeStart
        case .rest:
            return
                "Note: \(date.weekday.name) is not one of this habit's days; "
                + "the entry is kept but does not count."
        default:
            // A weekly sum counts entries from the start date on only.
            return date < habit.startDate ? beforeStart : nil
        }
    }

    private func writeJSON(
        _ habit: Habit, _ entry: ProgressEntry?, _ entries: [ProgressEntry], targetReached: Bool,
        _ context: CommandContext
    ) throws(CommandError) {
        let history = HabitHistory(habit: habit, entries: entries)
        try context.writeJSON(
            JSONOutput.ProgressChange(
                habit: habit, date: date, entry: entry,
                completion: history.completion(on: date, today: context.today),
                currentStreak: history.stats(today: context.today).currentStreak,
                targetReached: targetReached))
    }
}
