import Foundation
import HabitClient
import HabitCore

/// Reads harsh's two files: `habits` (`name: frequency[: end date]`) and
/// `log` (`date : habit : result[ : comment[ : amount]]`).
///
/// Habits file: empty lines and `#` comments are skipped; a `!` line is a
/// heading, the group of every habit after it up to the next heading (a
/// bare `!` ends it). Frequency `N` is once every N days (`1/N`), `T/I` T
/// times per rolling I days (either side may end in `w`, ×7), `0` tracked
/// only. Log: `#` lines are skipped, fields are
/// split on `" : "`, the habit name must match the habits file exactly, the
/// last line of a (date, habit) wins. A line that cannot be read is reported
/// and skipped, never fatal.
enum HarshParser {
    static func parse(habits habitsText: String, log logText: String) -> SourceDocument {
        var skipped: [String] = []
        var habits: [SourceHabit] = []
        var indexByName: [String: Int] = [:]
        var heading: String?
        for (number, line) in ImportText.lines(habitsText) {
            let text = String(line)
            if text.trimmingCharacters(in: .whitespaces).isEmpty || text.hasPrefix("#") {
                continue
            }
            if text.hasPrefix("! ") || text == "!" {
                // The mapping trims it and drops a blank one.
                heading = String(text.dropFirst())
                continue
            }
            let parts = ImportText.fields(line, separator: ": ")
            guard parts.count == 2 || parts.count == 3 else {
                skipped.append("habits line \(number): not 'name: frequency[: end date]'.")
                continue
            }
            let name = parts[0]
            guard let schedule = schedule(parts[1]) else {
                skipped.append(
                    "habits line \(number): '\(TerminalSafeText.echo(parts[1].trimmingCharacters(in: .whitespaces)))' "
                        + "is not a harsh frequency.")
                continue
            }
            var endDate: LocalDate?
            if parts.count == 3 {
                guard let date = ImportText.date(parts[2]) else {
                    skipped.append(
                        "habits line \(number): '\(TerminalSafeText.echo(parts[2].trimmingCharacters(in: .whitespaces)))' "
                            + "is not a YYYY-MM-DD end date.")
                    continue
                }
                endDate = date
            }
            if indexByName[name] != nil {
                skipped.append(
                    "habits line \(number): '\(TerminalSafeText.echo(name))' is listed twice; the first is used."
                )
                continue
            }
            indexByName[name] = habits.count
            habits.append(
                SourceHabit(
                    name: name, schedule: schedule, archived: endDate != nil, group: heading,
                    endDate: endDate))
        }

        // The last line of a (date, habit) wins: keep each day's position.
        var days: [[LocalDate: Int]] = Array(repeating: [:], count: habits.count)
        var unknown: [String: Int] = [:]
        for (number, line) in ImportText.lines(logText) {
            if ImportText.trimmed(line).isEmpty || line.hasPrefix("#") { continue }
            var fields = ImportText.fields(line, separator: " : ")
            guard fields.count >= 3 else {
                skipped.append("log line \(number): not 'date : habit : result'.")
                continue
            }
            guard fields.count <= 5 else {
                skipped.append(
                    "log line \(number): \(fields.count) fields, harsh writes at most 5.")
                continue
            }
            guard let date = ImportText.date(fields[0]) else {
                skipped.append(
                    "log line \(number): '\(TerminalSafeText.echo(fields[0]))' is not a YYYY-MM-DD date."
                )
                continue
            }
            guard let index = indexByName[fields[1]] else {
                unknown[fields[1], default: 0] += 1
                continue
            }
            let mark: SourceEntry.Mark
            switch ImportText.trimmed(fields[2]) {
            case "y": mark = .done
            case "n": mark = .none
            case "s": mark = .skipped
            default:
                skipped.append(
                    "log line \(number): result '\(TerminalSafeText.echo(fields[2]))' is not y, n or s."
                )
                continue
            }
            var amount: Decimal?
            if fields.count == 5 {
                let last = ImportText.trimmed(fields[4])
                if last.isEmpty {
                    amount = 0
                } else if let number = ImportText.decimal(last) {
                    amount = number
                } else {
                    // Not a number: the comment itself held " : ".
                    fields = Array(fields[0..<3]) + [fields[3...].joined(separator: " : ")]
                }
            }
            let comment = fields.count >= 4 ? String(ImportText.trimmed(fields[3])) : ""
            let entry = SourceEntry(
                date: date, mark: mark, amount: amount == 0 ? nil : amount,
                note: comment.isEmpty ? nil : comment)
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

    /// `N`, `Nw`, `T/I` (each side may end in `w`), or `0`.
    static func schedule(_ text: String) -> SourceHabit.Schedule? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "0" { return .trackedOnly }
        let sides = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        switch sides.count {
        case 1:
            guard let days = count(sides[0]), days > 0 else { return nil }
            return .times(1, perDays: days)
        case 2:
            guard let times = count(sides[0]), let days = count(sides[1]), times > 0, days > 0
            else { return nil }
            return .times(times, perDays: days)
        default:
            return nil
        }
    }

    /// A positive count, `w` meaning ×7 (`1w` = 7).
    private static func count(_ text: Substring) -> Int? {
        let weeks = text.hasSuffix("w")
        let digits = weeks ? text.dropLast() : text
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(digits), number <= 100_000
        else { return nil }
        return weeks ? number * 7 : number
    }
}
