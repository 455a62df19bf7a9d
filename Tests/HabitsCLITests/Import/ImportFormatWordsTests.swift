import HabitCore
import HabitStorage
import Testing

@testable import HabitsCLI

/// How a source that cannot be imported reads: each situation worded once,
/// in `CommandError+Import.swift`, from the facts the readers throw.
@Suite struct ImportFormatWordsTests {
    static let validation = ValidationError(fields: ["name": ["Enter a name."]])

    static let everyCase: [ImportFormatError] = [
        .missing(path: "/x"), .missingHabitsFile(path: "/x/habits"), .notADirectory(path: "/x"),
        .notAFile(path: "/x"), .unreadable(path: "/x"), .notUTF8(file: "Habits.csv"),
        .unreadableLoopBackup(path: "/x.db", .cannotOpen(path: "/x.db", reason: "no")),
        .loopSchemaVersion(path: "/x.db", version: 99, supported: 12...25),
        .notLoopBackup(path: "/x.db"), .noHabitsCSV(source: "/x.zip"), .emptyHabitsCSV,
        .notLoopColumns, .notHabitsExport(path: "/x.json", reason: nil),
        .notHabitsExport(path: "/x.json", reason: "habits is missing"),
        .otherFormat(path: "/x.json", format: "other"),
        .newerExport(path: "/x.json", version: 9, newest: 1),
        .invalidHabit(name: "A", validation),
        .invalidExportHabit(name: "A", id: 3, validation),
        .invalidExportEntry(habit: "A", date: LocalDate(dayNumber: 20_000), problems: ["Bad."]),
    ]

    /// Every case is one sentence with a hint saying what to do (an export
    /// that cannot be decoded used to give none).
    @Test(arguments: everyCase)
    func eachSaysWhatWentWrongAndWhatToDo(_ error: ImportFormatError) {
        let words = CommandError.importFormat(error)
        #expect(words.exitCode == .failure)
        #expect(words.message.hasSuffix("."), "\(words.message)")
        #expect(words.hint?.isEmpty == false, "\(error)")
    }

    /// A Loop backup SQLite cannot open and one it cannot query are the
    /// same situation, said with the same hint.
    @Test func aLoopBackupThatCannotBeReadHasOneHint() {
        let opening = CommandError.importFormat(
            .unreadableLoopBackup(path: "/x.db", .cannotOpen(path: "/x.db", reason: "no")))
        let querying = CommandError.importFormat(
            .unreadableLoopBackup(path: "/x.db", .sqlite(code: 11, message: "malformed")))
        #expect(
            opening.message == "Cannot read /x.db as a Loop backup: it is not a SQLite database.")
        #expect(querying.message.hasPrefix("Cannot read /x.db as a Loop backup: "))
        #expect(opening.hint == "Choose the .db file of Loop's 'Export full backup'.")
        #expect(querying.hint == opening.hint)
    }

    /// A habit the mapping refuses stops the whole import, which says so.
    @Test func aRefusedHabitSaysNothingWasImported() {
        let words = CommandError.importFormat(.invalidHabit(name: "A", Self.validation))
        #expect(
            words.message
                == "Nothing was imported. The habit 'A' cannot be imported: name: Enter a name.")
        #expect(words.hint == "Fix the habit in the source file and try again.")
    }
}
