import Foundation
import HabitClient

/// Reads Loop Habit Tracker's "CSV export": `Habits.csv` and one folder
/// `NNN <name>/` per habit holding `Checkmarks.csv` (and `Scores.csv`, which
/// is derived and not read).
///
/// `Habits.csv` has the header `Position,Name,Type,Question,Description,
/// FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target
/// Value,Archived?`, or in older exports `Position,Name,Question,
/// Description,NumRepetitions,Interval,Color`; columns are found by name.
/// `Checkmarks.csv` is `Date,Value,Notes` with values `YES_MANUAL`,
/// `YES_AUTO`, `NO`, `SKIP`, `UNKNOWN` or an integer (× 1000 for numeric
/// habits); older exports have no header and integers only (2 yes, 3 skip).
enum LoopCSVReader {
    /// - Parameters:
    ///   - habitsCSV: the text of `Habits.csv`.
    ///   - checkmarks: the text of each habit folder's `Checkmarks.csv`, by
    ///     folder name (`001 Meditate`).
    static func read(habitsCSV: String, checkmarks: [String: String]) throws(ImportFormatError)
        -> SourceDocument
    {
        let rows = CSVTable.rows(habitsCSV).filter { !($0.count == 1 && $0[0].isEmpty) }
        guard let header = rows.first else {
            throw .emptyHabitsCSV
        }
        let columns = Dictionary(
            header.enumerated().map { ($1.trimmingCharacters(in: .whitespaces), $0) },
            uniquingKeysWith: { first, _ in first })
        guard let nameColumn = columns["Name"],
            let numeratorColumn = columns["FrequencyNumerator"] ?? columns["NumRepetitions"],
            let denominatorColumn = columns["FrequencyDenominator"] ?? columns["Interval"]
        else {
            throw .notLoopColumns
        }
        var skipped: [String] = []
        var habits: [SourceHabit] = []
        // Folder name without its number → folder; number → folder.
        var foldersByName: [String: String] = [:]
        var foldersByNumber: [Int: String] = [:]
        for folder in checkmarks.keys.sorted() {
            let digits = folder.prefix(while: { $0.isASCII && $0.isNumber })
            let rest = folder.dropFirst(digits.count).drop(while: { $0 == " " })
            foldersByName[String(rest)] = foldersByName[String(rest)] ?? folder
            if let number = Int(digits) { foldersByNumber[number] = folder }
        }
        var usedFolders: Set<String> = []
        for (offset, row) in rows.dropFirst().enumerated() {
            let line = offset + 2
            func cell(_ column: Int?) -> String {
                guard let column, column < row.count else { return "" }
                return row[column]
            }
            if row.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            let name = cell(nameColumn)
            guard let numerator = Int(cell(numeratorColumn).trimmingCharacters(in: .whitespaces)),
                let denominator = Int(
                    cell(denominatorColumn).trimmingCharacters(in: .whitespaces)),
                (1...100_000).contains(numerator), (1...100_000).contains(denominator)
            else {
                skipped.append(
                    "Habits.csv line \(line) ('\(TerminalSafeText.echo(name))'): unreadable frequency."
                )
                continue
            }
            var habit = SourceHabit(
                name: name, schedule: .times(numerator, perDays: denominator), windowOfAMonth: true)
            habit.description = cell(columns["Description"])
            let archived = cell(columns["Archived?"]).trimmingCharacters(in: .whitespaces)
                .lowercased()
            habit.archived = archived == "true" || archived == "1" || archived == "yes"
            let type = cell(columns["Type"]).trimmingCharacters(in: .whitespaces).uppercased()
            if type == "1" || type.hasPrefix("NUMER") {
                let targetType = cell(columns["Target Type"]).trimmingCharacters(in: .whitespaces)
                    .uppercased()
                habit.amounts = SourceHabit.Amounts(
                    unit: cell(columns["Unit"]),
                    target: ImportText.decimal(cell(columns["Target Value"])),
                    atMost: targetType == "1" || targetType == "AT_MOST")
            }
            let position = Int(cell(columns["Position"]).trimmingCharacters(in: .whitespaces))
            let folder =
                foldersByName[name].flatMap { usedFolders.contains($0) ? nil : $0 }
                ?? position.flatMap { foldersByNumber[$0 + 1] ?? foldersByNumber[$0] }
            if let folder, !usedFolders.contains(folder), let text = checkmarks[folder] {
                usedFolders.insert(folder)
                habit.entries = entries(
                    text, numeric: habit.amounts != nil, folder: folder, skipped: &skipped)
            } else {
                skipped.append("habit '\(name)': no folder with its Checkmarks.csv; no entries.")
            }
            habits.append(habit)
        }
        return SourceDocument(habits: habits, skipped: skipped)
    }

    private static func entries(
        _ text: String, numeric: Bool, folder: String, skipped: inout [String]
    ) -> [SourceEntry] {
        var result: [SourceEntry] = []
        var unreadable = 0
        for (index, row) in CSVTable.rows(text).enumerated() {
            if row.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            if index == 0, row.first?.trimmingCharacters(in: .whitespaces) == "Date" { continue }
            guard row.count >= 2, let date = ImportText.date(row[0]) else {
                unreadable += 1
                continue
            }
            let value = row[1].trimmingCharacters(in: .whitespaces)
            let note = row.count >= 3 && !row[2].isEmpty ? row[2] : nil
            let mark: SourceEntry.Mark
            switch value.uppercased() {
            case "YES_MANUAL": mark = .done
            case "SKIP": mark = .skipped
            case "YES_AUTO", "NO", "UNKNOWN": mark = .none
            default:
                guard let number = Int64(value) else {
                    unreadable += 1
                    continue
                }
                if numeric {
                    mark = number > 0 ? .amount(Decimal(number) / 1000) : .none
                } else {
                    mark = LoopDatabaseReader.yesNoMark(number)
                }
            }
            result.append(SourceEntry(date: date, mark: mark, note: note))
        }
        if unreadable > 0 {
            skipped.append("\(folder)/Checkmarks.csv: \(unreadable) unreadable rows skipped.")
        }
        return result
    }
}
