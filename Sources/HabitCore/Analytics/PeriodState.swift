/// Where a day (DAILY) or an ISO week (WEEKLY) stands for a habit.
///
/// Raw values are the API's `completion_data.state` words.
public enum PeriodState: String, Codable, CaseIterable, Sendable {
    /// The target was reached.
    case success = "done"
    /// Today's day, or the current week, and the target is not reached yet.
    case pending
    /// Marked skipped and the target was not reached. Neither breaks nor extends a streak.
    case skipped
    /// A period that is over, with the target not reached and not skipped.
    case failed
    /// A scheduled period after today.
    case future
    /// A day that is not one of the habit's action days.
    case rest
    /// Before the habit's start date (or a first week with no action day on or after it).
    case beforeStart = "before_start"

    /// Whether the period is still to do: pending, or failed (over, neither
    /// done nor skipped). What a day's list shows under "To do" / "Not done"
    /// and what reminders name.
    public var isToDo: Bool {
        self == .pending || self == .failed
    }
}
