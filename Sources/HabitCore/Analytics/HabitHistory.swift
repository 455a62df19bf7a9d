import Foundation

/// A habit with its progress entries: the input of every status rule.
///
/// The rules, in plain words (README repeats them):
///
/// DAILY. A *scheduled* day is a date on or after the start date whose weekday
/// is an action day. A scheduled day is, in this order: **success** when its
/// value reaches the target; **skipped** when it is marked skipped; **failed**
/// when it is before today; **pending** when it is today; **future** after
/// today. An unscheduled date is **before start** (before the start date) or
/// **rest** (not an action day). Entries on unscheduled dates are kept and
/// shown but never counted.
///
/// WEEKLY. The period is the ISO week, Monday to Sunday. The first week counts
/// only from the start date, and not at all when none of its action days falls
/// on or after the start date (it is then **before start**, like every earlier
/// week). A week's value is the sum of its entries from the later of Monday and
/// the start date. A counted week is, in this order: **success** when the sum
/// reaches the target; **future** when it starts after today; **skipped** when
/// every action day of the week that has come (on or after the start date and
/// on or before today) is marked skipped; **failed** when it ended before today;
/// else **pending** (the current week).
///
/// Streaks and counts walk the counted periods from the start up to the one
/// containing today. The current streak is the run of successes ending at the
/// latest decided period: a pending period does not break it (and counts once
/// it succeeds), a skipped one neither breaks nor extends it, a failed one ends
/// it. The longest streak applies the same rule over the whole history.
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
    /// WEEKLY: the Mondays (day numbers, ascending) of the weeks on or after the
    /// start whose sum, counted from the start date, reaches the target.
    private let reachedWeeks: [Int]

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
        let reached: [Bool]
        if let amounts = ExactAmounts(target: habit.targetValue, values: values),
            let facts = Self.facts(of: amounts, days: entryDays, countedFrom: start)
        {
            (reached, reachedWeeks) = facts
        } else {
            (reached, reachedWeeks) = Self.decimalFacts(
                target: habit.targetValue, values: values, days: entryDays, countedFrom: start)
        }
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

    /// Whether `date` is a scheduled day: on or after the start date and an action day.
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
    func forEachCalendarDay(
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
            let monday = date.startOfISOWeek.dayNumber
            var sum: Decimal = 0
            var index = lowerBound(max(monday, habit.startDate.dayNumber))
            while index < entryDays.count && entryDays[index] <= monday + 6 {
                sum += entries[index].value
                index += 1
            }
            current = sum
        }
        return CompletionData(
            target: habit.targetValue, current: current, state: state(of: date, today: today))
    }

    /// The counted periods from the start up to the one containing `today`, in
    /// order: each period's first date (a day, or a week's Monday) and its state.
    public func periods(through today: LocalDate) -> [(start: LocalDate, state: PeriodState)] {
        var result: [(start: LocalDate, state: PeriodState)] = []
        forEachPeriod(through: today) { result.append((LocalDate(dayNumber: $0), $1)) }
        return result
    }

    /// Streaks and counts of the periods up to the one containing `today`.
    public func stats(today: LocalDate) -> HabitStats {
        var success = 0
        var failed = 0
        var skipped = 0
        var run = 0
        var longest = 0
        forEachPeriod(through: today) { _, state in
            switch state {
            case .success:
                success += 1
                run += 1
                longest = max(longest, run)
            case .failed:
                failed += 1
                run = 0
            case .skipped:
                skipped += 1
            default:
                break
            }
        }
        // `run` is the run of successes since the last failure, with skipped and
        // pending periods passed over: exactly the current streak.
        return HabitStats(
            currentStreak: run, longestStreak: longest, successCount: success,
            failedCount: failed, skippedCount: skipped)
    }

    // MARK: - Rules

    /// The state of a scheduled day (on or after the start, an action day)
    /// with the given entry flags.
    private func dayState(_ day: Int, flags: EntryFlags?, today: LocalDate) -> PeriodState {
        if day < habit.startDate.dayNumber { return .beforeStart }
        if !isActionWeekday(Self.weekdayIndex(day)) { return .rest }
        if let flags {
            if flags.contains(.reached) { return .success }
            if flags.contains(.skipped) { return .skipped }
        }
        if day < today.dayNumber { return .failed }
        if day == today.dayNumber { return .pending }
        return .future
    }

    /// The state of the ISO week starting on `monday`.
    private func weekState(monday: Int, today: LocalDate) -> PeriodState {
        let sunday = monday + 6
        let from = max(monday, habit.startDate.dayNumber)
        guard from <= sunday, actionDayCount(from: from, through: sunday) > 0 else {
            return .beforeStart
        }
        if Self.contains(reachedWeeks, monday) { return .success }
        if monday > today.dayNumber { return .future }
        let lastCome = min(sunday, today.dayNumber)
        let comeCount = actionDayCount(from: from, through: lastCome)
        if comeCount > 0 {
            var skippedCount = 0
            var index = lowerBound(from)
            while index < entryDays.count && entryDays[index] <= lastCome {
                if entryFlags[index].contains(.skipped)
                    && isActionWeekday(Self.weekdayIndex(entryDays[index]))
                {
                    skippedCount += 1
                }
                index += 1
            }
            if skippedCount == comeCount { return .skipped }
        }
        if sunday < today.dayNumber { return .failed }
        return .pending
    }

    /// Calls `body` with each counted period from the start up to the one
    /// containing `today`: its first day number and its state.
    private func forEachPeriod(through today: LocalDate, _ body: (Int, PeriodState) -> Void) {
        let start = habit.startDate.dayNumber
        switch habit.frequency {
        case .daily:
            guard start <= today.dayNumber else { return }
            var cursor = lowerBound(start)
            var weekday = Self.weekdayIndex(start)
            for day in start...today.dayNumber {
                var flags: EntryFlags?
                if cursor < entryDays.count && entryDays[cursor] == day {
                    flags = entryFlags[cursor]
                    cursor += 1
                }
                if isActionWeekday(weekday) {
                    body(day, dayState(day, flags: flags, today: today))
                }
                weekday = weekday == 6 ? 0 : weekday + 1
            }
        case .weekly:
            let last = today.startOfISOWeek.dayNumber
            var monday = start - Self.weekdayIndex(start)
            while monday <= last {
                let state = weekState(monday: monday, today: today)
                if state != .beforeStart { body(monday, state) }
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

    private static func contains(_ sorted: [Int], _ value: Int) -> Bool {
        let index = lowerBound(sorted, value)
        return index < sorted.count && sorted[index] == value
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

    /// Which entries reach the target on their own, and the Mondays of the
    /// weeks whose sum from `start` does, in integers; `nil` if a sum overflows.
    private static func facts(
        of amounts: ExactAmounts, days: [Int], countedFrom start: Int
    ) -> (reached: [Bool], reachedWeeks: [Int])? {
        let target = amounts.target
        let reached = amounts.values.map { $0 >= target }
        var weeks: [Int] = []
        var monday = Int.min
        var sum: Int64 = 0
        for (day, value) in zip(days, amounts.values) where day >= start {
            let entryMonday = day - weekdayIndex(day)
            if entryMonday != monday {
                if monday != Int.min && sum >= target { weeks.append(monday) }
                monday = entryMonday
                sum = 0
            }
            let (total, overflow) = sum.addingReportingOverflow(value)
            if overflow { return nil }
            sum = total
        }
        if monday != Int.min && sum >= target { weeks.append(monday) }
        return (reached, weeks)
    }

    /// What `facts(of:days:countedFrom:)` finds, in `Decimal` arithmetic, for
    /// amounts that do not fit 64-bit integers at a common scale.
    private static func decimalFacts(
        target: Decimal, values: [Decimal], days: [Int], countedFrom start: Int
    ) -> (reached: [Bool], reachedWeeks: [Int]) {
        let reached = values.map { $0 >= target }
        var weeks: [Int] = []
        var monday = Int.min
        var sum: Decimal = 0
        for (day, value) in zip(days, values) where day >= start {
            let entryMonday = day - weekdayIndex(day)
            if entryMonday != monday {
                if monday != Int.min && sum >= target { weeks.append(monday) }
                monday = entryMonday
                sum = 0
            }
            sum += value
        }
        if monday != Int.min && sum >= target { weeks.append(monday) }
        return (reached, weeks)
    }
}
