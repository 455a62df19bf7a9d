import Foundation
import HabitClient
import HabitCore
import HabitStorage

/// What an import will do to a store, decided from the mapped habits and
/// the store's habits: pure, so it runs inside the store's transaction in
/// local mode and after reading the server in server mode.
///
/// - A habit matches an existing one of the same name and frequency (and,
///   every N days, the same N: `samePeriods`): its
///   entries merge per day (an absent day is written, an equal one left, a
///   different one is a conflict, kept unless `overwrite`). Notes: a day
///   the source has no note for keeps the stored note; a note for a day
///   with the same value and no note is added; another note than the
///   stored one is a conflict like another value.
/// - A name held by an existing habit of another frequency is a clash:
///   refused (nothing is written), renamed to "<name> (imported)" or skipped,
///   as `options` says.
/// - Two source habits of one name get "(2)", "(3)", … in order; so does a
///   new habit whose name an active habit already has ignoring case (two
///   active habits may not share a name), reported as renamed. A name of
///   only digits (which would name an id) becomes "Habit <digits>".
/// - New habits past the 15-active limit are created archived; past the
///   200-habit limit the import is refused.
struct ImportPlan: Sendable {
    struct NewHabit: Sendable {
        var mapped: MappedHabit
        var status: HabitStatus
    }

    struct Merge: Sendable {
        var habit: Habit
        /// Entries to write: new days, and differing ones when overwriting.
        var entries: [ProgressEntry]
    }

    var creates: [NewHabit] = []
    var merges: [Merge] = []
    var report: ImportReport
    /// Why nothing may be written, when something stops the import.
    var refusal: Refusal?

    /// What stops an import before anything is written, as facts;
    /// `CommandError.importRefused` words it.
    enum Refusal: Hashable, Sendable {
        /// Habits named as existing ones of another frequency (`names`).
        case nameClashes([String])
        /// The import would make `total` habits, past `Habit.maximumTotalCount`.
        case tooManyHabits(total: Int)
    }

    /// The writes in the store's terms.
    var write: HabitImportWrite {
        HabitImportWrite(
            newHabits: creates.map { new in
                HabitImportWrite.NewHabit(
                    fields: new.mapped.fields, status: new.status,
                    createdAt: new.mapped.original?.createdAt,
                    updatedAt: new.mapped.original?.updatedAt,
                    preferredID: new.mapped.original?.id, entries: new.mapped.entries)
            },
            entries: Dictionary(
                merges.filter { !$0.entries.isEmpty }.map { ($0.habit.id, $0.entries) },
                uniquingKeysWith: +))
    }

    static let renameSuffix = " (imported)"

    /// - Parameter entriesOf: every entry of an existing habit (only
    ///   matched habits are read).
    static func make<Failure: Error>(
        _ mapped: [MappedHabit], existing: [Habit], options: ImportOptions,
        report template: ImportReport,
        entriesOf: (Habit) throws(Failure) -> [ProgressEntry]
    ) throws(Failure) -> ImportPlan {
        var plan = ImportPlan(report: template)
        var clashes: [String] = []
        var takenNames = Set(existing.map(\.name))
        var sourceNames: [String: Int] = [:]
        var activeCount = existing.filter { $0.status == .active }.count
        var beyondLimit = 0
        for var habit in mapped {
            // Duplicate names inside the source.
            let seen = sourceNames[habit.fields.name, default: 0] + 1
            sourceNames[habit.fields.name] = seen
            if seen > 1 {
                let renamed = suffixed(habit.fields.name, " (\(seen))")
                plan.report.approximations.append(
                    "\(TerminalSafeText.echo(habit.fields.name)): a second habit of this name in the source, imported as "
                        + "'\(TerminalSafeText.echo(renamed))'.")
                habit.fields.name = renamed
            }
            plan.report.approximations += habit.approximations
            plan.report.notesNotImported += habit.notesNotImported

            var match = existing.first {
                $0.name == habit.fields.name && samePeriods($0, habit.fields)
            }
            if match == nil, existing.contains(where: { $0.name == habit.fields.name }) {
                switch options.nameClash {
                case .refuse:
                    clashes.append(habit.fields.name)
                    continue
                case .skip:
                    plan.report.skippedHabits.append(habit.fields.name)
                    continue
                case .rename:
                    let renamed = uniqueName(
                        habit.fields.name, like: habit.fields, existing: existing,
                        taken: takenNames)
                    plan.report.renamed.append(
                        ImportReport.Rename(from: habit.fields.name, to: renamed))
                    habit.fields.name = renamed
                    match = existing.first {
                        $0.name == renamed && samePeriods($0, habit.fields)
                    }
                }
            }
            if let match {
                let stored = try entriesOf(match)
                plan.merges.append(
                    merge(
                        habit, into: match, options: options, report: &plan.report, entries: stored)
                )
                continue
            }
            // Past the limit the import is refused; the rest are only counted,
            // so a source of 100,000 habits takes linear time to refuse.
            if existing.count + plan.creates.count >= Habit.maximumTotalCount {
                beyondLimit += 1
                continue
            }
            freeName(&habit, existing: existing, creates: plan.creates, report: &plan.report)
            takenNames.insert(habit.fields.name)
            var status = habit.status
            if status == .active {
                if activeCount >= Habit.maximumActiveCount {
                    status = .archived
                    plan.report.approximations.append(
                        "\(TerminalSafeText.echo(habit.fields.name)): imported archived, since \(Habit.maximumActiveCount) "
                            + "habits are already active (the limit).")
                } else {
                    activeCount += 1
                }
            }
            plan.creates.append(NewHabit(mapped: habit, status: status))
            plan.report.created.append(
                ImportReport.Created(
                    id: nil, name: habit.fields.name, status: status,
                    entries: habit.entries.count))
            plan.report.entriesWritten += habit.entries.count
        }
        if !clashes.isEmpty {
            plan.refusal = .nameClashes(clashes)
        } else if beyondLimit > 0 {
            plan.refusal = .tooManyHabits(total: existing.count + plan.creates.count + beyondLimit)
        }
        return plan
    }

    private static func merge(
        _ habit: MappedHabit, into existing: Habit, options: ImportOptions,
        report: inout ImportReport, entries stored: [ProgressEntry]
    ) -> Merge {
        var storedByDate: [LocalDate: ProgressEntry] = [:]
        for entry in stored { storedByDate[entry.date] = entry }
        var writes: [ProgressEntry] = []
        var matched = ImportReport.Matched(id: existing.id, name: existing.name)
        for entry in habit.entries {
            guard let current = storedByDate[entry.date] else {
                writes.append(entry)
                matched.added += 1
                continue
            }
            // A source without a note on the day leaves the stored note.
            var entry = entry
            entry.note = entry.note ?? current.note
            if current.value == entry.value && current.skipped == entry.skipped {
                if current.note == entry.note {
                    matched.unchanged += 1
                    continue
                }
                if current.note == nil {
                    // A note where there was none: the day gains it, nothing is lost.
                    writes.append(entry)
                    matched.unchanged += 1
                    continue
                }
                // Another note than the stored one: a conflict like another value.
            }
            report.conflicts.append(
                ImportReport.Conflict(
                    habit: existing.name, date: entry.date, existing: current, imported: entry,
                    overwritten: options.overwrite))
            if options.overwrite {
                writes.append(entry)
                matched.overwritten += 1
            } else {
                matched.kept += 1
            }
        }
        let differences = propertyDifferences(habit.fields, existing)
        if !differences.isEmpty {
            report.approximations.append(
                "\(TerminalSafeText.echo(existing.name)): matched the existing habit #\(existing.id), whose "
                    + differences.joined(separator: ", ") + " are kept.")
        }
        report.matched.append(matched)
        report.entriesWritten += writes.count
        return Merge(habit: existing, entries: writes)
    }

    /// The existing habit's properties that differ from the imported ones.
    private static func propertyDifferences(_ fields: HabitFields, _ existing: Habit) -> [String] {
        var result: [String] = []
        if fields.targetValue != existing.targetValue
            || fields.measurementType
                != existing.measurementType
        {
            result.append(
                "target \(HabitText.number(existing.targetValue)) \(existing.measurementType) "
                    + "(imported: \(HabitText.number(fields.targetValue)) \(fields.measurementType))"
            )
        }
        if fields.actionDays != existing.actionDays {
            result.append("days \(existing.actionDays.summary)")
        }
        if fields.startDate != existing.startDate {
            result.append("start \(existing.startDate) (imported: \(fields.startDate))")
        }
        return result
    }

    /// Renames a habit about to be created whose name breaks the rules of
    /// new names: only digits (`HabitFields.problems(name:)`), or the name
    /// of an active habit, existing or created by this import, ignoring
    /// case (`HabitFields.sameName`): numbered "(2)", "(3)", … as the store
    /// and the server would refuse it.
    private static func freeName(
        _ habit: inout MappedHabit, existing: [Habit], creates: [NewHabit],
        report: inout ImportReport
    ) {
        let original = habit.fields.name
        let trimmed = original.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            habit.fields.name = suffixed("Habit ", trimmed)
        }
        let active =
            existing.filter { $0.status == .active }.map(\.name)
            + creates.filter { $0.status == .active }.map(\.mapped.fields.name)
        let taken = existing.map(\.name) + creates.map(\.mapped.fields.name)
        let base = habit.fields.name
        var number = 1
        while active.contains(where: { HabitFields.sameName($0, habit.fields.name) })
            || (number > 1
                && taken.contains(where: { HabitFields.sameName($0, habit.fields.name) }))
        {
            number += 1
            habit.fields.name = suffixed(base, " (\(number))")
        }
        if habit.fields.name != original {
            report.renamed.append(ImportReport.Rename(from: original, to: habit.fields.name))
        }
    }

    /// "<name> (imported)", or "(imported 2)", … : the first that no
    /// existing habit holds with another frequency.
    private static func uniqueName(
        _ name: String, like fields: HabitFields, existing: [Habit], taken: Set<String>
    ) -> String {
        var number = 1
        while true {
            let suffix = number == 1 ? renameSuffix : " (imported \(number))"
            let candidate = suffixed(name, suffix)
            let holder = existing.first { $0.name == candidate }
            if let holder, samePeriods(holder, fields) { return candidate }
            if holder == nil, !taken.contains(candidate) { return candidate }
            number += 1
        }
    }

    /// Whether `habit` counts in the periods `fields` describe: the same
    /// frequency, and for EVERY_N_DAYS the same N (entries of blocks of 3
    /// days mean something else in blocks of 4). The goal may differ: an
    /// "at most" habit imported before goals existed still matches.
    static func samePeriods(_ habit: Habit, _ fields: HabitFields) -> Bool {
        habit.frequency == fields.frequency && habit.periodDays == fields.periodDays
    }

    /// `name` + `suffix`, the name shortened so the whole fits 100 characters.
    private static func suffixed(_ name: String, _ suffix: String) -> String {
        String(name.prefix(HabitFields.nameLength.upperBound - suffix.count)) + suffix
    }
}
