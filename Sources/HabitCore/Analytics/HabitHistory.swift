import Foundation

/// A habit with its progress entries: the input of every status rule.
///
/// The rules, in plain words (the StatusRules article repeats them, with
/// worked examples a test checks):
///
/// PERIODS. A DAILY habit's period is a day; a WEEKLY habit's is the ISO week,
/// Monday to Sunday; a MONTHLY habit's the calendar month; an EVERY_N_DAYS
/// habit's a block of N days, the first starting on the start date
/// (`HabitPeriods`). The *planned days* of a period are its action days on or
/// after the start date (for a daily habit, the day itself when it is an
/// action day). A day of a daily habit that is not planned is **before
/// start** (before the start date) or **rest** (not an action day), whatever
/// today is; its entry is kept and shown but never counted. Any other period
/// with no planned day is not counted: **before start** when it holds (or
/// precedes) the start date, **rest** otherwise (a block of N < 7 days
/// without an action day). A period's value is the day's value, or the sum
/// of the period's entries (any day of it, rest days too) from the later of
/// its first day and the start date.
///
/// STATES. A period *after today* (one that begins after today) is
/// **skipped** when every planned day in it is marked skipped (a planned
/// skip: a holiday entered in advance), otherwise **future**; a value logged
/// ahead of time never decides it. A period that has begun is, in this
/// order, for an AT_LEAST goal (the first model's): **done** (`success`)
/// when its value reaches the target; **skipped** when every planned day in
/// it is marked skipped; **pending** while it has not ended; **failed** once
/// it has ended. For an AT_MOST goal (a limit): **done** once it has ended
/// with its value at or under the target (a day with nothing logged is
/// within the limit); **skipped** when every planned day is skipped;
/// **failed** as soon as its value is over the target, even before it ends;
/// otherwise **pending**. So a current week of Mon/Wed/Fri with Monday and
/// Wednesday skipped stays pending until Friday is skipped too.
///
/// CALENDAR. A daily habit's days show their own state; any other habit's
/// planned days show their period's state, its other days rest or before start.
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
/// weekly, the month's 28 to 31, or N), `p` = 1 for a done period; for a
/// failed at-least period value ÷ target (at most 1; 0 when nothing was
/// logged); for a failed at-most period max(0, 1 − (value − target) ÷
/// target), 0 when the target is 0. A skipped period leaves it unchanged.
///
/// Building a history decides once which entries (DAILY) and which periods
/// (the others) reach or go over the target, in exact integer arithmetic when
/// the amounts allow it (see `ExactAmounts`), so the queries that follow never
/// touch `Decimal`, whose arithmetic is slow.
public struct HabitHistory: Sendable {
    public let habit: Habit
    /// Day numbers of the entries, ascending, one per date.
    let entryDays: [Int]
    /// The entries, in the order of `entryDays`.
    let entries: [ProgressEntry]
    /// For each entry: whether it is marked skipped, and whether its value
    /// alone reaches the target and goes over it.
    private let entryFlags: [EntryFlags]
    /// DAILY: for each entry, the `p` its value earns a failed day in the
    /// strength (0 to 1). Empty for the other frequencies.
    private let entryShares: [Double]
    /// Where the habit's periods begin and end.
    let periods: HabitPeriods
    /// Not DAILY: the first days (day numbers, ascending) of the periods with
    /// an entry counted from the start date.
    private let periodFirsts: [Int]
    /// For each of `periodFirsts`: how the period's sum stands to the target.
    private let periodSums: [PeriodSum]
    /// The decimal places of `PeriodSum.sum` when the amounts were added up
    /// exactly (`ExactAmounts`); `nil` when they were added as `Decimal`s.
    private let exactScale: Int?

    private struct PeriodSum {
        var reached: Bool
        var over: Bool
        /// The `p` the sum earns a failed period in the strength (0 to 1).
        var share: Double
        /// The sum in units of 10^-`exactScale`; 0 without an exact scale.
        var sum: Int64 = 0
    }

    private struct EntryFlags: OptionSet {
        let rawValue: UInt8
        static let skipped = EntryFlags(rawValue: 1)
        /// The value reaches the target (value ≥ target).
        static let reached = EntryFlags(rawValue: 2)
        /// The value goes over the target (value > target): an at-most day failed.
        static let over = EntryFlags(rawValue: 4)
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
        let periods = HabitPeriods(of: habit)
        self.periods = periods
        let facts: Facts
        if let amounts = ExactAmounts(target: habit.targetValue, values: values),
            let exact = Self.facts(
                of: amounts, days: entryDays, countedFrom: start, periods: periods,
                goal: habit.goal)
        {
            facts = exact
        } else {
            facts = Self.decimalFacts(
                target: habit.targetValue, values: values, days: entryDays, countedFrom: start,
                periods: periods, goal: habit.goal)
        }
        entryShares = facts.shares
        periodFirsts = facts.periodFirsts
        periodSums = facts.periodSums
        exactScale = facts.exactScale
        var flags: [EntryFlags] = []
        flags.reserveCapacity(sorted.count)
        for (index, entry) in sorted.enumerated() {
            var entryFlags: EntryFlags = []
            if entry.skipped { entryFlags.insert(.skipped) }
            if facts.reached[index] { entryFlags.insert(.reached) }
            if !facts.over.isEmpty && facts.over[index] { entryFlags.insert(.over) }
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

    /// The state of the period (by frequency) that contains `date`.
    public func state(of date: LocalDate, today: LocalDate) -> PeriodState {
        if habit.frequency == .daily {
            return dayState(date.dayNumber, flags: flags(on: date.dayNumber), today: today)
        }
        return periodState(first: periods.firstDay(containing: date.dayNumber), today: today)
    }

    /// The mark a calendar shows on `date`: for DAILY the day's state; for
    /// the others the period's state on its planned days, else rest or before start.
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
        // The period of the days walked (not DAILY), and its state once needed.
        var periodLast = Int.min
        var periodResult: PeriodState?
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
                if habit.frequency == .daily {
                    state = dayState(day, flags: flags, today: today)
                } else {
                    if day > periodLast {
                        let periodFirst = periods.firstDay(containing: day)
                        periodLast = periods.lastDay(ofPeriodFrom: periodFirst)
                        periodResult = periodState(first: periodFirst, today: today)
                    }
                    state = periodResult ?? .beforeStart
                }
            }
            body(state, flags != nil)
            weekday = weekday == 6 ? 0 : weekday + 1
        }
    }

    /// Target, progress so far and state for the period containing `date`.
    public func completion(on date: LocalDate, today: LocalDate) -> CompletionData {
        let current =
            habit.frequency == .daily
            ? value(on: date) : periodTotal(first: periods.firstDay(containing: date.dayNumber))
        return CompletionData(
            target: habit.targetValue, current: current, state: state(of: date, today: today))
    }

    /// The sum of the values logged in the period beginning on `first`, from
    /// the start date on.
    ///
    /// From the exact sum worked out when building, when there is one: the
    /// same value, and a `Decimal` made from it takes the same compact form
    /// (trailing zeros dropped) as one added up from the values, so it
    /// prints the same. Each `Decimal` addition costs some 3,000 instructions.
    func periodTotal(first: Int) -> Decimal {
        if let scale = exactScale {
            guard let index = periodSumIndex(first) else { return 0 }
            let sum = periodSums[index].sum
            return Decimal(
                sign: sum < 0 ? .minus : .plus, exponent: -scale,
                significand: Decimal(sum.magnitude))
        }
        var sum: Decimal = 0
        let last = periods.lastDay(ofPeriodFrom: first)
        var index = lowerBound(max(first, habit.startDate.dayNumber))
        while index < entryDays.count && entryDays[index] <= last {
            sum += entries[index].value
            index += 1
        }
        return sum
    }

    /// The counted periods from the start up to the one containing `today`, in
    /// order: each period's first date (a day, a week's Monday, a month's
    /// first day, a block's first day) and its state.
    public func periods(through today: LocalDate) -> [(start: LocalDate, state: PeriodState)] {
        var result: [(start: LocalDate, state: PeriodState)] = []
        forEachPeriod(through: today) { start, state, _, _ in
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
        // m for each period length met; one length but for months (28 to 31).
        var keepLength = 0
        var keep = 0.0
        var gain = 0.0
        let current = periods.firstDay(containing: today.dayNumber)
        // The stats after the last period that has ended, kept as plain
        // values: a checkpoint (with its rules text) is made once, at the end.
        var ended: (through: Int, stats: HabitStats)?
        forEachPeriod(from: usable?.resumeDate(for: habit), through: today) {
            start, state, share, length in
            if length != keepLength {
                keepLength = length
                keep = Self.strengthKeep(periodDays: length)
                gain = 1 - keep
            }
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
    static func strengthKeep(periodDays: Int) -> Double {
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
        switch habit.goal {
        case .atLeast:
            if flags?.contains(.reached) ?? false { return .success }
            if isSkipped { return .skipped }
            return day < today.dayNumber ? .failed : .pending
        case .atMost:
            let isOver = flags?.contains(.over) ?? false
            if day < today.dayNumber && !isOver { return .success }
            if isSkipped { return .skipped }
            return isOver ? .failed : .pending
        }
    }

    /// The state of the period (not DAILY) beginning on `first`.
    private func periodState(first: Int, today: LocalDate) -> PeriodState {
        let last = periods.lastDay(ofPeriodFrom: first)
        let start = habit.startDate.dayNumber
        let from = max(first, start)
        let planned = from <= last ? actionDayCount(from: from, through: last) : 0
        // Not counted: before start when it holds (or precedes) the start
        // date, rest when it is a later block with no action day in it.
        guard planned > 0 else { return first <= start ? .beforeStart : .rest }
        // After today only a planned skip counts; a value logged ahead does not.
        if first > today.dayNumber {
            return skippedDayCount(from: from, through: last) == planned ? .skipped : .future
        }
        let sum = periodSumIndex(first).map { periodSums[$0] }
        switch habit.goal {
        case .atLeast:
            if sum?.reached ?? false { return .success }
            if skippedDayCount(from: from, through: last) == planned { return .skipped }
            return last < today.dayNumber ? .failed : .pending
        case .atMost:
            let isOver = sum?.over ?? false
            if last < today.dayNumber && !isOver { return .success }
            if skippedDayCount(from: from, through: last) == planned { return .skipped }
            return isOver ? .failed : .pending
        }
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

    /// The index in `periodSums` of the period beginning on `first`, if
    /// an entry is counted in it.
    private func periodSumIndex(_ first: Int) -> Int? {
        let index = Self.lowerBound(periodFirsts, first)
        return index < periodFirsts.count && periodFirsts[index] == first ? index : nil
    }

    /// Calls `body` with each counted period from the start up to the one
    /// containing `today` (or `end`, when later: those after today are
    /// future or skipped): its first day number, its state, the `p` its
    /// value earns if it failed (0 to 1, 0 when nothing counted was logged),
    /// and its length in days.
    func forEachPeriod(
        from first: LocalDate? = nil, through today: LocalDate, until end: LocalDate? = nil,
        _ body: (Int, PeriodState, _ share: Double, _ length: Int) -> Void
    ) {
        // From `first` (the first day of a period) when resuming.
        let start = max(habit.startDate.dayNumber, first?.dayNumber ?? Int.min)
        let through = max(today.dayNumber, end?.dayNumber ?? Int.min)
        switch habit.frequency {
        case .daily:
            guard start <= through else { return }
            var cursor = lowerBound(start)
            var weekday = Self.weekdayIndex(start)
            for day in start...through {
                var flags: EntryFlags?
                var share = 0.0
                if cursor < entryDays.count && entryDays[cursor] == day {
                    flags = entryFlags[cursor]
                    share = entryShares[cursor]
                    cursor += 1
                }
                if isActionWeekday(weekday) {
                    body(day, dayState(day, flags: flags, today: today), share, 1)
                }
                weekday = weekday == 6 ? 0 : weekday + 1
            }
        case .weekly, .monthly, .everyNDays:
            let last = periods.firstDay(containing: through)
            var periodFirst = periods.firstDay(containing: start)
            // Both ascend, so one cursor finds each period's sum.
            var cursor = Self.lowerBound(periodFirsts, periodFirst)
            while periodFirst <= last {
                let length = periods.length(ofPeriodFrom: periodFirst)
                let state = periodState(first: periodFirst, today: today)
                var share = 0.0
                if cursor < periodFirsts.count && periodFirsts[cursor] == periodFirst {
                    share = periodSums[cursor].share
                    cursor += 1
                }
                if state != .beforeStart && state != .rest {
                    body(periodFirst, state, share, length)
                }
                periodFirst += length
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

    /// Action days from `from` through `through`.
    func actionDayCount(from: Int, through: Int) -> Int {
        guard from <= through else { return 0 }
        let days = through - from + 1
        // Each whole week holds every action day once; the days left over
        // run from `from`'s weekday, wrapping past Sunday.
        var count = days / 7 * habit.actionDays.count
        var weekday = Self.weekdayIndex(from)
        for _ in 0..<(days % 7) {
            if isActionWeekday(weekday) { count += 1 }
            weekday = weekday == 6 ? 0 : weekday + 1
        }
        return count
    }

    /// The index of the first entry on or after `day`.
    func lowerBound(_ day: Int) -> Int {
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
        /// For each entry: whether its value alone reaches the target, and
        /// (AT_MOST only, else empty: no other rule asks) whether it goes over it.
        var reached: [Bool]
        var over: [Bool]
        /// DAILY: for each entry, the `p` its value earns a failed day; else empty.
        var shares: [Double]
        /// Not DAILY: the first days of the periods with an entry counted
        /// from the start, and their sums' facts; else empty.
        var periodFirsts: [Int] = []
        var periodSums: [PeriodSum] = []
        /// The decimal places of the periods' exact sums, when exact.
        var exactScale: Int? = nil
    }

    /// The `p` a failed period with `value` earns in the strength, 0 to 1.
    ///
    /// At least: `value ÷ target` (0 when nothing was logged; a period that
    /// reaches the target is done, so 1 is reached only through rounding).
    /// At most: `1 − (value − target) ÷ target`, never below 0, and 0 for a
    /// target of 0: a period failed a little over its limit keeps most of
    /// the credit, one at twice the limit none.
    private static func share(_ value: Double, of target: Double, goal: Goal) -> Double {
        switch goal {
        case .atLeast:
            guard target > 0, value > 0 else { return 0 }
            return min(1, value / target)
        case .atMost:
            guard target > 0 else { return 0 }
            return min(1, max(0, 1 - (value - target) / target))
        }
    }

    /// The facts of `amounts`, in integers; `nil` if a period's sum overflows.
    private static func facts(
        of amounts: ExactAmounts, days: [Int], countedFrom start: Int, periods: HabitPeriods,
        goal: Goal
    ) -> Facts? {
        let target = amounts.target
        // Both in units of 10^-scale, so their ratio is the amounts' ratio.
        let doubleTarget = Double(target)
        var facts = Facts(
            reached: amounts.values.map { $0 >= target },
            over: goal == .atMost ? amounts.values.map { $0 > target } : [], shares: [])
        facts.exactScale = amounts.scale
        guard periods.frequency != .daily else {
            facts.shares = amounts.values.map {
                share(Double($0), of: doubleTarget, goal: goal)
            }
            return facts
        }
        var first = Int.min
        var last = Int.min
        var sum: Int64 = 0
        func closePeriod() {
            guard first != Int.min else { return }
            facts.periodFirsts.append(first)
            facts.periodSums.append(
                PeriodSum(
                    reached: sum >= target, over: sum > target,
                    share: share(Double(sum), of: doubleTarget, goal: goal), sum: sum))
        }
        for (day, value) in zip(days, amounts.values) where day >= start {
            if day > last {
                closePeriod()
                first = periods.firstDay(containing: day)
                last = periods.lastDay(ofPeriodFrom: first)
                sum = 0
            }
            let (total, overflow) = sum.addingReportingOverflow(value)
            if overflow { return nil }
            sum = total
        }
        closePeriod()
        return facts
    }

    /// What `facts(of:days:countedFrom:periods:goal:)` finds, in `Decimal`
    /// arithmetic, for amounts that do not fit 64-bit integers at a common scale.
    private static func decimalFacts(
        target: Decimal, values: [Decimal], days: [Int], countedFrom start: Int,
        periods: HabitPeriods, goal: Goal
    ) -> Facts {
        let doubleTarget = double(target)
        var facts = Facts(
            reached: values.map { $0 >= target },
            over: goal == .atMost ? values.map { $0 > target } : [], shares: [])
        guard periods.frequency != .daily else {
            facts.shares = values.map { share(double($0), of: doubleTarget, goal: goal) }
            return facts
        }
        var first = Int.min
        var last = Int.min
        var sum: Decimal = 0
        func closePeriod() {
            guard first != Int.min else { return }
            facts.periodFirsts.append(first)
            facts.periodSums.append(
                PeriodSum(
                    reached: sum >= target, over: sum > target,
                    share: share(double(sum), of: doubleTarget, goal: goal)))
        }
        for (day, value) in zip(days, values) where day >= start {
            if day > last {
                closePeriod()
                first = periods.firstDay(containing: day)
                last = periods.lastDay(ofPeriodFrom: first)
                sum = 0
            }
            sum += value
        }
        closePeriod()
        return facts
    }

    /// `value` as the nearest `Double` (NaN stays NaN), for the strength only.
    private static func double(_ value: Decimal) -> Double {
        NSDecimalNumber(decimal: value).doubleValue
    }
}
