import HabitCore

/// Whether a reminder occurrence should be sent: its day is planned and the
/// habit is neither done nor skipped there, by HabitCore's status rules.
package enum ReminderDue {
    /// `true` when `date` shows as pending in the habit's calendar (a planned
    /// day of a daily habit not yet done or skipped; a planned day of a
    /// weekly, monthly or every-N-days habit whose period is still open) and
    /// the day itself is not marked skipped. Archived habits are never due,
    /// nor is an at-most habit: a limit is kept by doing nothing, so there
    /// is nothing to remind of.
    package static func isDue(_ history: HabitHistory, on date: LocalDate) -> Bool {
        guard history.habit.status == .active, history.habit.goal == .atLeast else {
            return false
        }
        guard history.calendarState(of: date, today: date) == .pending else { return false }
        return history.entry(on: date)?.skipped != true
    }
}
