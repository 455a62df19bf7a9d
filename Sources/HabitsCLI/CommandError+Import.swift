import Foundation
import HabitClient
import HabitCore
import HabitStorage

/// How `habits import` failures read: the source that cannot be read, the
/// file that is not what its format says, and the plan that stops before
/// writing. The same rules as `CommandError+Failures.swift`, kept apart
/// only for length.
extension CommandError {
    /// A source whose content cannot be imported at all.
    static func importFormat(_ error: ImportFormatError) -> CommandError {
        let checkPath = "Check the path."
        let makeExport = "Make one with 'habits export --format habits --output FILE'."
        let fixHabit = "Fix the habit in the source file and try again."
        switch error {
        case .missing(let path):
            return CommandError(.failure, "\(path) does not exist.", hint: checkPath)
        case .missingHabitsFile(let path):
            return CommandError(
                .failure, "\(path) does not exist.",
                hint: "Give the directory that holds the 'habits' and 'log' files.")
        case .notADirectory(let path):
            return CommandError(
                .failure, "\(path) is a file; give the directory holding the habits and log files.",
                hint: "For harsh that is usually ~/.config/harsh.")
        case .notAFile(let path):
            return CommandError(.failure, "\(path) is a directory, not a file.", hint: checkPath)
        case .unreadable(let path):
            return CommandError(.failure, "Cannot read \(path).", hint: "Check its permissions.")
        case .notUTF8(let file):
            return CommandError(
                .failure, "\(file) is not UTF-8 text.", hint: "Save it as UTF-8 and try again.")
        case .unreadableLoopBackup(let path, let storeError):
            var why = storeSentence(storeError)
            if case .cannotOpen = storeError { why = "it is not a SQLite database." }
            return CommandError(
                .failure, "Cannot read \(path) as a Loop backup: " + why, hint: loopBackupHint)
        case .loopSchemaVersion(let path, let version, let supported):
            return CommandError(
                .failure,
                "\(path) is a Loop database of schema version \(version); this version of "
                    + "habits reads versions \(supported.lowerBound) through "
                    + "\(supported.upperBound).",
                hint: version > supported.upperBound
                    ? "Export a CSV from Loop instead ('habits import loop-csv')." : nil)
        case .notLoopBackup(let path):
            return CommandError(
                .failure,
                "\(path) is not a Loop Habit Tracker backup (no Habits and Repetitions tables).",
                hint: "In Loop: Settings → Export full backup.")
        case .noHabitsCSV(let source):
            return CommandError(
                .failure, "\(source) has no Habits.csv: it is not a Loop CSV export.",
                hint: loopCSVHint)
        case .emptyHabitsCSV:
            return CommandError(.failure, "Habits.csv is empty.", hint: loopCSVHint)
        case .notLoopColumns:
            return CommandError(
                .failure,
                "Habits.csv does not have Loop's columns (Name, FrequencyNumerator, "
                    + "FrequencyDenominator).", hint: loopCSVHint)
        case .notHabitsExport(let path, let reason):
            return CommandError(
                .failure, "\(path) is not a habits export" + (reason.map { ": \($0)." } ?? "."),
                hint: makeExport)
        case .otherFormat(let path, let format):
            return CommandError(
                .failure, "\(path) is not a habits export (format '\(format)').", hint: makeExport)
        case .newerExport(let path, let version, let newest):
            return CommandError(
                .failure,
                "\(path) is a habits export of version \(version); this version of habits "
                    + "reads up to \(newest).",
                hint: "Update habits to the version that wrote it.")
        case .invalidHabit(let name, let validation):
            return CommandError(
                .failure,
                "Nothing was imported. The habit '\(TerminalSafeText.echo(name))' cannot be "
                    + "imported: \(fieldProblems(validation))", hint: fixHabit)
        case .invalidExportHabit(let name, let id, let validation):
            return CommandError(
                .failure,
                "Nothing was imported. The habit '\(TerminalSafeText.echo(name))' (id \(id)) of "
                    + "the export is not valid: \(fieldProblems(validation))", hint: fixHabit)
        case .invalidExportEntry(let habit, let date, let problems):
            return CommandError(
                .failure,
                "Nothing was imported. The entry of \(date) of '\(TerminalSafeText.echo(habit))' "
                    + "is not valid: " + problems.joined(separator: " "), hint: fixHabit)
        }
    }

    /// An import the plan stops before anything is written.
    static func importRefused(_ refusal: ImportPlan.Refusal) -> CommandError {
        switch refusal {
        case .nameClashes(let names):
            return CommandError(
                .failure,
                "Nothing was imported: \(names.count) habit\(names.count == 1 ? " has" : "s have") "
                    + "the name of an existing habit with another frequency.",
                details: names.map { "'\(TerminalSafeText.echo($0))'" },
                hint: "Run again with --rename-existing (import them as "
                    + "'<name>\(ImportPlan.renameSuffix)') or --skip-existing (leave them out).")
        case .tooManyHabits(let total):
            return CommandError(
                .failure,
                "Nothing was imported: it would make \(total) habits, and at most "
                    + "\(Habit.maximumTotalCount) are allowed (archived ones included).",
                hint: "Delete habits you no longer need with 'habits delete <habit>' and try again."
            )
        }
    }

    /// An import into a server that would create archived habits while
    /// `maximum` habits are active: a server creates every habit active.
    static func archivedImportPastActiveLimit(maximum: Int) -> CommandError {
        CommandError(
            .failure,
            "Nothing was imported: a server creates every habit active, and \(maximum) of yours "
                + "already are.",
            hint: "Archive one with 'habits archive <habit>' and import again.")
    }

    /// A server import that stopped after creating `name` (#`id`) because
    /// the server's habit lacks `fields` (wire names) it was sent: a server
    /// older than them ignores them. No entry has been written yet.
    static func importFieldsNotKept(name: String, id: Int64, fields: [String]) -> CommandError {
        CommandError(
            .failure,
            "The import stopped before writing any entry: the server created "
                + "'\(TerminalSafeText.echo(name))' (#\(id)) without its "
                + fields.joined(separator: ", ") + ", which it does not keep yet.",
            hint: "Update the server, delete the habit with 'habits delete \(id)', and import "
                + "again.")
    }

    /// `self`, saying how far the import got (`written` of `total` entries)
    /// and that running it again finishes it.
    func importStopped(written: Int, of total: Int) -> CommandError {
        var stopped = self
        stopped.message =
            "The import stopped after \(written) of \(total) entries were written: " + message
        stopped.hint =
            (hint.map { $0 + " " } ?? "")
            + "Running the same import again finishes it: what was written is matched, not "
            + "doubled."
        return stopped
    }

    /// A validation error's fields as one clause: `name: problem; target: problem`.
    private static func fieldProblems(_ error: ValidationError) -> String {
        error.fields.map { "\($0.key): \($0.value.joined(separator: " "))" }.sorted()
            .joined(separator: "; ")
    }

    /// Where a Loop backup comes from.
    private static let loopBackupHint = "Choose the .db file of Loop's 'Export full backup'."

    /// Where a Loop CSV export comes from.
    private static let loopCSVHint =
        "In Loop: Settings → Export as CSV, then import the .zip or its folder."

    /// A source `habits import` cannot read.
    static func importSource(_ error: ImportSourceError) -> CommandError {
        let loopCSV =
            "Export again from Loop (Settings → Export as CSV), or unzip the export "
            + "yourself and import its folder."
        switch error {
        case .format(let format):
            return importFormat(format)
        case .notRegularFile(let path):
            return CommandError(
                .failure, "\(path) is not a regular file (a pipe, device or socket).",
                hint: "Give the path of the file itself.")
        case .fileTooLarge(let file, let limit):
            return CommandError(
                .failure,
                "\(file) is larger than \(bytes(limit)), the most habits imports from one file.",
                hint: "Check that it is the right file; split a larger one and import the parts.")
        case .entryTooLarge(let archive, let entry, let limit):
            return CommandError(
                .failure,
                "\(archive) (\(TerminalSafeText.echo(entry))) is larger than \(bytes(limit)), the "
                    + "most habits imports from one file; nothing was unpacked.",
                hint: "Check that it is a Loop CSV export.")
        case .sourceTooLarge(let source, let limit):
            return CommandError(
                .failure,
                "The files to read from \(source) add up to more than \(bytes(limit)), the most "
                    + "habits imports at once; nothing was unpacked.",
                hint: "Check that it is a Loop CSV export.")
        case .tooManyEntries(let archive, let limit):
            return CommandError(
                .failure,
                "\(archive) lists more than \(limit) files, which no Loop export does; nothing "
                    + "was unpacked.", hint: loopCSV)
        case .encryptedEntry(let archive, let entry):
            return CommandError(
                .failure,
                "\(archive) holds an encrypted file, '\(TerminalSafeText.echo(entry))', which "
                    + "habits does not read.", hint: loopCSV)
        case .linkEntry(let archive, let entry):
            return CommandError(
                .failure,
                "\(archive) holds a symbolic link, '\(TerminalSafeText.echo(entry))', which no "
                    + "Loop export does; nothing was unpacked.", hint: loopCSV)
        case .outsideEntry(let archive, let entry):
            return CommandError(
                .failure,
                "\(archive) holds a file whose path leads outside the archive, "
                    + "'\(TerminalSafeText.echo(entry))'; nothing was unpacked.", hint: loopCSV)
        case .entryLargerThanListed(let archive, let entry):
            return CommandError(
                .failure,
                "\(archive) is damaged: '\(TerminalSafeText.echo(entry))' unpacks to more than "
                    + "the size the archive lists for it.", hint: loopCSV)
        case .unreadableArchive(let archive, let status):
            return CommandError(
                .failure, "\(archive) is not a zip archive unzip can read (status \(status)).",
                hint: "Import the unzipped folder instead, or export again from Loop.")
        case .unzipMissing:
            return CommandError(
                .failure, "Reading a .zip needs the unzip program, which is not installed.",
                hint: "Install it (Debian: apt-get install unzip), or unzip the export yourself "
                    + "and import the folder.")
        case .unzipNotRunnable(let path):
            return CommandError(
                .failure, "Cannot run \(path).", hint: "Check that it is executable.")
        case .slowDatabase(let path, let limit):
            return CommandError(
                .failure,
                "Reading \(path) took longer than \(limit.components.seconds) seconds, the most "
                    + "one query of a Loop backup may take; nothing was imported.",
                hint: loopBackupHint)
        case .longDatabaseValue(let path, let limit):
            return CommandError(
                .failure,
                "\(path) holds a value longer than \(bytes(limit)), which no Loop backup does; "
                    + "nothing was imported.", hint: loopBackupHint)
        }
    }

    /// `count` bytes as a limit reads: "32 MB", or bytes below a megabyte.
    private static func bytes(_ count: Int) -> String {
        count >= 1_048_576 && count % 1_048_576 == 0
            ? "\(count / 1_048_576) MB" : "\(count) bytes"
    }
}
