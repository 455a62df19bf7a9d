import Foundation
import HabitClient
import HabitCore

/// Maps source habits to this tracker's model (the rules of the
/// ImportAndExport article's mapping table), reporting each approximation in
/// one line naming the habit.
///
/// - T per 1 day: DAILY, all seven days, target T `times`, or the numeric
///   habit's target and unit: exact.
/// - T per 7 days: WEEKLY, target T; T per 30 or 31 days where that is the
///   source's month (Loop's "T times per month", `windowOfAMonth`):
///   MONTHLY, target T; T per N days for any other N from 2 to 365:
///   EVERY_N_DAYS, `period_days` N, target T (so 1/3 is every 3 days, 2/3
///   every 3 days with target 2, harsh's `2/30` every 30 days). Each is reported: the source's window
///   rolls, ours are fixed periods (the ISO week, the calendar month, blocks
///   of N days from the start date). A numeric habit keeps its target per
///   period.
/// - Past 365 days, and tracked only (no goal): WEEKLY with the nearest
///   target, ⌈7T/I⌉ (at least 1; a numeric target × 7 / I), reported.
/// - Loop "at most" goals: AT_MOST with their target (0 allowed) and unit.
/// - A heading (harsh's `!`) is the habit's group, cut to 32 characters
///   (reported) when longer.
/// - Yes → an entry reaching the target (the day's target for daily habits,
///   1 towards any longer period's count); skip → skipped; no, unknown and
///   automatically filled days → no entry; numeric values and harsh amounts
///   → the entry's value.
/// - Habits with an end date are imported archived.
/// - The start date is the first day the source has anything for, else today.
struct HabitMapping: Sendable {
    /// The day a habit without any entries starts on.
    var today: LocalDate

    func map(_ source: SourceHabit) throws(ImportFormatError) -> MappedHabit {
        if case .exact(let habit) = source.schedule { return try exact(habit, source: source) }
        var notes = Notes(sourceName: source.name)
        let period = Self.period(of: source.schedule, months: source.windowOfAMonth)
        var goal = Self.goal(of: source, period: period, notes: &notes)
        goal.unit = Self.fittedUnit(goal.unit, notes: &notes)
        goal.target = Self.cappedTarget(goal.target, notes: &notes)
        Self.note(period, goal: goal, numeric: source.amounts != nil, notes: &notes)
        let group = Self.fittedGroup(source.group, notes: &notes)
        Self.noteWhatIsDropped(source, notes: &notes)
        let archived = source.archived || source.endDate != nil
        let entries = entries(of: source, frequency: period.frequency, goal: goal)
        entries.note(target: goal.target, in: &notes)
        let fields = HabitFields(
            name: notes.name, frequency: period.frequency, measurementType: goal.unit,
            startDate: source.entries.map(\.date).min() ?? today, actionDays: .everyDay,
            targetValue: goal.target, goal: goal.atMost ? .atMost : .atLeast,
            periodDays: period.periodDays, group: group)
        return MappedHabit(
            fields: try Self.validated(fields), status: archived ? .archived : .active,
            entries: entries.kept, approximations: notes.lines,
            notesNotImported: entries.notesNotImported)
    }

    /// The approximation lines of one habit, each naming it.
    private struct Notes {
        /// The habit's name as imported (`HabitMapping.name`).
        let name: String
        var lines: [String] = []

        init(sourceName: String) {
            name = HabitMapping.name(sourceName, notes: &lines)
        }

        mutating func add(_ text: String) {
            lines.append("\(TerminalSafeText.echo(name)): \(text)")
        }
    }

    /// How often the habit is to be done: its frequency and period length,
    /// its yes/no count per period, and the source's window.
    private struct Period {
        var frequency = Frequency.daily
        var periodDays: Int?
        var count = 1
        /// The source's count per window, before any conversion to a week.
        var sourceCount = 1
        /// The source's window in days; `nil` for tracked only.
        var perDays: Int? = 1
        /// Whether the source's window became a period of about its length,
        /// so a numeric target carries over as it is; otherwise it becomes
        /// a weekly one.
        var keepsWindow = true
    }

    /// What the habit counts: its unit and target as the source gives them,
    /// whether it holds amounts, and whether its goal is "at most".
    private struct Goal {
        var unit = "times"
        var target: Decimal
        var hasAmounts: Bool
        var atMost = false
        /// The source's own numeric target, before any conversion to a week.
        var sourceTarget: Decimal?
    }

    /// The entries kept, one per day, and what was changed or left out on
    /// the way.
    private struct Entries {
        var kept: [ProgressEntry] = []
        var belowTarget = 0
        var clamped = 0
        var notesNotImported = 0
        var notesReshaped = 0
        /// Why each entry dated past today was left out.
        var future: [String] = []

        /// Reports the entries changed or left out.
        func note(target: Decimal, in notes: inout Notes) {
            if belowTarget > 0 {
                notes.add(
                    "\(belowTarget) day\(belowTarget == 1 ? "" : "s") marked done with an amount "
                        + "below the target of \(HabitText.number(target)) now read as not done.")
            }
            if notesReshaped > 0 {
                notes.add(
                    "\(notesReshaped) note\(notesReshaped == 1 ? " was" : "s were") made one line "
                        + "(line breaks became spaces) or cut to "
                        + "\(ProgressEntry.maximumNoteLength) characters.")
            }
            if let first = future.first {
                notes.add(
                    "\(future.count) entr\(future.count == 1 ? "y was" : "ies were") left out: "
                        + (future.count == 1 ? first : "the first: \(first)"))
            }
            if clamped > 0 {
                notes.add("\(clamped) values above 1000000000 were lowered to it.")
            }
        }
    }

    /// The source's schedule as a frequency, a period length and a count:
    /// a window of 1 day stays daily, of 7 days becomes the ISO week, of 30
    /// or 31 days the calendar month when `months` says that is the
    /// source's month, of 2 to 365 days blocks of as many days; anything
    /// else the nearest weekly count.
    private static func period(of schedule: SourceHabit.Schedule, months: Bool) -> Period {
        var period = Period()
        switch schedule {
        case .times(let times, let days):
            period.perDays = days
            period.count = times
            period.sourceCount = times
            switch days {
            case 1:
                break
            case 7:
                period.frequency = .weekly
            case 30...31 where months:
                period.frequency = .monthly
            case HabitFields.periodDaysRange:
                period.frequency = .everyNDays
                period.periodDays = days
            default:
                period.frequency = .weekly
                period.count = max(1, Int((7 * Double(times) / Double(days)).rounded(.up)))
                period.keepsWindow = false
            }
        case .trackedOnly:
            period.frequency = .weekly
            period.perDays = nil
            period.keepsWindow = false
        case .exact:
            break
        }
        return period
    }

    /// Reports how the source's window became the habit's periods, unless
    /// it was a day: a rolling window is not a fixed period.
    private static func note(_ period: Period, goal: Goal, numeric: Bool, notes: inout Notes) {
        guard let days = period.perDays else {
            notes.add(
                "tracked only (no goal) has no equivalent: became weekly, target 1 per ISO week.")
            return
        }
        guard days != 1 else { return }
        let unit = numeric ? " \(goal.unit)" : ""
        let source =
            numeric ? goal.sourceTarget.map(HabitText.number) ?? "1" : "\(period.sourceCount)"
        let target = HabitText.number(goal.target) + unit
        let limit = goal.atMost ? "a limit of " : "target "
        let rolling = "\(source)\(unit) per rolling \(days) days"
        switch period.frequency {
        case .weekly where period.keepsWindow:
            notes.add(
                "\(rolling) became weekly, \(limit)\(target) per ISO week (Monday to Sunday).")
        case .monthly:
            notes.add("\(rolling) became monthly, \(limit)\(target) per calendar month.")
        case .everyNDays:
            notes.add(
                "\(rolling) became every \(days) days, \(limit)\(target) per block of \(days) "
                    + "days from the start date.")
        default:
            notes.add(
                "\(rolling) has no equivalent (a period is at most "
                    + "\(HabitFields.periodDaysRange.upperBound) days): became weekly, "
                    + "\(limit)\(target) per ISO week.")
        }
    }

    /// The unit, target and goal: a numeric habit's target per period (per
    /// week when its window became the nearest weekly count), else `times`
    /// and the count.
    private static func goal(of source: SourceHabit, period: Period, notes: inout Notes) -> Goal {
        var goal = Goal(
            target: Decimal(period.count),
            hasAmounts: source.amounts != nil || source.entries.contains { $0.amount != nil })
        if let amounts = source.amounts {
            goal.unit = amounts.unit.trimmingCharacters(in: .whitespacesAndNewlines)
            goal.atMost = amounts.atMost
            // A limit may be 0 ("none at all"); a minimum is above it.
            if let target = amounts.target, target > 0 || (amounts.atMost && target == 0) {
                goal.sourceTarget = target
                goal.target =
                    period.keepsWindow || target == 0
                    ? target : perWeek(target, perDays: period.perDays ?? 7)
            } else {
                goal.target = 1
                notes.add("no numeric target: target set to 1.")
            }
        } else if goal.hasAmounts {
            goal.unit = "units"
            notes.add("amounts were logged: imported as each day's value, in 'units'.")
        }
        return goal
    }

    /// The group of a habit listed under `heading`: without control
    /// characters and trimmed; none when blank; cut to the longest prefix
    /// of whole characters within 32 Unicode scalars (the length rule of
    /// `HabitFields.problems(group:)`), reported, when longer.
    private static func fittedGroup(_ heading: String?, notes: inout Notes) -> String? {
        guard let heading else { return nil }
        let clean = HabitFields.trimmed(
            String(heading.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        guard !clean.isEmpty else { return nil }
        let limit = HabitFields.groupLength.upperBound
        guard clean.unicodeScalars.count > limit else { return clean }
        var cut = ""
        var scalars = 0
        for character in clean {
            scalars += character.unicodeScalars.count
            if scalars > limit { break }
            cut.append(character)
        }
        cut = HabitFields.trimmed(cut)
        notes.add(
            "the heading '\(TerminalSafeText.echo(clean))' was cut to \(limit) characters for "
                + "its group: '\(TerminalSafeText.echo(cut))'.")
        return cut
    }

    /// A unit this tracker accepts: not empty, not too long, without
    /// control characters.
    private static func fittedUnit(_ unit: String, notes: inout Notes) -> String {
        var unit = unit
        if unit.isEmpty {
            unit = "units"
            notes.add("no unit: 'units' is used.")
        } else if unit.count > HabitFields.measurementTypeLength.upperBound {
            unit = String(unit.prefix(HabitFields.measurementTypeLength.upperBound))
            notes.add("the unit was cut to \(unit.count) characters.")
        }
        return String(unit.unicodeScalars.filter { $0.properties.generalCategory != .control })
    }

    /// `target`, lowered to the most a habit may have.
    private static func cappedTarget(_ target: Decimal, notes: inout Notes) -> Decimal {
        guard target > HabitFields.targetRange.upperBound else { return target }
        notes.add("the target was lowered to 1000000, the most a habit may have.")
        return HabitFields.targetRange.upperBound
    }

    /// Reports what the source says that a habit here cannot keep: its end
    /// (it is imported archived) and its description.
    private static func noteWhatIsDropped(_ source: SourceHabit, notes: inout Notes) {
        if let end = source.endDate {
            notes.add("ended on \(end): imported archived.")
        }
        if !source.description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            notes.add("its description was not imported (habits have no description).")
        }
    }

    /// One entry per day, the last one of a day winning: done reaches the
    /// target (1 towards a longer period's count or a limit) or holds its amount, values are
    /// capped, and days past today are left out as the commands would.
    private func entries(of source: SourceHabit, frequency: Frequency, goal: Goal) -> Entries {
        let target = goal.target
        let hasAmounts = goal.hasAmounts
        // A limit's day done is one unit, as a bare `done` is (rule 6).
        let doneValue: Decimal = frequency == .daily && !goal.atMost ? target : 1
        var result = Entries()
        var byDate: [LocalDate: ProgressEntry] = [:]
        for entry in source.entries {
            let note = entry.note.flatMap(ProgressEntry.note(fitting:))
            if let text = entry.note, !ProgressEntry.problems(note: text).isEmpty {
                result.notesReshaped += 1
            }
            var value: Decimal
            var skipped = false
            switch entry.mark {
            case .done:
                if hasAmounts, let amount = entry.amount, amount > 0 {
                    value = amount
                    if frequency == .daily, !goal.atMost, amount < target {
                        result.belowTarget += 1
                    }
                } else {
                    value = doneValue
                }
            case .skipped:
                value = 0
                skipped = true
            case .none:
                if note != nil { result.notesNotImported += 1 }
                byDate[entry.date] = nil
                continue
            case .amount(let amount):
                value = amount
            case .exact(let exact):
                value = exact.value
                skipped = exact.skipped
            }
            if value > ProgressEntry.maximumValue {
                value = ProgressEntry.maximumValue
                result.clamped += 1
            }
            // The commands' rule: progress up to today, skips ahead too.
            if let problem = ProgressEntry.problems(
                date: entry.date, skipped: skipped, today: today
            ).first {
                result.future.append(problem)
                continue
            }
            byDate[entry.date] = ProgressEntry(
                date: entry.date, value: value, skipped: skipped, note: note)
        }
        result.kept = byDate.values.sorted { $0.date < $1.date }
        return result
    }

    /// `fields` as the stores would take them, or why not.
    private static func validated(_ fields: HabitFields) throws(ImportFormatError) -> HabitFields {
        do {
            // A name of digits is renamed by the plan (ImportPlan.freeName).
            return try fields.validated(keepingName: true)
        } catch {
            throw .invalidHabit(name: fields.name, error)
        }
    }

    /// Our own export: everything as it was.
    private func exact(_ habit: Habit, source: SourceHabit) throws(ImportFormatError)
        -> MappedHabit
    {
        let valid: HabitFields
        do {
            valid = try habit.fields.validated(keepingName: true)
        } catch {
            throw .invalidExportHabit(name: habit.name, id: habit.id, error)
        }
        var byDate: [LocalDate: ProgressEntry] = [:]
        for entry in source.entries {
            guard case .exact(let exact) = entry.mark else { continue }
            let problems =
                ProgressEntry.problems(value: exact.value)
                + ProgressEntry.problems(date: exact.date, skipped: exact.skipped, today: today)
            guard problems.isEmpty else {
                throw .invalidExportEntry(habit: habit.name, date: exact.date, problems: problems)
            }
            byDate[exact.date] = exact
        }
        return MappedHabit(
            fields: valid, status: habit.status,
            entries: byDate.values.sorted { $0.date < $1.date }, original: habit)
    }

    /// A name this tracker accepts: trimmed, without control characters, at
    /// most 100 characters, not empty.
    static func name(_ text: String, notes: inout [String]) -> String {
        var name = String(
            text.unicodeScalars.filter { $0.properties.generalCategory != .control }
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty {
            name = "Unnamed habit"
            notes.append("\(name): the source habit had no name.")
            return name
        }
        if name != text.trimmingCharacters(in: .whitespacesAndNewlines) {
            notes.append(
                "\(TerminalSafeText.echo(name)): control characters were removed from the name.")
        }
        if name.count > HabitFields.nameLength.upperBound {
            let long = name
            name = String(name.prefix(HabitFields.nameLength.upperBound))
            notes.append(
                "\(TerminalSafeText.echo(name)): the name was cut to 100 characters (from \(long.count))."
            )
        }
        return name
    }

    /// `goal` per `perDays` days as a goal per 7 days, rounded up to hundredths.
    static func perWeek(_ goal: Decimal, perDays: Int) -> Decimal {
        var exact = goal * 7 / Decimal(perDays)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 2, .up)
        return max(rounded, Decimal(string: "0.01") ?? 1)
    }
}
