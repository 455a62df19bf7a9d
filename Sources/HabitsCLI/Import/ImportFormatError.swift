import HabitCore
import HabitStorage

/// A source that cannot be imported at all, as facts: what is wrong and
/// where. `CommandError.importFormat` words each case (sentence and hint).
enum ImportFormatError: Error, Hashable, Sendable {
    /// Nothing at `path`.
    case missing(path: String)
    /// A harsh or habitctl directory without its `habits` file (`path`).
    case missingHabitsFile(path: String)
    /// A file given where the directory holding the habits and log files is read.
    case notADirectory(path: String)
    /// A directory given where a file is read.
    case notAFile(path: String)
    /// A file that cannot be read (its permissions).
    case unreadable(path: String)
    /// A file (`file`: its path, or its name inside an export) that is not UTF-8.
    case notUTF8(file: String)
    /// A file SQLite cannot open or query as a Loop backup.
    case unreadableLoopBackup(path: String, StoreError)
    /// A Loop database of a schema version outside `supported`.
    case loopSchemaVersion(path: String, version: Int, supported: ClosedRange<Int>)
    /// A SQLite file without Loop's Habits and Repetitions tables.
    case notLoopBackup(path: String)
    /// A folder or archive (`source`) without Habits.csv.
    case noHabitsCSV(source: String)
    /// A Habits.csv with no rows at all.
    case emptyHabitsCSV
    /// A Habits.csv without Loop's Name and frequency columns.
    case notLoopColumns
    /// A file that does not decode as our export; `reason` is the JSON path
    /// of the bad field and what is wrong with it, when the decoder said.
    case notHabitsExport(path: String, reason: String?)
    /// A JSON document of another `format` than our export's.
    case otherFormat(path: String, format: String)
    /// An export of a newer `version` than this one reads (`newest`).
    case newerExport(path: String, version: Int, newest: Int)
    /// A source habit (`name`) that even mapped has fields this tracker refuses.
    case invalidHabit(name: String, ValidationError)
    /// A habit of our own export (`name`, `id`) with fields this tracker refuses.
    case invalidExportHabit(name: String, id: Int64, ValidationError)
    /// An entry of our own export (`habit`'s, on `date`) with `problems`.
    case invalidExportEntry(habit: String, date: LocalDate, problems: [String])
}
