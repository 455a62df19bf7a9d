import Foundation

/// A habit with its progress entries: the input of every status rule.
///
/// The rules, in plain words (README repeats them):
///
/// PERIODS. A DAILY habit's period is a day; a WEEKLY habit's is the ISO week,
/// Monday to Sunday. The *planned days* of a period are its action days on or
/// after the start date (for a daily habit, the day itself when it is an action
/// day). A day of a daily habit that is not planned is **before start** (before
/// the start date) or **rest** (not an action day), whatever today is; its entry
/// is kept and shown but never counted. A week with no planned day (only a
/// first week can have none) is not counted: **before start**, whatever today
/// is. A period's value is the day's value, or the sum of the week's entries
/// (any day of it, rest days too) from the later of Monday and the start date.
///
/// STATES, in one order for both frequencies. A period *after today* (a day
/// after today, a week that starts after today) is **skipped** when every
/// planned day in it is marked skipped (a planned skip: a holiday entered in
/// advance), otherwise **future**; a value logged ahead of time never makes it
/// done. A period that has begun is, in this order: **done** (`success`) when
/// its value reaches the target; **skipped** when every planned day in it is
/// marked skipped; **pending** while it has not ended (today, or the current
/// week); **failed** once it has ended. So a current week of Mon/Wed/Fri with
/// Monday and Wednesday skipped stays pending until Friday is skipped too.
///
/// CALENDAR. A daily habit's days show their own state; a weekly habit's
/// planned days show their week's state, its other days rest or before start.
///
/// STREAKS AND COUNTS walk the counted periods from the start up to the one
/// containing today, so a planned skip after today is not counted yet, and a
/// skipped current period counts as skipped. The current streak is the run of
/// done periods ending at the latest decided period: the current, still pending
/// period does not break it (and counts once done), a skipped one neither
/// breaks nor extends it, a failed one ends it. The longest streak applies the
/// same rule over the whole history.
///
/// STRENGTH (Loop Habit Tracker's habit score) starts at 0 on the start date
/// and is updated once per counted period up to the one containing today, the
/// still pending current period left out: `score = previous × m + p × (1 − m)`
/// with `m = 0.5^(√L / 13)`, `L` the period's length in days (1 daily, 7
/// weekly), `p` = 1 for a done period and value ÷ target (at most 1; 0 when
/// nothing was logged) for a failed one. A skipped period leaves it unchanged.
///
/// Building a history decides once which entries (DAILY) and which weeks
/// (WEEKLY) reach the target, in exact integer arithmetic when the amounts
/// allow it (see `ExactAmounts`), so the queries that follow never touch
/// `Decimal`, whose arithmetic is slow.
public struct HabitHistory: Sendable {
    public let habit: Habit
    /// Day numbers of the entries, ascending, one per date.
    private let entryDays: [Int]
    /// The entries, in the order of `entryDays`.
    private let entries: [ProgressEntry]
    /// For each entry: whether it is marked skipped, and whether its value
    /// alone reaches the target.
    private let entryFlags: [EntryFlags]
    /// DAILY: for each entry, its value's share of the target (0 to 1), the
    /// `p` of a failed day in the strength. Empty for a weekly habit.
    private let entryShares: [Double]
    /// WEEKLY: the Mondays (day numbers, ascending) of the weeks on or after the
    /// start with an entry counted from the start date.
    private let weekMondays: [Int]
    /// For each of `weekMondays`: whether the week's sum reaches the target,
    /// and its share of the target (0 to 1).
    private let weekSums: [WeekSum]
    /// The decimal places of `WeekSum.sum` when the amounts were added up
    /// exactly (`ExactAmounts`); `nil` when they were added as `Decimal`s.
    private let exactScale: Int?

    private struct WeekSum {
        var reached: Bool
        var share: Double
        /// The sum in units of 10^-`exactScale`; 0 without an exact scale.
        var sum: Int64 = 0
    }

    private struct EntryFlags: OptionSet {
        let rawValue: UInt8
        static let skipped = EntryFlags(rawValue: 1)
        static let reached = EntryFlags(rawValue: 2)
    }

    /// A history of `habit` made of `entries`, in any order; when two entries
    /// share a date, the later one in the sequence wins.
    public init<S: Sequence>(habit: Habit, entries: S) where S.Element == ProgressEntry {
        self.habit = habit
        let sorted = Self.sortedByDate(Array(entries))
        self.entries = sorted
        self.entryDays = sorted.map(\.date.dayNumber)
        let values = sorted.map(\.value)
        let start = habit.startDate.dayNumber
        let facts: Facts
        if let amounts = ExactAmounts(target: habit.targetValue, values: values),
            let exact = Self.facts(
                of: amounts, days: entryDays, countedFrom: start, frequency: habit.frequency)
        {
            facts = exact
        } else {
            facts = Self.decimalFacts(
                target: habit.targetValue, values: values, days: entryDays, countedFrom: start,
                frequency: habit.frequency)
        }
        let reached = facts.reached
        entryShares = facts.shares
        weekMondays = facts.weekMondays
        weekSums = facts.weekSums
        exactScale = facts.exactScale
        var flags: [EntryFlags] = []
        flags.reserveCapacity(sorted.count)
        for (entry, isReached) in zip(sorted, reached) {
            var entryFlags: EntryFlags = []
            if entry.skipped { entryFlags.insert(.skipped) }
            if isReached { entryFlags.insert(.reached) }
            flags.append(entryFlags)
        }
        self.entryFlags = flags
    }

    /// The entry recorded on `date`, if any.
    public func entry(on date: LocalDate) -> ProgressEntry? {
        entryIndex(on: date.dayNumber).map { entries[$0] }
    }

    /// The value recorded on `date`, 0 when nothing is.
    public func value(on date: LocalDate) -> Decimal {
        entry(on: date)?.value ?? 0
    }

    /// Whether `date` is a planned day: on or after the start date and an action day.
    public func isScheduled(_ date: LocalDate) -> Bool {
        date >= habit.startDate && habit.actionDays.contains(date.weekday)
    }

    /// The state of the period (day or week, by frequency) that contains `date`.
    public func state(of date: LocalDate, today: LocalDate) -> PeriodState {
        switch habit.frequency {
        case .daily:
            return dayState(date.dayNumber, flags: flags(on: date.dayNumber), today: today)
        case .weekly:
            return weekState(monday: date.startOfISOWeek.dayNumber, today: today)
        }
    }

    /// The mark a calendar shows on `date`: for DAILY the day's state; for
    /// WEEKLY the week's state on its counted action days, else rest or before start.
    public func calendarState(of date: LocalDate, today: LocalDate) -> PeriodState {
        calendarStates(from: date, count: 1, today: today)[0]
    }

    /// `calendarState(of:today:)` for `count` consecutive dates from `first`,
    /// worked out in one pass.
    public func calendarStates(from first: LocalDate, count: Int, today: LocalDate)
        -> [PeriodState]
    {
        var states: [PeriodState] = []
        states.reserveCapacity(max(0, count))
        forEachCalendarDay(from: first, count: count, today: today) { state, _ in
            states.append(state)
        }
        return states
    }

    /// Calls `body` with the calendar state of each of `count` dates from
    /// `first`, and whether an entry is recorded on it.
    public func forEachCalendarDay(
        from first: LocalDate, count: Int, today: LocalDate,
        _ body: (PeriodState, _ hasEntry: Bool) -> Void
    ) {
        guard count > 0 else { return }
        let start = habit.startDate.dayNumber
        let end = first.dayNumber + count  // exclusive
        var cursor = lowerBound(first.dayNumber)
        var weekMonday = Int.min
        var weekResult = PeriodState.beforeStart
        var weekday = first.weekday.rawValue - 1  // 0 = Monday
        for day in first.dayNumber..<end {
            var flags: EntryFlags?
            if cursor < entryDays.count && entryDays[cursor] == day {
                flags = entryFlags[cursor]
                cursor += 1
            }
            let state: PeriodState
            if day < start {
                state = .beforeStart
            } else if !isActionWeekday(weekday) {
                state = .rest
            } else {
                switch habit.frequency {
                case .daily:
                    state = dayState(day, flags: flags, today: today)
                case .weekly:
                    let monday = day - weekday
                    if monday != weekMonday {
                        weekMonday = monday
                        weekResult = weekState(monday: monday, today: today)
                    }
                    state = weekResult
                }
            }
            body(state, flags != nil)
            weekday = weekday == 6 ? 0 : weekday + 1
        }
    }

    /// Target, progress so far and state for the period containing `date`.
    public func completion(on date: LocalDate, today: LocalDate) -> CompletionData {
        let current: Decimal
        switch habit.frequency {
        case .daily:
            current = value(on: date)
        case .weekly:
            current = weekTotal(monday: date.startOfISOWeek.dayNumber)
        }
        return CompletionData(
            target: habit.targetValue, current: current, state: state(of: date, today: today))
    }

    /// The sum of the values logged in the week starting on `monday`, from
    /// the start date on.
    ///
    /// From the exact sum worked out when building, when there is one: the
    /// same value, and a `Decimal` made from it takes the same compact form
    /// (trailing zeros dropped) as one added up from the values, so it
    /// prints the same. Each `Decimal` addition costs some 3,000 instructions.
    private func weekTotal(monday: Int) -> Decimal {
        if let scale = exactScale {
            let index = Self.lowerBound(weekMondays, monday)
            guard index < weekMondays.count, weekMondays[index] == monday else { return 0 }
            let sum = weekSums[index].sum
            return Decimal(
                sign: sum < 0 ? .minus : .plus, exponent: -scale,
                significand: Decimal(sum.magnitude))
        }
        var sum: Decimal = 0
        var index = lowerBound(max(monday, habit.startDate.dayNumber))
        while index < entryDays.count && entryDays[index] <= monday + 6 {
            sum += entries[index].value
            index += 1
        }
        return sum
    }

    /// The counted periods from the start up to the one containing `today`, in
    /// order: each period's first date (a day, or a week's Monday) and its state.
    public func periods(through today: LocalDate) -> [(start: LocalDate, state: PeriodState)] {
        var result: [(start: LocalDate, state: PeriodState)] = []
        forEachPeriod(through: today) { start, state, _ in
            result.append((LocalDate(dayNumber: start), state))
        }
        return result
    }

    /// Streaks, counts and strength of the periods up to the one containing `today`.
    public func stats(today: LocalDate) -> HabitStats {
        stats(today: today, resuming: nil).stats
    }

    /// Streaks, counts and strength as of `today`, resumed from `checkpoint`
    /// so that only the periods after it are walked, with the checkpoint to
    /// keep for next time: it covers the periods that have ended before the
    /// one containing `today`.
    ///
    /// Without a checkpoint (or one that does not apply: other rules, or not
    /// wholly before today's period, as for a `--date` in the past) the whole
    /// history is walked, and the history must hold every entry; with one,
    /// it needs the entries from `checkpoint.resumeDate(for:)` on. The walk
    /// carries on from the checkpoint's stats: its current streak is the run
    /// the next done periods extend, and the longest streak is the longest of
    /// the checkpoint's and that run's. Equal to the whole walk either way.
    public func stats(today: LocalDate, resuming checkpoint: HistoryCheckpoint?)
        -> (stats: HabitStats, checkpoint: HistoryCheckpoint?)
    {
        // Made once: the check and the checkpoint kept both need it.
        let rules = HistoryCheckpoint.rules(of: habit)
        let usable = checkpoint.flatMap {
            $0.applies(to: habit, rules: rules, today: today) ? $0 : nil
        }
        var stats =
            usable?.stats
            ?? HabitStats(
                currentStreak: 0, longestStreak: 0, successCount: 0, failedCount: 0,
                skippedCount: 0)
        let keep = Self.strengthKeep(periodDays: habit.frequency == .daily ? 1 : 7)
        let gain = 1 - keep
        let current =
            habit.frequency == .daily ? today.dayNumber : today.startOfISOWeek.dayNumber
        // The stats after the last period that has ended, kept as plain
        // values: a checkpoint (with its rules text) is made once, at the end.
        var ended: (through: Int, stats: HabitStats)?
        forEachPeriod(from: usable?.resumeDate(for: habit), through: today) {
            start, state, share in
            switch state {
            case .success:
                stats.successCount += 1
                stats.currentStreak += 1
                stats.longestStreak = max(stats.longestStreak, stats.currentStreak)
                stats.strength = stats.strength * keep + gain
            case .failed:
                stats.failedCount += 1
                stats.currentStreak = 0
                stats.strength = stats.strength * keep + share * gain
            case .skipped:
                stats.skippedCount += 1
            default:
                // Pending: only the current period, left out until decided.
                break
            }
            if start < current { ended = (start, stats) }
        }
        // `currentStreak` is the run of successes since the last failure, with
        // skipped and pending periods passed over: exactly the current streak.
        guard let ended else { return (stats, usable) }
        let next = HistoryCheckpoint(
            through: LocalDate(dayNumber: ended.through), stats: ended.stats, rules: rules)
        return (stats, next)
    }

    /// `m` of the strength recurrence for a period of `periodDays` days:
    /// 0.5^(√L / 13), the part of the previous score a period keeps.
    private static func strengthKeep(periodDays: Int) -> Double {
        pow(0.5, Double(periodDays).squareRoot() / 13)
    }

    // MARK: - Rules

    /// The state of the day `day` of a daily habit, whose entry (if any) has `flags`.
    private func dayState(_ day: Int, flags: EntryFlags?, today: LocalDate) -> PeriodState {
        if day < habit.startDate.dayNumber { return .beforeStart }
        if !isActionWeekday(Self.weekdayIndex(day)) { return .rest }
        let isSkipped = flags?.contains(.skipped) ?? false
        // After today only a planned skip counts; a value logged ahead does not.
        if day > today.dayNumber { return isSkipped ? .skipped : .future }
        if flags?.contains(.reached) ?? false { return .success }
        if isSkipped { return .skipped }
        return day < today.dayNumber ? .failed : .pending
    }

    /// The state of the ISO week starting on `monday`.
    private func weekState(monday: Int, today: LocalDate) -> PeriodState {
        let sunday = monday + 6
        let from = max(monday, habit.startDate.dayNumber)
        let planned = from <= sunday ? actionDayCount(from: from, through: sunday) : 0
        guard planned > 0 else { return .beforeStart }
        // After today only a planned skip counts; a value logged ahead does not.
        if monday > today.dayNumber {
            return skippedDayCount(from: from, through: sunday) == planned ? .skipped : .future
        }
        if isReachedWeek(monday) { return .success }
        if skippedDayCount(from: from, through: sunday) == planned { return .skipped }
        return sunday < today.dayNumber ? .failed : .pending
    }

    /// Action days from `from` through `through` whose entry is marked skipped.
    private func skippedDayCount(from: Int, through: Int) -> Int {
        var count = 0
        var index = lowerBound(from)
        while index < entryDays.count && entryDays[index] <= through {
            if entryFlags[index].contains(.skipped)
                && isActionWeekday(Self.weekdayIndex(entryDays[index]))
            {
                count += 1
            }
            index += 1
        }
        return count
    }

    /// Whether the week starting on `monday` has a sum that reaches the target.
    private func isReachedWeek(_ monday: Int) -> Bool {
        let index = Self.lowerBound(weekMondays, monday)
        return index < weekMondays.count && weekMondays[index] == monday
            && weekSums[index].reached
    }

    /// Calls `body` with each counted period from the start up to the one
    /// containing `today`: its first day number, its state, and its value as
    /// a share of the target (0 to 1, 0 when nothing counted was logged).
    private func forEachPeriod(
        from first: LocalDate? = nil, through today: LocalDate,
        _ body: (Int, PeriodState, _ share: Double) -> Void
    ) {
        // From `first` (a day, or a Monday for a weekly habit) when resuming.
        let start = max(habit.startDate.dayNumber, first?.dayNumber ?? Int.min)
        switch habit.frequency {
        case .daily:
            guard start <= today.dayNumber else { return }
            var cursor = lowerBound(start)
            var weekday = Self.weekdayIndex(start)
            for day in start...today.dayNumber {
                var flags: EntryFlags?
                var share = 0.0
                if cursor < entryDays.count && entryDays[cursor] == day {
                    flags = entryFlags[cursor]
                    share = entryShares[cursor]
                    cursor += 1
                }
                if isActionWeekday(weekday) {
                    body(day, dayState(day, flags: flags, today: today), share)
                }
                weekday = weekday == 6 ? 0 : weekday + 1
            }
        case .weekly:
            let last = today.startOfISOWeek.dayNumber
            var monday = start - Self.weekdayIndex(start)
            // Both ascend, so one cursor finds each week's sum.
            var cursor = Self.lowerBound(weekMondays, monday)
            while monday <= last {
                let state = weekState(monday: monday, today: today)
                var share = 0.0
                if cursor < weekMondays.count && weekMondays[cursor] == monday {
                    share = weekSums[cursor].share
                    cursor += 1
                }
                if state != .beforeStart { body(monday, state, share) }
                monday += 7
            }
        }
    }

    // MARK: - Lookups

    /// 0 for Monday … 6 for Sunday; 1970-01-01 (day 0) was a Thursday.
    private static func weekdayIndex(_ day: Int) -> Int {
        ((day % 7) + 10) % 7
    }

    private func isActionWeekday(_ index: Int) -> Bool {
        habit.actionDays.bits & (1 << UInt8(index)) != 0
    }

    /// Action days from `from` through `through`, both in one ISO week.
    private func actionDayCount(from: Int, through: Int) -> Int {
        guard from <= through else { return 0 }
        let low = Self.weekdayIndex(from)
        let high = Self.weekdayIndex(through)
        let mask = UInt8((1 << (high + 1)) - (1 << low))
        return (habit.actionDays.bits & mask).nonzeroBitCount
    }

    /// The index of the first entry on or after `day`.
    private func lowerBound(_ day: Int) -> Int {
        Self.lowerBound(entryDays, day)
    }

    private func entryIndex(on day: Int) -> Int? {
        let index = lowerBound(day)
        return index < entryDays.count && entryDays[index] == day ? index : nil
    }

    private func flags(on day: Int) -> EntryFlags? {
        entryIndex(on: day).map { entryFlags[$0] }
    }

    private static func lowerBound(_ sorted: [Int], _ value: Int) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: - Building

    /// `entries` in date order, keeping the last of any that share a date.
    private static func sortedByDate(_ entries: [ProgressEntry]) -> [ProgressEntry] {
        var ascending = true
        for index in entries.indices.dropFirst()
        where entries[index - 1].date >= entries[index].date {
            ascending = false
            break
        }
        if ascending { return entries }
        // Sorting the offsets too keeps equal dates in input order, so the last wins.
        let ordered = entries.enumerated().sorted {
            ($0.element.date, $0.offset) < ($1.element.date, $1.offset)
        }
        var result: [ProgressEntry] = []
        result.reserveCapacity(ordered.count)
        for (_, entry) in ordered {
            if let last = result.last, last.date == entry.date {
                result[result.count - 1] = entry
            } else {
                result.append(entry)
            }
        }
        return result
    }

    /// What building a history works out once from the amounts.
    private struct Facts {
        /// For each entry: whether its value alone reaches the target.
        var reached: [Bool]
        /// DAILY: for each entry, its value's share of the target; else empty.
        var shares: [Double]
        /// WEEKLY: the Mondays of the weeks with an entry counted from the
        /// start, and their sums' facts; else empty.
        var weekMondays: [Int] = []
        var weekSums: [WeekSum] = []
        /// The decimal places of the weeks' exact sums, when exact.
        var exactScale: Int? = nil
    }

    /// `value ÷ target` within 0…1: the `p` of a failed period. A period that
    /// reaches the target is done, so 1 is reached only through rounding.
    private static func share(_ value: Double, of target: Double) -> Double {
        guard target > 0, value > 0 else { return 0 }
        return min(1, value / target)
    }

    /// The facts of `amounts`, in integers; `nil` if a week's sum overflows.
    private static func facts(
        of amounts: ExactAmounts, days: [Int], countedFrom start: Int, frequency: Frequency
    ) -> Facts? {
        let target = amounts.target
        // Both in units of 10^-scale, so their ratio is the amounts' ratio.
        let doubleTarget = Double(target)
        var facts = Facts(reached: amounts.values.map { $0 >= target }, shares: [])
        facts.exactScale = amounts.scale
        guard frequency == .weekly else {
            facts.shares = amounts.values.map { share(Double($0), of: doubleTarget) }
            return facts
        }
        var monday = Int.min
        var sum: Int64 = 0
        func closeWeek() {
            guard monday != Int.min else { return }
            facts.weekMondays.append(monday)
            facts.weekSums.append(
                WeekSum(
                    reached: sum >= target, share: share(Double(sum), of: doubleTarget),
                    sum: sum))
        }
        for (day, value) in zip(days, amounts.values) where day >= start {
            let entryMonday = day - weekdayIndex(day)
            if entryMonday != monday {
                closeWeek()
                monday = entryMonday
                sum = 0
            }
            let (total, overflow) = sum.addingReportingOverflow(value)
            if overflow { return nil }
            sum = total
        }
        closeWeek()
        return facts
    }

    /// What `facts(of:days:countedFrom:frequency:)` finds, in `Decimal`
    /// arithmetic, for amounts that do not fit 64-bit integers at a common scale.
    private static func decimalFacts(
        target: Decimal, values: [Decimal], days: [Int], countedFrom start: Int,
        frequency: Frequency
    ) -> Facts {
        let doubleTarget = double(target)
        var facts = Facts(reached: values.map { $0 >= target }, shares: [])
        guard frequency == .weekly else {
            facts.shares = values.map { share(double($0), of: doubleTarget) }
            return facts
        }
        var monday = Int.min
        var sum: Decimal = 0
        func closeWeek() {
            guard monday != Int.min else { return }
            facts.weekMondays.append(monday)
            facts.weekSums.append(
                WeekSum(reached: sum >= target, share: share(double(sum), of: doubleTarget)))
        }
        for (day, value) in zip(days, values) where day >= start {
            let entryMonday = day - weekdayIndex(day)
            if entryMonday != monday {
                closeWeek()
                monday = entryMonday
                sum = 0
            }
            sum += value
        }
        closeWeek()
        return facts
    }

    /// `value` as the nearest `Double` (NaN stays NaN), for the strength only.
    private static func double(_ value: Decimal) -> Double {
        NSDecimalNumber(decimal: value).doubleValue
    }
}
