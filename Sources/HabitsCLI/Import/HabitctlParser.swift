import Foundation
import HabitClient
import HabitCore

/// Reads habitctl's two files: `habits` (`<every_n_days> <name>`, `#`
/// comments) and `log` (`YYYY-MM-DD<TAB>name<TAB>y|n|s`, blank lines between
/// dates). The last line of a (date, habit) wins; lines that cannot be read
/// are reported and skipped.
enum HabitctlParser {
    static func parse(habits habitsText: String, log logText: String) -> SourceDocument {
        var skipped: [String] = []
        var habits: [SourceHabit] = []
        var indexByName: [String: Int] = [:]
        for (number, line) in ImportText.lines(habitsText) {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            let parts = text.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let days = Int(parts[0]), days >= 0 else {
                skipped.append("habits line \(number): not '<every_n_days> <name>'.")
                continue
            }
            let name = parts[1].trimmingCharacters(in: .whitespaces)
            if indexByName[name] != nil {
                skipped.append(
                    "habits line \(number): '\(TerminalSafeText.echo(name))' is listed twice; the first is used."
                )
                continue
            }
            indexByName[name] = habits.count
            habits.append(
                SourceHabit(
                    name: name, schedule: days == 0 ? .trackedOnly : .times(1, perDays: days)))
        }
        var days: [[LocalDate: Int]] = Array(repeating: [:], count: habits.count)
        var unknown: [String: Int] = [:]
        for (number, line) in ImportText.lines(logText) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else {
                skipped.append("log line \(number): not 'date<TAB>habit<TAB>y|n|s'.")
                continue
            }
            guard let date = ImportText.date(fields[0]) else {
                skipped.append(
                    "log line \(number): '\(TerminalSafeText.echo(fields[0]))' is not a YYYY-MM-DD date."
                )
                continue
            }
            guard let index = indexByName[String(fields[1])] else {
                unknown[String(fields[1]), default: 0] += 1
                continue
            }
            let mark: SourceEntry.Mark
            switch fields[2].trimmingCharacters(in: .whitespaces) {
            case "y": mark = .done
            case "n", "": mark = .none
            case "s": mark = .skipped
            default:
                skipped.append(
                    "log line \(number): result '\(TerminalSafeText.echo(fields[2]))' is not y, n or s."
                )
                continue
            }
            let entry = SourceEntry(date: date, mark: mark)
            if let position = days[index][date] {
                habits[index].entries[position] = entry
            } else {
                days[index][date] = habits[index].entries.count
                habits[index].entries.append(entry)
            }
        }
        for (name, count) in unknown.sorted(by: { $0.key < $1.key }) {
            skipped.append(
                "log: \(count) line\(count == 1 ? "" : "s") for '\(TerminalSafeText.echo(name))', which the habits "
                    + "file does not list.")
        }
        return SourceDocument(habits: habits, skipped: skipped)
    }
}
