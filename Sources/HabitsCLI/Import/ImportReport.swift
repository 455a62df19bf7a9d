import Foundation
import HabitClient
import HabitCore

/// What an import did (or, with --dry-run, would do): habits created and
/// matched, entries written, conflicts, and every approximation and
/// left-out line, one line each.
///
/// JSON (`habits import … --json`): `{"format", "source", "mode",
/// "dry_run", "entries_written", "created": [{"id": number|null, "name",
/// "status", "entries"}], "matched": [{"id", "name", "entries_added",
/// "entries_unchanged", "conflicts_kept", "conflicts_overwritten"}],
/// "skipped_habits": [name], "renamed": [{"from", "to"}], "conflicts":
/// [{"habit", "date", "existing": entry, "imported": entry, "overwritten"}],
/// "approximations": [text], "skipped_lines": [text], "notes_not_imported"}`.
struct ImportReport: Sendable {
    struct Created: Sendable, Encodable {
        var id: Int64?
        var name: String
        var status: HabitStatus
        var entries: Int
    }

    struct Matched: Sendable, Encodable {
        var id: Int64
        var name: String
        var added = 0
        var unchanged = 0
        var kept = 0
        var overwritten = 0

        enum CodingKeys: String, CodingKey {
            case id, name
            case added = "entries_added"
            case unchanged = "entries_unchanged"
            case kept = "conflicts_kept"
            case overwritten = "conflicts_overwritten"
        }
    }

    struct Rename: Sendable, Encodable {
        var from: String
        var to: String
    }

    struct Conflict: Sendable, Encodable {
        var habit: String
        var date: LocalDate
        var existing: ProgressEntry
        var imported: ProgressEntry
        var overwritten: Bool
    }

    var format: String
    var source: String
    var mode: String
    var dryRun: Bool
    var created: [Created] = []
    var matched: [Matched] = []
    var skippedHabits: [String] = []
    var renamed: [Rename] = []
    var conflicts: [Conflict] = []
    var approximations: [String] = []
    /// Lines or records of the source that were left out, each naming where.
    var skippedLines: [String] = []
    var notesNotImported = 0
    var entriesWritten = 0

    init(format: String, source: String, mode: String, dryRun: Bool) {
        self.format = format
        self.source = source
        self.mode = mode
        self.dryRun = dryRun
    }

    /// At most this many conflicts and skipped lines are listed in text
    /// (JSON has them all).
    static let listLimit = 20

    /// The report as text, every line naming what it is about.
    func render() -> String {
        var lines: [String] = []
        let verb = dryRun ? "Would import" : "Imported"
        let habitCount = created.count
        lines.append(
            "\(verb) from \(format) \(source): \(habitCount) new habit\(habitCount == 1 ? "" : "s"), "
                + "\(entriesWritten) entr\(entriesWritten == 1 ? "y" : "ies") "
                + (dryRun ? "to write" : "written")
                + (dryRun ? " (dry run: nothing was written)." : "."))
        for habit in created {
            let id = habit.id.map { "#\($0) " } ?? ""
            let archived = habit.status == .archived ? ", archived" : ""
            lines.append(
                "  new      \(id)\(TerminalSafeText.echo(habit.name)): \(habit.entries) entr\(habit.entries == 1 ? "y" : "ies")"
                    + archived)
        }
        for habit in matched {
            var parts = ["\(habit.added) added", "\(habit.unchanged) unchanged"]
            if habit.kept > 0 { parts.append("\(habit.kept) conflicting kept") }
            if habit.overwritten > 0 { parts.append("\(habit.overwritten) overwritten") }
            lines.append(
                "  existing #\(habit.id) \(TerminalSafeText.echo(habit.name)): "
                    + parts.joined(separator: ", "))
        }
        for name in skippedHabits {
            lines.append(
                "  skipped  \(TerminalSafeText.echo(name)): an existing habit has this name (--skip-existing)"
            )
        }
        for rename in renamed {
            lines.append(
                "  renamed  \(TerminalSafeText.echo(rename.from)) → \(TerminalSafeText.echo(rename.to))"
            )
        }
        if !conflicts.isEmpty {
            lines.append("Conflicts (the existing value differs from the imported one):")
            for conflict in conflicts.prefix(Self.listLimit) {
                lines.append(
                    "  \(TerminalSafeText.echo(conflict.habit)) \(conflict.date): existing \(Self.describe(conflict.existing)), "
                        + "imported \(Self.describe(conflict.imported)): "
                        + (conflict.overwritten ? "overwritten" : "kept"))
            }
            if conflicts.count > Self.listLimit {
                lines.append(
                    "  … and \(conflicts.count - Self.listLimit) more (--json lists them all)")
            }
            if conflicts.contains(where: { !$0.overwritten }) {
                lines.append("  (--overwrite replaces the existing values)")
            }
        }
        if !approximations.isEmpty || notesNotImported > 0 {
            lines.append("Approximations:")
            lines += approximations.map { "  \($0)" }
            if notesNotImported > 0 {
                lines.append(
                    "  \(notesNotImported) comment\(notesNotImported == 1 ? "" : "s") or notes not "
                        + "imported (on days the import leaves without an entry).")
            }
        }
        if !skippedLines.isEmpty {
            lines.append("Left out of the source:")
            lines += skippedLines.prefix(Self.listLimit).map { "  \($0)" }
            if skippedLines.count > Self.listLimit {
                lines.append(
                    "  … and \(skippedLines.count - Self.listLimit) more (--json lists them all)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func describe(_ entry: ProgressEntry) -> String {
        let value = entry.skipped ? "skipped" : HabitText.number(entry.value)
        // A note read from a file is quoted cleaned and cut.
        return value + (entry.note.map { " \"\(TerminalSafeText.echo($0))\"" } ?? "")
    }
}

extension ImportReport: Encodable {
    enum CodingKeys: String, CodingKey {
        case format, source, mode, created, matched, renamed, conflicts, approximations
        case dryRun = "dry_run"
        case skippedHabits = "skipped_habits"
        case skippedLines = "skipped_lines"
        case notesNotImported = "notes_not_imported"
        case entriesWritten = "entries_written"
    }
}
