import Foundation

/// A range of a habit's days laid out as code-hosting sites draw
/// contributions: one column per ISO week, Monday at the top, Sunday at the
/// bottom, each day with the state a calendar shows for it.
///
/// Built once from a `HabitHistory` and "today", like `MonthGrid`, so it can be
/// rendered, compared and encoded freely. The first and last columns are
/// partial when the range does not begin on a Monday or end on a Sunday: their
/// days outside the range are `nil`.
public struct HeatmapGrid: Hashable, Sendable {
    /// One date of the range.
    public struct Day: Hashable, Sendable {
        public let date: LocalDate
        /// `HabitHistory.calendarState(of:today:)` for this date.
        public let state: PeriodState
        /// The value of the entry recorded on this date, `nil` when there is none.
        public let value: Decimal?
        /// For a day that shows a period's result (done, missed or to do), the
        /// period's value ÷ target (the day's for a daily habit, the week's sum
        /// for a weekly one), at least 0; `nil` for every other state.
        public let share: Double?
        public let isToday: Bool

        public init(
            date: LocalDate, state: PeriodState, value: Decimal?, share: Double?, isToday: Bool
        ) {
            self.date = date
            self.state = state
            self.value = value
            self.share = share
            self.isToday = isToday
        }

        /// Whether an entry is recorded on this date (counted or not).
        public var hasEntry: Bool { value != nil }
    }

    /// The first day of the range.
    public let from: LocalDate
    /// The last day of the range, included.
    public let to: LocalDate
    /// One column per ISO week from the week of `from` to the week of `to`,
    /// each of exactly seven cells, Monday to Sunday; `nil` outside the range.
    public let weeks: [[Day?]]

    /// The days `from` through `to` of `history` as of `today`, or `nil` when
    /// `to` is before `from`.
    public init?(from: LocalDate, to: LocalDate, history: HabitHistory, today: LocalDate) {
        guard from <= to else { return nil }
        self.init(ordered: from, to, history: history, today: today)
    }

    private init(ordered from: LocalDate, _ to: LocalDate, history: HabitHistory, today: LocalDate)
    {
        let count = from.days(to: to) + 1
        var weeks: [[Day?]] = []
        weeks.reserveCapacity(count / 7 + 2)
        var column = [Day?](repeating: nil, count: from.weekday.rawValue - 1)
        column.reserveCapacity(7)
        var date = from
        let target = Self.double(history.habit.targetValue)
        history.forEachCalendarDay(from: from, count: count, today: today) { state, hasEntry in
            let value = hasEntry ? history.entry(on: date)?.value : nil
            var share: Double?
            switch state {
            case .success, .failed, .pending:
                let current = history.completion(on: date, today: today).current
                share = target > 0 ? max(0, Self.double(current) / target) : nil
            case .skipped, .future, .rest, .beforeStart:
                share = nil
            }
            column.append(
                Day(date: date, state: state, value: value, share: share, isToday: date == today))
            if column.count == 7 {
                weeks.append(column)
                column.removeAll(keepingCapacity: true)
            }
            date = date.adding(days: 1)
        }
        if !column.isEmpty {
            column.append(contentsOf: repeatElement(nil, count: 7 - column.count))
            weeks.append(column)
        }
        self.from = from
        self.to = to
        self.weeks = weeks
    }

    /// The calendar year `year`, 1 January to 31 December: 53 columns, or 54
    /// for a leap year that begins on a Sunday. `nil` outside 1...9999.
    public static func year(_ year: Int, history: HabitHistory, today: LocalDate) -> HeatmapGrid? {
        guard let first = LocalDate(year: year, month: 1, day: 1),
            let last = LocalDate(year: year, month: 12, day: 31)
        else { return nil }
        return HeatmapGrid(from: first, to: last, history: history, today: today)
    }

    /// The twelve months ending with `last`, as `twelveMonthsStart(endingWith:)` begins them.
    public static func twelveMonths(
        endingWith last: LocalDate, history: HabitHistory, today: LocalDate
    ) -> HeatmapGrid {
        HeatmapGrid(
            ordered: twelveMonthsStart(endingWith: last), last, history: history, today: today)
    }

    /// The first day of the twelve months ending with `last`: the day after
    /// the same date a year earlier (1 March when `last` is a 29 February).
    public static func twelveMonthsStart(endingWith last: LocalDate) -> LocalDate {
        let (year, month, day) = last.components
        return LocalDate(year: year - 1, month: month, day: day)?.adding(days: 1)
            ?? LocalDate(dayNumber: last.dayNumber - 365)
    }

    /// Every day of the range in order.
    public var days: [Day] {
        weeks.flatMap { $0.compactMap { $0 } }
    }

    /// The columns where a month begins, with that month (1...12): the column
    /// holding the month's first day, in order.
    public var monthStarts: [(column: Int, month: Int)] {
        var result: [(column: Int, month: Int)] = []
        for (index, week) in weeks.enumerated() {
            for case let day? in week where day.date.day == 1 {
                result.append((index, day.date.month))
            }
        }
        return result
    }

    /// Three-letter English month names, for labels: "Jan" … "Dec".
    public static func shortMonthName(_ month: Int) -> String {
        String(MonthGrid.monthNames[month - 1].prefix(3))
    }

    /// `value` as the nearest `Double`, for shading only.
    private static func double(_ value: Decimal) -> Double {
        NSDecimalNumber(decimal: value).doubleValue
    }
}
