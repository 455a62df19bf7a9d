import Foundation
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

    /// A server that predates goals, periods of N days or groups answers
    /// without them: the import names what it did not keep and stops,
    /// rather than turn a limit into a minimum without a word.
    @Test func aServerThatDropsTheSecondModelStopsTheImport() throws {
        let fields = HabitFields(
            name: "Coffee", frequency: .everyNDays, measurementType: "cups",
            startDate: LocalDate(dayNumber: 20_000), actionDays: .everyDay, targetValue: 2,
            goal: .atMost, periodDays: 3, group: "Morning")
        var created = Habit(id: 12, fields: fields)
        #expect(RemoteBackend.fieldsNotKept(sent: fields, created: created).isEmpty)
        created.goal = .atLeast
        created.group = nil
        #expect(RemoteBackend.fieldsNotKept(sent: fields, created: created) == ["goal", "group"])
        created.periodDays = nil
        let lost = RemoteBackend.fieldsNotKept(sent: fields, created: created)
        let words = CommandError.importFieldsNotKept(name: "Coffee", id: 12, fields: lost)
        #expect(
            words.message
                == "The import stopped before writing any entry: the server created 'Coffee' "
                + "(#12) without its goal, period_days, group, which it does not keep yet.")
        #expect(
            words.hint
                == "Update the server, delete the habit with 'habits delete 12', and import again.")
    }
}
