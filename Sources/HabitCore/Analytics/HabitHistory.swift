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
public struct HabitHistory: Sendable {
    public let habit: Habit
    /// Entries by day number, one per date (the last given wins).
    private let entriesByDay: [Int: ProgressEntry]

    public init<S: Sequence>(habit: Habit, entries: S) where S.Element == ProgressEntry {
        self.habit = habit
        var byDay: [Int: ProgressEntry] = [:]
        for entry in entries { byDay[entry.date.dayNumber] = entry }
        self.entriesByDay = byDay
    }

    /// The entry recorded on `date`, if any.
    public func entry(on date: LocalDate) -> ProgressEntry? {
        entriesByDay[date.dayNumber]
    }

    /// The value recorded on `date`, 0 when nothing is.
    public func value(on date: LocalDate) -> Decimal {
        entriesByDay[date.dayNumber]?.value ?? 0
    }

    /// Whether `date` is a scheduled day: on or after the start date and an action day.
    public func isScheduled(_ date: LocalDate) -> Bool {
        date >= habit.startDate && habit.actionDays.contains(date.weekday)
    }

    /// The state of the period (day or week, by frequency) that contains `date`.
    public func state(of date: LocalDate, today: LocalDate) -> PeriodState {
        switch habit.frequency {
        case .daily: return dayState(date, today: today)
        case .weekly: return weekState(monday: date.startOfISOWeek, today: today)
        }
    }

    /// The mark a calendar shows on `date`: for DAILY the day's state; for
    /// WEEKLY the week's state on its counted action days, else rest or before start.
    public func calendarState(of date: LocalDate, today: LocalDate) -> PeriodState {
        switch habit.frequency {
        case .daily:
            return dayState(date, today: today)
        case .weekly:
            if date < habit.startDate { return .beforeStart }
            if !habit.actionDays.contains(date.weekday) { return .rest }
            return weekState(monday: date.startOfISOWeek, today: today)
        }
    }

    /// Target, progress so far and state for the period containing `date`.
    public func completion(on date: LocalDate, today: LocalDate) -> CompletionData {
        let current: Decimal
        switch habit.frequency {
        case .daily:
            current = value(on: date)
        case .weekly:
            let monday = date.startOfISOWeek
            current = weekSum(from: max(monday, habit.startDate), through: monday.adding(days: 6))
        }
        return CompletionData(
            target: habit.targetValue, current: current, state: state(of: date, today: today))
    }

    /// The counted periods from the start up to the one containing `today`, in
    /// order: each period's first date (a day, or a week's Monday) and its state.
    public func periods(through today: LocalDate) -> [(start: LocalDate, state: PeriodState)] {
        var result: [(start: LocalDate, state: PeriodState)] = []
        forEachPeriod(through: today) { result.append(($0, $1)) }
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

    private func dayState(_ date: LocalDate, today: LocalDate) -> PeriodState {
        if date < habit.startDate { return .beforeStart }
        if !habit.actionDays.contains(date.weekday) { return .rest }
        let entry = entriesByDay[date.dayNumber]
        if let entry, entry.value >= habit.targetValue { return .success }
        if entry?.skipped == true { return .skipped }
        if date < today { return .failed }
        if date == today { return .pending }
        return .future
    }

    private func weekState(monday: LocalDate, today: LocalDate) -> PeriodState {
        let sunday = monday.adding(days: 6)
        let from = max(monday, habit.startDate)
        guard from <= sunday, hasActionDay(from: from, through: sunday) else { return .beforeStart }
        if weekSum(from: from, through: sunday) >= habit.targetValue { return .success }
        if monday > today { return .future }
        var cameDays = 0
        var allSkipped = true
        var day = from
        while day <= min(sunday, today) {
            if habit.actionDays.contains(day.weekday) {
                cameDays += 1
                if entriesByDay[day.dayNumber]?.skipped != true {
                    allSkipped = false
                    break
                }
            }
            day = day.adding(days: 1)
        }
        if cameDays > 0 && allSkipped { return .skipped }
        if sunday < today { return .failed }
        return .pending
    }

    private func hasActionDay(from: LocalDate, through: LocalDate) -> Bool {
        var day = from
        while day <= through {
            if habit.actionDays.contains(day.weekday) { return true }
            day = day.adding(days: 1)
        }
        return false
    }

    private func weekSum(from: LocalDate, through: LocalDate) -> Decimal {
        var sum: Decimal = 0
        var day = from
        while day <= through {
            if let entry = entriesByDay[day.dayNumber] { sum += entry.value }
            day = day.adding(days: 1)
        }
        return sum
    }

    private func forEachPeriod(
        through today: LocalDate, _ body: (LocalDate, PeriodState) -> Void
    ) {
        let start = habit.startDate
        switch habit.frequency {
        case .daily:
            var day = start
            while day <= today {
                if habit.actionDays.contains(day.weekday) {
                    body(day, dayState(day, today: today))
                }
                day = day.adding(days: 1)
            }
        case .weekly:
            var monday = start.startOfISOWeek
            let last = today.startOfISOWeek
            while monday <= last {
                let state = weekState(monday: monday, today: today)
                if state != .beforeStart { body(monday, state) }
                monday = monday.adding(days: 7)
            }
        }
    }
}
