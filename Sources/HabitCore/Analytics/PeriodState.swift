/// Where a period of a habit stands: a day, an ISO week, a calendar month
/// or a block of N days, by its frequency.
///
/// Raw values are the API's `completion_data.state` words. `HabitHistory`
/// states the rules that decide them.
public enum PeriodState: String, Codable, CaseIterable, Sendable {
    /// A period that has begun and whose value reached the target (AT_LEAST),
    /// or one that has ended with its value within the limit (AT_MOST).
    case success = "done"
    /// The current period: begun and not decided (for AT_MOST: not ended,
    /// within the limit, not skipped).
    case pending
    /// Every planned day of the period is marked skipped (for a period that has
    /// begun: and the target was not reached). Neither breaks nor extends a streak.
    case skipped
    /// A period that is over, with the target not reached and not skipped;
    /// for AT_MOST, one whose value is over the limit, ended or not.
    case failed
    /// A period after today that is not skipped in advance; a value logged
    /// ahead of time does not change that.
    case future
    /// A day that is not one of the habit's action days, or a block of N
    /// days after the start with none in it.
    case rest
    /// Before the habit's start date (or in a first period with no planned day).
    case beforeStart = "before_start"

    /// Whether the period is still to do: pending, or failed (over, neither
    /// done nor skipped). What a day's list shows under "To do" / "Not done"
    /// and what reminders name.
    public var isToDo: Bool {
        self == .pending || self == .failed
    }
}
