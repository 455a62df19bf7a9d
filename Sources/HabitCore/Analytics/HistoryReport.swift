import Foundation

/// A habit's history over a range of dates: what the history endpoint
/// answers, what `habits show --trend` draws and what the web app's charts
/// draw, worked out once here from `HabitHistory`'s rules.
///
/// The series, for the range `from`…`to` as of `today`:
///
/// - `periods`: each counted period (not rest, not before the start) that
///   overlaps the range, in order: its first and last dates, its state, its
///   value (`HabitHistory.completion(on:today:)`'s `current`), the target,
///   and the habit's strength after it, rounded to 4 decimal places. The
///   strength is walked from the start date (so it is the same whatever the
///   range): it stays as it was over the current pending period, a skipped
///   one and any after today. Periods after today appear up to `to` (future,
///   or skipped in advance).
/// - `streaks`: the runs of done periods that overlap the range, in order,
///   each whole (its dates may reach outside the range): from the first day
///   of its first done period to the last day of its last one, and how many
///   done periods it holds. A skipped or pending period neither breaks nor
///   extends a run; a failed one ends it (the current and longest streaks'
///   rule), so the longest run's length is `HabitStats.longestStreak`.
/// - `totals`: per ISO week and per calendar month overlapping the range
///   from the start date up to today, the sum of the values logged in it
///   (from the start date, skips left out) and the target for it: each
///   counted period's target shared equally among its planned days, summed
///   over the bucket's days (a daily habit's week of 5 action days and
///   target 2: 10), rounded to 2 decimal places (half away from zero).
/// - `weekdays`: for each weekday, Monday (1) to Sunday (7), over the range
///   from the start date up to today: how many such days there were, how
///   many were planned (action days), and on how many something was logged
///   (a value above 0, not a skip).
///
/// Wire form: `{"habit_id", "from", "to", "today", "periods": [{"start",
/// "end", "state", "value", "target", "strength"}], "streaks": [{"start",
/// "end", "length"}], "totals": {"weeks": [{"start", "end", "value",
/// "target"}], "months": [...]}, "weekdays": [{"weekday", "days",
/// "planned", "logged"}]}`. `HistoryReportEncoder` writes it fast, byte
/// for byte as `JSONEncoder` does with sorted keys. The History article
/// works an example through.
public struct HistoryReport: Hashable, Sendable, Codable {
    /// One counted period and the strength after it.
    public struct Period: Hashable, Sendable, Codable {
        public var start: LocalDate
        public var end: LocalDate
        public var state: PeriodState
        public var value: Decimal
        public var target: Decimal
        /// The habit's strength (0 to 1) once this period is counted.
        public var strength: Double

        public init(
            start: LocalDate, end: LocalDate, state: PeriodState, value: Decimal, target: Decimal,
            strength: Double
        ) {
            self.start = start
            self.end = end
            self.state = state
            self.value = value
            self.target = target
            self.strength = strength
        }

        enum CodingKeys: String, CodingKey { case start, end, state, value, target, strength }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            start = try container.decode(LocalDate.self, forKey: .start)
            end = try container.decode(LocalDate.self, forKey: .end)
            state = try container.decode(PeriodState.self, forKey: .state)
            value = try container.decodeDecimal(forKey: .value)
            target = try container.decodeDecimal(forKey: .target)
            strength = try container.decode(Double.self, forKey: .strength)
        }
    }

    /// A run of done periods: from the first day of its first to the last
    /// day of its last, `length` done periods.
    public struct Streak: Hashable, Sendable, Codable {
        public var start: LocalDate
        public var end: LocalDate
        public var length: Int

        public init(start: LocalDate, end: LocalDate, length: Int) {
            self.start = start
            self.end = end
            self.length = length
        }
    }

    /// What was logged in a week or month, and the target for it.
    public struct Total: Hashable, Sendable, Codable {
        public var start: LocalDate
        public var end: LocalDate
        public var value: Decimal
        public var target: Decimal

        public init(start: LocalDate, end: LocalDate, value: Decimal, target: Decimal) {
            self.start = start
            self.end = end
            self.value = value
            self.target = target
        }

        enum CodingKeys: String, CodingKey { case start, end, value, target }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            start = try container.decode(LocalDate.self, forKey: .start)
            end = try container.decode(LocalDate.self, forKey: .end)
            value = try container.decodeDecimal(forKey: .value)
            target = try container.decodeDecimal(forKey: .target)
        }
    }

    /// The totals per ISO week and per calendar month, in order.
    public struct Totals: Hashable, Sendable, Codable {
        public var weeks: [Total]
        public var months: [Total]

        public init(weeks: [Total], months: [Total]) {
            self.weeks = weeks
            self.months = months
        }
    }

    /// One weekday's count over the range: days, planned days, days logged.
    public struct WeekdayCount: Hashable, Sendable, Codable {
        /// 1 = Monday … 7 = Sunday.
        public var weekday: Int
        public var days: Int
        public var planned: Int
        public var logged: Int

        public init(weekday: Int, days: Int, planned: Int, logged: Int) {
            self.weekday = weekday
            self.days = days
            self.planned = planned
            self.logged = logged
        }
    }

    public var habitID: Int64
    public var from: LocalDate
    public var to: LocalDate
    public var today: LocalDate
    public var periods: [Period]
    public var streaks: [Streak]
    public var totals: Totals
    /// Seven counts, Monday first.
    public var weekdays: [WeekdayCount]

    public init(
        habitID: Int64, from: LocalDate, to: LocalDate, today: LocalDate, periods: [Period],
        streaks: [Streak], totals: Totals, weekdays: [WeekdayCount]
    ) {
        self.habitID = habitID
        self.from = from
        self.to = to
        self.today = today
        self.periods = periods
        self.streaks = streaks
        self.totals = totals
        self.weekdays = weekdays
    }

    enum CodingKeys: String, CodingKey {
        case habitID = "habit_id"
        case from, to, today, periods, streaks, totals, weekdays
    }
}

extension HistoryReport {
    /// The history of `history`'s habit from `from` through `to` as of
    /// `today`; `history` must hold every entry from the habit's start date
    /// through the later of `to` and `today`.
    public init(history: HabitHistory, from: LocalDate, to: LocalDate, today: LocalDate) {
        let habit = history.habit
        var periods: [Period] = []
        var streaks: [Streak] = []
        var strength = 0.0
        var keepLength = 0
        var keep = 0.0
        // The run of done periods being walked: first day, last day, length.
        var run: (first: Int, last: Int, length: Int)?
        let lowest = from.dayNumber
        let highest = to.dayNumber
        func closeRun() {
            if let open = run, open.last >= lowest, open.first <= highest {
                streaks.append(
                    Streak(
                        start: LocalDate(dayNumber: open.first),
                        end: LocalDate(dayNumber: open.last), length: open.length))
            }
            run = nil
        }
        let target = habit.targetValue
        let daily = habit.frequency == .daily
        history.forEachPeriod(through: today, until: to) { first, state, share, length in
            if length != keepLength {
                keepLength = length
                keep = HabitHistory.strengthKeep(periodDays: length)
            }
            let last = first + length - 1
            switch state {
            case .success:
                strength = strength * keep + (1 - keep)
                if let open = run {
                    run = (open.first, last, open.length + 1)
                } else {
                    run = (first, last, 1)
                }
            case .failed:
                strength = strength * keep + share * (1 - keep)
                closeRun()
            default:
                break
            }
            guard last >= lowest, first <= highest else { return }
            let value =
                daily
                ? history.value(on: LocalDate(dayNumber: first))
                : history.periodTotal(first: first)
            periods.append(
                Period(
                    start: LocalDate(dayNumber: first), end: LocalDate(dayNumber: last),
                    state: state, value: value, target: target,
                    strength: (strength * 10_000).rounded() / 10_000))
        }
        closeRun()
        self.init(
            habitID: habit.id, from: from, to: to, today: today, periods: periods,
            streaks: streaks,
            totals: Self.totals(of: history, from: from, to: to, today: today),
            weekdays: Self.weekdays(of: history, from: from, to: to, today: today))
    }

    /// The days from the later of `from` and the start date through the
    /// earlier of `to` and `today`, as day numbers; `nil` when none.
    private static func countedDays(
        of habit: Habit, from: LocalDate, to: LocalDate, today: LocalDate
    ) -> ClosedRange<Int>? {
        let first = max(from, habit.startDate).dayNumber
        let last = min(to, today).dayNumber
        return first <= last ? first...last : nil
    }

    /// The totals per week and per month (see the type's rules).
    ///
    /// Values are added as exact integers at the amounts' common scale
    /// (`ExactAmounts`) when they allow it, as `Decimal`s otherwise (or if
    /// a bucket's sum overflows): a `Decimal` addition costs some 3,000
    /// instructions, and ten years of a daily habit need 7,000 of them.
    private static func totals(
        of history: HabitHistory, from: LocalDate, to: LocalDate, today: LocalDate
    ) -> Totals {
        guard let days = countedDays(of: history.habit, from: from, to: to, today: today) else {
            return Totals(weeks: [], months: [])
        }
        if let amounts = ExactAmounts(
            target: history.habit.targetValue, values: history.entries.map(\.value)),
            let exact = totals(of: history, days: days, exact: amounts)
        {
            return exact
        }
        return totals(of: history, days: days, exact: nil) ?? Totals(weeks: [], months: [])
    }

    /// A bucket's running sum of entry values: in units of 10^-scale when
    /// the values are exact integers, else as a `Decimal`.
    private struct BucketSum {
        var units: Int64 = 0
        var decimal: Decimal = 0

        /// Adds `history`'s entry at `index`; `false` when the sum overflows.
        mutating func add(_ index: Int, of history: HabitHistory, exact: ExactAmounts?) -> Bool {
            guard let exact else {
                decimal += history.entries[index].value
                return true
            }
            let (sum, overflow) = units.addingReportingOverflow(exact.values[index])
            units = sum
            return !overflow
        }

        /// The sum, in the compact form a `Decimal` addition gives.
        func value(exact: ExactAmounts?) -> Decimal {
            guard let exact else { return decimal }
            return Decimal(
                sign: units < 0 ? .minus : .plus, exponent: -exact.scale,
                significand: Decimal(units.magnitude))
        }
    }

    /// The weeks and months holding `days`, whole, with the values added
    /// up exactly from `exact` (or as `Decimal`s without it); `nil` when an
    /// exact sum overflows.
    private static func totals(
        of history: HabitHistory, days: ClosedRange<Int>, exact: ExactAmounts?
    ) -> Totals? {
        let habit = history.habit
        let firstWeek = LocalDate(dayNumber: days.lowerBound).startOfISOWeek.dayNumber
        let lastWeek = LocalDate(dayNumber: days.upperBound).startOfISOWeek.dayNumber + 6
        let firstMonth = LocalDate(dayNumber: days.lowerBound).startOfMonth.dayNumber
        let lastMonth = lastDayOfMonth(containing: days.upperBound)
        let start = habit.startDate.dayNumber
        let target = NSDecimalNumber(decimal: habit.targetValue).doubleValue
        // The period walked and each of its planned days' share of the target.
        var periodLast = Int.min
        var periodShare = 0.0
        var weeks: [Total] = []
        var months: [Total] = []
        weeks.reserveCapacity((lastWeek - firstWeek + 1) / 7)
        var weekSum = BucketSum()
        var weekTarget = 0.0
        var monthSum = BucketSum()
        var monthTarget = 0.0
        let first = min(firstWeek, firstMonth)
        var monthStart = LocalDate(dayNumber: first).startOfMonth.dayNumber
        var monthEnd = lastDayOfMonth(containing: first)
        var weekday = LocalDate(dayNumber: first).weekday.rawValue
        var cursor = history.lowerBound(max(first, start))
        for day in first...max(lastWeek, lastMonth) {
            var share = 0.0
            if day >= start, let action = Weekday(rawValue: weekday),
                habit.actionDays.contains(action)
            {
                if day > periodLast {
                    let periodFirst = history.periods.firstDay(containing: day)
                    periodLast = history.periods.lastDay(ofPeriodFrom: periodFirst)
                    let planned = history.actionDayCount(
                        from: max(periodFirst, start), through: periodLast)
                    periodShare = planned > 0 ? target / Double(planned) : 0
                }
                share = periodShare
            }
            // Days before the start were never walked past by the cursor.
            var logged: Int?
            if day >= start, cursor < history.entryDays.count, history.entryDays[cursor] == day {
                if !history.entries[cursor].skipped { logged = cursor }
                cursor += 1
            }
            if day >= firstWeek && day <= lastWeek {
                if let logged, !weekSum.add(logged, of: history, exact: exact) { return nil }
                weekTarget += share
                if weekday == 7 {
                    weeks.append(
                        Total(
                            start: LocalDate(dayNumber: day - 6), end: LocalDate(dayNumber: day),
                            value: weekSum.value(exact: exact), target: rounded(weekTarget)))
                    weekSum = BucketSum()
                    weekTarget = 0
                }
            }
            if day >= firstMonth && day <= lastMonth {
                if let logged, !monthSum.add(logged, of: history, exact: exact) { return nil }
                monthTarget += share
                if day == monthEnd {
                    months.append(
                        Total(
                            start: LocalDate(dayNumber: monthStart),
                            end: LocalDate(dayNumber: day), value: monthSum.value(exact: exact),
                            target: rounded(monthTarget)))
                    monthSum = BucketSum()
                    monthTarget = 0
                }
            }
            if day == monthEnd {
                monthStart = day + 1
                monthEnd = lastDayOfMonth(containing: day + 1)
            }
            weekday = weekday == 7 ? 1 : weekday + 1
        }
        return Totals(weeks: weeks, months: months)
    }

    /// The day number of the last day of the month holding day `day`.
    private static func lastDayOfMonth(containing day: Int) -> Int {
        let date = LocalDate(dayNumber: day)
        return day - date.day + LocalDate.daysInMonth(year: date.year, month: date.month)
    }

    /// `value` to 2 decimal places, as a `Decimal` written without a
    /// binary fraction's tail.
    private static func rounded(_ value: Double) -> Decimal {
        let hundredths = Int64((value * 100).rounded())
        return Decimal(
            sign: hundredths < 0 ? .minus : .plus, exponent: -2,
            significand: Decimal(hundredths.magnitude))
    }

    /// The weekday profile (see the type's rules).
    private static func weekdays(
        of history: HabitHistory, from: LocalDate, to: LocalDate, today: LocalDate
    ) -> [WeekdayCount] {
        let habit = history.habit
        var counts = (1...7).map { WeekdayCount(weekday: $0, days: 0, planned: 0, logged: 0) }
        guard let days = countedDays(of: habit, from: from, to: to, today: today) else {
            return counts
        }
        var cursor = history.lowerBound(days.lowerBound)
        var weekday = LocalDate(dayNumber: days.lowerBound).weekday.rawValue
        for day in days {
            counts[weekday - 1].days += 1
            if let action = Weekday(rawValue: weekday), habit.actionDays.contains(action) {
                counts[weekday - 1].planned += 1
            }
            if cursor < history.entryDays.count && history.entryDays[cursor] == day {
                let entry = history.entries[cursor]
                if !entry.skipped && entry.value > 0 { counts[weekday - 1].logged += 1 }
                cursor += 1
            }
            weekday = weekday == 7 ? 1 : weekday + 1
        }
        return counts
    }
}
