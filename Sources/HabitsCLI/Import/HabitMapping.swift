import Foundation
import HabitClient
import HabitCore

/// Maps source habits to this tracker's model (the rules of README's
/// "Import" section), reporting each approximation in one line naming the
/// habit.
///
/// - Every day (`1` per 1 day): DAILY, all seven days, the target 1 `times`
///   (or T for T per day), or the numeric habit's target and unit.
/// - `k` per 7 days: WEEKLY, all days, target k: the rolling window becomes
///   the ISO week (reported).
/// - Anything else (every N days, T per I days, tracked only): WEEKLY with
///   the nearest target, ⌈7T/I⌉ (at least 1), reported.
/// - Yes → an entry reaching the target (the day's target for daily habits,
///   1 towards a weekly count); skip → skipped; no, unknown and
///   automatically filled days → no entry; numeric values and harsh amounts
///   → the entry's value.
/// - Loop "at most" goals and habits with an end date are imported archived.
/// - The start date is the first day the source has anything for, else today.
struct HabitMapping: Sendable {
    /// The day a habit without any entries starts on.
    var today: LocalDate

    func map(_ source: SourceHabit) throws(ImportFormatError) -> MappedHabit {
        if case .exact(let habit) = source.schedule { return try exact(habit, source: source) }
        var notes = Notes(sourceName: source.name)
        let period = Self.period(of: source.schedule, notes: &notes)
        let goal = Self.goal(of: source, period: period, notes: &notes)
        let unit = Self.fittedUnit(goal.unit, notes: &notes)
        let target = Self.cappedTarget(goal.target, notes: &notes)
        Self.noteWhatIsDropped(source, notes: &notes)
        let archived = source.archived || goal.atMost || source.endDate != nil
        let entries = entries(
            of: source, frequency: period.frequency, target: target,
            hasAmounts: goal.hasAmounts)
        entries.note(target: target, in: &notes)
        let fields = HabitFields(
            name: notes.name, frequency: period.frequency, measurementType: unit,
            startDate: source.entries.map(\.date).min() ?? today, actionDays: .everyDay,
            targetValue: target)
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

    /// How often the habit is to be done: its frequency, its yes/no count
    /// per period, and the source's window in days.
    private struct Period {
        var frequency = Frequency.daily
        var count = 1
        var perDays = 1
    }

    /// What the habit counts: its unit and target as the source gives them,
    /// whether it holds amounts, and whether its goal is "at most".
    private struct Goal {
        var unit = "times"
        var target: Decimal
        var hasAmounts: Bool
        var atMost = false
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

    /// The source's schedule as a frequency and a count: every day stays
    /// daily, k per 7 days becomes k per ISO week, anything else the nearest
    /// weekly count.
    private static func period(of schedule: SourceHabit.Schedule, notes: inout Notes) -> Period {
        var period = Period()
        switch schedule {
        case .times(let times, let days):
            period.perDays = days
            if days == 1 {
                period.count = times
            } else if days == 7 {
                period.frequency = .weekly
                period.count = times
                notes.add(
                    "\(times) per rolling 7 days became weekly, target \(times) per ISO week "
                        + "(Monday to Sunday).")
            } else {
                period.frequency = .weekly
                period.count = max(1, Int((7 * Double(times) / Double(days)).rounded(.up)))
                let what = times == 1 ? "every \(days) days" : "\(times) per \(days) days"
                notes.add(
                    "\(what) has no equivalent: became weekly, target \(period.count) per ISO week."
                )
            }
        case .trackedOnly:
            period.frequency = .weekly
            notes.add(
                "tracked only (no goal) has no equivalent: became weekly, target 1 per ISO week.")
        case .exact:
            break
        }
        return period
    }

    /// The unit and target: a numeric goal's (per week when the source's
    /// window is neither a day nor a week), else `times` and the count.
    private static func goal(of source: SourceHabit, period: Period, notes: inout Notes) -> Goal {
        var goal = Goal(
            target: Decimal(period.count),
            hasAmounts: source.amounts != nil || source.entries.contains { $0.amount != nil })
        if let amounts = source.amounts {
            goal.unit = amounts.unit.trimmingCharacters(in: .whitespacesAndNewlines)
            let perDays = period.perDays
            if let target = amounts.target, target > 0 {
                let daysOrWeeks = perDays == 1 || perDays == 7
                goal.target = daysOrWeeks ? target : perWeek(target, perDays: perDays)
                if !daysOrWeeks {
                    notes.add(
                        "\(HabitText.number(target)) \(goal.unit) per \(perDays) days became "
                            + "\(HabitText.number(goal.target)) per ISO week.")
                }
            } else {
                goal.target = 1
                notes.add("no numeric target: target set to 1.")
            }
            if amounts.atMost {
                goal.atMost = true
                notes.add(
                    "an \"at most\" goal cannot be expressed (targets are \"at least\"): "
                        + "imported archived.")
            }
        } else if goal.hasAmounts {
            goal.unit = "units"
            notes.add("amounts were logged: imported as each day's value, in 'units'.")
        }
        return goal
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
    /// target (1 towards a weekly count) or holds its amount, values are
    /// capped, and days past today are left out as the commands would.
    private func entries(
        of source: SourceHabit, frequency: Frequency, target: Decimal, hasAmounts: Bool
    ) -> Entries {
        let doneValue: Decimal = frequency == .daily ? target : 1
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
                    if frequency == .daily, amount < target { result.belowTarget += 1 }
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
