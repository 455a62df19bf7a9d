/// Where each period of a habit begins and ends, by its frequency.
///
/// DAILY: the day. WEEKLY: the ISO week, Monday to Sunday. MONTHLY: the
/// calendar month. EVERY_N_DAYS: consecutive blocks of N days anchored on the
/// start date, block k being start + kN … start + kN + N − 1 (k < 0 before
/// the start). Periods tile the calendar, so the period after one begins the
/// day after it ends.
///
/// An EVERY_N_DAYS habit without a valid N (one `HabitFields` would refuse)
/// is cut into blocks of at least one day, so no rule ever divides by 0.
public struct HabitPeriods: Hashable, Sendable {
    public let frequency: Frequency
    /// The start date's day number: where EVERY_N_DAYS blocks are anchored.
    private let anchor: Int
    /// N of an EVERY_N_DAYS habit (at least 1); unused otherwise.
    private let blockDays: Int

    public init(of habit: Habit) {
        frequency = habit.frequency
        anchor = habit.startDate.dayNumber
        blockDays = max(1, habit.periodDays ?? 1)
    }

    /// The first day of the period containing `date`.
    public func first(containing date: LocalDate) -> LocalDate {
        LocalDate(dayNumber: firstDay(containing: date.dayNumber))
    }

    /// The last day of the period whose first day is `first`.
    public func last(ofPeriodFrom first: LocalDate) -> LocalDate {
        LocalDate(dayNumber: lastDay(ofPeriodFrom: first.dayNumber))
    }

    /// The days of the period containing `date`.
    public func period(containing date: LocalDate) -> ClosedRange<LocalDate> {
        let first = firstDay(containing: date.dayNumber)
        return LocalDate(dayNumber: first)...LocalDate(dayNumber: lastDay(ofPeriodFrom: first))
    }

    /// `first(containing:)` on day numbers.
    func firstDay(containing day: Int) -> Int {
        switch frequency {
        case .daily:
            return day
        case .weekly:
            // 0 for Monday … 6 for Sunday; 1970-01-01 (day 0) was a Thursday.
            return day - ((day % 7) + 10) % 7
        case .monthly:
            return day - (LocalDate(dayNumber: day).day - 1)
        case .everyNDays:
            let offset = day - anchor
            // Rounded down, also before the anchor.
            let block = offset >= 0 ? offset / blockDays : -((blockDays - 1 - offset) / blockDays)
            return anchor + block * blockDays
        }
    }

    /// `last(ofPeriodFrom:)` on day numbers; `first` must begin a period.
    func lastDay(ofPeriodFrom first: Int) -> Int {
        first + length(ofPeriodFrom: first) - 1
    }

    /// The days in the period whose first day is `first`: 1, 7, the
    /// month's 28 to 31, or N. The `L` of the strength.
    func length(ofPeriodFrom first: Int) -> Int {
        switch frequency {
        case .daily: return 1
        case .weekly: return 7
        case .monthly:
            let date = LocalDate(dayNumber: first).components
            return LocalDate.daysInMonth(year: date.year, month: date.month)
        case .everyNDays: return blockDays
        }
    }
}
