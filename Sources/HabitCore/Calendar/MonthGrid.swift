/// One month of a habit's calendar: weeks of seven days, Monday first, each day
/// with the state a calendar shows for it.
///
/// Built once from a `HabitHistory` and "today"; it holds no reference to
/// either, so it can be rendered, compared and passed across tasks freely.
/// Days of the neighbouring months are `nil`, so every week has exactly seven
/// cells and a month has four to six weeks.
public struct MonthGrid: Hashable, Sendable {
    /// One date of the month as a calendar shows it.
    public struct Day: Hashable, Sendable {
        public let date: LocalDate
        /// `HabitHistory.calendarState(of:today:)` for this date.
        public let state: PeriodState
        /// Whether an entry is recorded on this date (counted or not).
        public let hasEntry: Bool
        public let isToday: Bool

        public init(date: LocalDate, state: PeriodState, hasEntry: Bool, isToday: Bool) {
            self.date = date
            self.state = state
            self.hasEntry = hasEntry
            self.isToday = isToday
        }
    }

    public let year: Int
    /// 1 (January) to 12.
    public let month: Int
    /// Rows of exactly seven cells, Monday to Sunday; `nil` outside the month.
    public let weeks: [[Day?]]

    /// The grid of `month` in `year`, or `nil` when no such month exists
    /// (month outside 1...12, year outside 1...9999).
    public init?(year: Int, month: Int, history: HabitHistory, today: LocalDate) {
        guard let first = LocalDate(year: year, month: month, day: 1) else { return nil }
        self.init(first: first, history: history, today: today)
    }

    /// The grid of the month that contains `date`.
    public init(containing date: LocalDate, history: HabitHistory, today: LocalDate) {
        self.init(first: date.startOfMonth, history: history, today: today)
    }

    private init(first: LocalDate, history: HabitHistory, today: LocalDate) {
        let (year, month, _) = first.components
        let length = LocalDate.daysInMonth(year: year, month: month)
        var weeks: [[Day?]] = []
        weeks.reserveCapacity(6)
        var row = [Day?](repeating: nil, count: first.weekday.rawValue - 1)
        row.reserveCapacity(7)
        var date = first
        history.forEachCalendarDay(from: first, count: length, today: today) { state, hasEntry in
            row.append(Day(date: date, state: state, hasEntry: hasEntry, isToday: date == today))
            if row.count == 7 {
                weeks.append(row)
                row.removeAll(keepingCapacity: true)
            }
            date = date.adding(days: 1)
        }
        if !row.isEmpty {
            row.append(contentsOf: repeatElement(nil, count: 7 - row.count))
            weeks.append(row)
        }
        self.year = year
        self.month = month
        self.weeks = weeks
    }

    /// `count` consecutive months starting with `month` of `year`, running on
    /// into the following years as needed. Empty when the start is not a month.
    public static func months(
        startingAt year: Int, month: Int, count: Int, history: HabitHistory, today: LocalDate
    ) -> [MonthGrid] {
        var result: [MonthGrid] = []
        result.reserveCapacity(max(0, count))
        var (y, m) = (year, month)
        for _ in 0..<max(0, count) {
            guard let grid = MonthGrid(year: y, month: m, history: history, today: today) else {
                break
            }
            result.append(grid)
            (y, m) = m == 12 ? (y + 1, 1) : (y, m + 1)
        }
        return result
    }

    /// The twelve months of `year`, January first.
    public static func year(_ year: Int, history: HabitHistory, today: LocalDate) -> [MonthGrid] {
        months(startingAt: year, month: 1, count: 12, history: history, today: today)
    }

    /// Every day of the month in order.
    public var days: [Day] {
        weeks.flatMap { $0.compactMap { $0 } }
    }

    /// The day marked as today, when today falls in this month.
    public var today: Day? {
        for week in weeks {
            for case let day? in week where day.isToday { return day }
        }
        return nil
    }

    /// The English month name: "November".
    public var monthName: String {
        Self.monthNames[month - 1]
    }

    /// The month and year: "November 2026".
    public var title: String {
        "\(monthName) \(year)"
    }

    /// The months' English names, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]
}
