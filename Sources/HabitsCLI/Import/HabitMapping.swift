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
        var notes: [String] = []
        let name = Self.name(source.name, notes: &notes)
        func note(_ text: String) { notes.append("\(TerminalSafeText.echo(name)): \(text)") }

        var frequency = Frequency.daily
        var count: Int = 1  // The yes/no target per period.
        var perDays = 1
        switch source.schedule {
        case .times(let times, let days):
            perDays = days
            if days == 1 {
                count = times
            } else if days == 7 {
                frequency = .weekly
                count = times
                note(
                    "\(times) per rolling 7 days became weekly, target \(times) per ISO week "
                        + "(Monday to Sunday).")
            } else {
                frequency = .weekly
                count = max(1, Int((7 * Double(times) / Double(days)).rounded(.up)))
                let what = times == 1 ? "every \(days) days" : "\(times) per \(days) days"
                note("\(what) has no equivalent: became weekly, target \(count) per ISO week.")
            }
        case .trackedOnly:
            frequency = .weekly
            count = 1
            note("tracked only (no goal) has no equivalent: became weekly, target 1 per ISO week.")
        case .exact:
            break
        }

        let hasAmounts =
            source.amounts != nil || source.entries.contains { $0.amount != nil }
        var unit = "times"
        var target = Decimal(count)
        var status: HabitStatus = source.archived ? .archived : .active
        if let amounts = source.amounts {
            unit = amounts.unit.trimmingCharacters(in: .whitespacesAndNewlines)
            if let goal = amounts.target, goal > 0 {
                target = perDays == 1 || perDays == 7 ? goal : Self.perWeek(goal, perDays: perDays)
                if perDays != 1, perDays != 7 {
                    note(
                        "\(HabitText.number(goal)) \(unit) per \(perDays) days became "
                            + "\(HabitText.number(target)) per ISO week.")
                }
            } else {
                target = 1
                note("no numeric target: target set to 1.")
            }
            if amounts.atMost {
                status = .archived
                note(
                    "an \"at most\" goal cannot be expressed (targets are \"at least\"): "
                        + "imported archived.")
            }
        } else if hasAmounts {
            unit = "units"
            note("amounts were logged: imported as each day's value, in 'units'.")
        }
        if unit.isEmpty {
            unit = "units"
            note("no unit: 'units' is used.")
        } else if unit.count > HabitFields.measurementTypeLength.upperBound {
            unit = String(unit.prefix(HabitFields.measurementTypeLength.upperBound))
            note("the unit was cut to \(unit.count) characters.")
        }
        unit = String(unit.unicodeScalars.filter { $0.properties.generalCategory != .control })
        if target > HabitFields.targetRange.upperBound {
            target = HabitFields.targetRange.upperBound
            note("the target was lowered to 1000000, the most a habit may have.")
        }
        if let end = source.endDate {
            status = .archived
            note("ended on \(end): imported archived.")
        }
        if !source.description.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            note("its description was not imported (habits have no description).")
        }

        // One entry per day, the last one of a day winning.
        let doneValue: Decimal = frequency == .daily ? target : 1
        var byDate: [LocalDate: ProgressEntry] = [:]
        var cleared: Set<LocalDate> = []
        var belowTarget = 0
        var clamped = 0
        var notesNotImported = 0
        var notesReshaped = 0
        var future: [String] = []
        for entry in source.entries {
            let note = entry.note.flatMap(ProgressEntry.note(fitting:))
            if let text = entry.note, !ProgressEntry.problems(note: text).isEmpty {
                notesReshaped += 1
            }
            var value: Decimal
            var skipped = false
            switch entry.mark {
            case .done:
                if hasAmounts, let amount = entry.amount, amount > 0 {
                    value = amount
                    if frequency == .daily, amount < target { belowTarget += 1 }
                } else {
                    value = doneValue
                }
            case .skipped:
                value = 0
                skipped = true
            case .none:
                if note != nil { notesNotImported += 1 }
                byDate[entry.date] = nil
                cleared.insert(entry.date)
                continue
            case .amount(let amount):
                value = amount
            case .exact(let exact):
                value = exact.value
                skipped = exact.skipped
            }
            if value > ProgressEntry.maximumValue {
                value = ProgressEntry.maximumValue
                clamped += 1
            }
            // The commands' rule: progress up to today, skips ahead too.
            if let problem = ProgressEntry.problems(
                date: entry.date, skipped: skipped, today: today
            ).first {
                future.append(problem)
                continue
            }
            byDate[entry.date] = ProgressEntry(
                date: entry.date, value: value, skipped: skipped, note: note)
        }
        if belowTarget > 0 {
            note(
                "\(belowTarget) day\(belowTarget == 1 ? "" : "s") marked done with an amount below "
                    + "the target of \(HabitText.number(target)) now read as not done.")
        }
        if notesReshaped > 0 {
            note(
                "\(notesReshaped) note\(notesReshaped == 1 ? " was" : "s were") made one line "
                    + "(line breaks became spaces) or cut to \(ProgressEntry.maximumNoteLength) "
                    + "characters.")
        }
        if let first = future.first {
            note(
                "\(future.count) entr\(future.count == 1 ? "y was" : "ies were") left out: "
                    + (future.count == 1 ? first : "the first: \(first)"))
        }
        if clamped > 0 {
            note("\(clamped) values above 1000000000 were lowered to it.")
        }
        let entries = byDate.values.sorted { $0.date < $1.date }
        let firstDay = source.entries.map(\.date).min()
        let fields = HabitFields(
            name: name, frequency: frequency, measurementType: unit,
            startDate: firstDay ?? today, actionDays: .everyDay, targetValue: target)
        let valid: HabitFields
        do {
            // A name of digits is renamed by the plan (ImportPlan.freeName).
            valid = try fields.validated(keepingName: true)
        } catch {
            throw ImportFormatError(
                "The habit '\(TerminalSafeText.echo(name))' cannot be imported: "
                    + error.fields.map { "\($0.key): \($0.value.joined(separator: " "))" }
                    .sorted().joined(separator: "; "))
        }
        return MappedHabit(
            fields: valid, status: status, entries: entries, approximations: notes,
            notesNotImported: notesNotImported)
    }

    /// Our own export: everything as it was.
    private func exact(_ habit: Habit, source: SourceHabit) throws(ImportFormatError)
        -> MappedHabit
    {
        let valid: HabitFields
        do {
            valid = try habit.fields.validated(keepingName: true)
        } catch {
            throw ImportFormatError(
                "The habit '\(TerminalSafeText.echo(habit.name))' (id \(habit.id)) of the export is not valid: "
                    + error.fields.map { "\($0.key): \($0.value.joined(separator: " "))" }
                    .sorted().joined(separator: "; "))
        }
        var byDate: [LocalDate: ProgressEntry] = [:]
        for entry in source.entries {
            guard case .exact(let exact) = entry.mark else { continue }
            let problems =
                ProgressEntry.problems(value: exact.value)
                + ProgressEntry.problems(date: exact.date, skipped: exact.skipped, today: today)
            guard problems.isEmpty else {
                throw ImportFormatError(
                    "The entry of \(exact.date) of '\(TerminalSafeText.echo(habit.name))' is not valid: "
                        + problems.joined(separator: " "))
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
