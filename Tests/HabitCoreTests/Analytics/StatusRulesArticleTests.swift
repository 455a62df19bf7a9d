import Foundation
import HabitCore
import Testing

/// The worked examples of the StatusRules article, read from its Markdown
/// tables and checked against `HabitHistory`, `HabitPeriods` and
/// `Habit.bareDoneAmount(toward:)`: the article says what the code does,
/// row by row.
@Suite struct StatusRulesArticleTests {
    typealias F = HistoryFixture

    private static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Sources/HabitCore/HabitCore.docc/StatusRules.md")
        .standardized

    /// A Markdown table: its header cells and its rows, each a map header → cell.
    struct Table {
        var header: [String]
        var rows: [[String: String]]
    }

    /// Every table of `text`: runs of lines starting with `|`, the first
    /// the header and the second the `|---|` line; cells trimmed, code
    /// marks (`) dropped.
    static func tables(in text: String) -> [Table] {
        var tables: [Table] = []
        var lines: [[String]] = []
        func close() {
            defer { lines = [] }
            guard lines.count >= 2, let header = lines.first else { return }
            let rows = lines.dropFirst(2).map { cells in
                Dictionary(zip(header, cells), uniquingKeysWith: { first, _ in first })
            }
            tables.append(Table(header: header, rows: Array(rows)))
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("|") else {
                close()
                continue
            }
            let cells = trimmed.dropFirst().dropLast().split(
                separator: "|", omittingEmptySubsequences: false
            ).map {
                $0.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
            }
            lines.append(cells)
        }
        close()
        return tables
    }

    static func table(startingWith header: [String]) throws -> Table {
        let text = try String(contentsOf: article, encoding: .utf8)
        return try #require(
            tables(in: text).first { Array($0.header.prefix(header.count)) == header },
            "no table headed \(header) in StatusRules.md")
    }

    /// A habit from its cell (`MONTHLY, at least 4`, `every 3 days, at most 0`,
    /// `WEEKLY`): the frequency, then the goal and target (at least 1 when left out).
    static func habit(_ cell: String, start: String, days: String = "daily") throws -> Habit {
        let parts = cell.components(separatedBy: ", ")
        let period = try #require(parts.first)
        var frequency: Frequency
        var periodDays: Int?
        if period.hasPrefix("every ") {
            frequency = .everyNDays
            let count = try #require(Int(period.split(separator: " ")[1]), "\(cell)")
            periodDays = count
        } else {
            frequency = try #require(Frequency(rawValue: period), "\(cell)")
        }
        var goal = Goal.atLeast
        var target = "1"
        if parts.count > 1 {
            let words = parts[1].split(separator: " ")
            try #require(words.count == 3 && words[0] == "at", "\(cell)")
            goal = words[1] == "most" ? .atMost : .atLeast
            target = String(words[2])
        }
        let actionDays = try #require(ActionDays(parsing: days), "days \(days)")
        return Habit(
            id: 1, name: "Example", frequency: frequency, measurementType: "times",
            startDate: F.day(start), actionDays: actionDays, targetValue: F.amount(target),
            goal: goal, periodDays: periodDays)
    }

    /// Entries from their cell: `—`, or `2026-11-03 3; 2026-11-05 skipped;
    /// 2026-11-06 1 skipped`.
    static func entries(_ cell: String) -> [ProgressEntry] {
        guard cell != "—" else { return [] }
        return cell.components(separatedBy: "; ").map { text in
            let words = text.split(separator: " ").map(String.init)
            let skipped = words.last == "skipped"
            let value = words.count > 1 && words[1] != "skipped" ? F.amount(words[1]) : 0
            return ProgressEntry(date: F.day(words[0]), value: value, skipped: skipped)
        }
    }

    static func state(_ cell: String) throws -> PeriodState {
        try #require(
            PeriodState(rawValue: cell.replacingOccurrences(of: " ", with: "_")), "\(cell)")
    }

    @Test func periodBounds() throws {
        let table = try Self.table(startingWith: ["Habit", "Start", "Date", "Period"])
        #expect(table.rows.count >= 5)
        for row in table.rows {
            let habit = try Self.habit(row["Habit"]!, start: row["Start"]!)
            let bounds = row["Period"]!.components(separatedBy: " to ")
            let period = HabitPeriods(of: habit).period(containing: F.day(row["Date"]!))
            #expect(
                period == F.day(bounds[0])...F.day(bounds[1]), "\(row)")
        }
    }

    @Test func stateAndValueOfEachPeriod() throws {
        let table = try Self.table(startingWith: ["Habit", "Start", "Days", "Entries", "Today"])
        #expect(table.header.contains("State") && table.rows.count >= 20)
        var states = Set<PeriodState>()
        for row in table.rows {
            let habit = try Self.habit(row["Habit"]!, start: row["Start"]!, days: row["Days"]!)
            let history = HabitHistory(habit: habit, entries: Self.entries(row["Entries"]!))
            let date = F.day(row["Date"]!)
            let today = F.day(row["Today"]!)
            let state = try Self.state(row["State"]!)
            states.insert(state)
            #expect(history.state(of: date, today: today) == state, "\(row)")
            let completion = history.completion(on: date, today: today)
            #expect(completion.state == state, "\(row)")
            #expect(completion.current == F.amount(row["Value"]!), "\(row)")
            #expect(completion.target == habit.targetValue, "\(row)")
        }
        // The examples show every state a period can take.
        #expect(states == Set(PeriodState.allCases))
    }

    @Test func streaksAndCounts() throws {
        let table = try Self.table(startingWith: [
            "Habit", "Start", "Days", "Entries", "Today", "Done",
        ])
        #expect(table.rows.count >= 3)
        for row in table.rows {
            let habit = try Self.habit(row["Habit"]!, start: row["Start"]!, days: row["Days"]!)
            let history = HabitHistory(habit: habit, entries: Self.entries(row["Entries"]!))
            let stats = history.stats(today: F.day(row["Today"]!))
            #expect(stats.successCount == Int(row["Done"]!), "\(row)")
            #expect(stats.failedCount == Int(row["Failed"]!), "\(row)")
            #expect(stats.skippedCount == Int(row["Skipped"]!), "\(row)")
            #expect(stats.currentStreak == Int(row["Current streak"]!), "\(row)")
            #expect(stats.longestStreak == Int(row["Longest streak"]!), "\(row)")
        }
    }

    @Test func strengthOfOneFailedPeriod() throws {
        let table = try Self.table(startingWith: ["Habit", "Start", "Value", "L", "p"])
        #expect(table.rows.count >= 8)
        for row in table.rows {
            let habit = try Self.habit(row["Habit"]!, start: row["Start"]!)
            let length = try #require(Int(row["L"]!))
            let share = try #require(Double(row["p"]!))
            let periods = HabitPeriods(of: habit)
            let next = periods.last(ofPeriodFrom: habit.startDate).adding(days: 1)
            #expect(habit.startDate.days(to: next) == length, "\(row)")
            let history = HabitHistory(
                habit: habit,
                entries: [ProgressEntry(date: habit.startDate, value: F.amount(row["Value"]!))])
            #expect(history.state(of: habit.startDate, today: next) == .failed, "\(row)")
            let keep = pow(0.5, Double(length).squareRoot() / 13)
            let strength = history.stats(today: next).strength
            #expect(abs(strength - share * (1 - keep)) < 1e-12, "\(row)")
        }
    }

    @Test func whatABareDoneAdds() throws {
        let table = try Self.table(startingWith: ["Habit", "Days", "Value so far", "Adds"])
        #expect(table.rows.count >= 6)
        for row in table.rows {
            let habit = try Self.habit(row["Habit"]!, start: "2026-11-02", days: row["Days"]!)
            let completion = CompletionData(
                target: habit.targetValue, current: F.amount(row["Value so far"]!),
                state: .pending)
            #expect(habit.bareDoneAmount(toward: completion) == F.amount(row["Adds"]!), "\(row)")
        }
    }

    /// The parser itself: a table between paragraphs, code marks dropped,
    /// so a row the article adds is read as written.
    @Test func tablesAreReadAsWritten() {
        let text = "Text\n\n| A | `B` |\n|---|---|\n| 1 | `x y` |\n| 2 | z |\n\nMore\n"
        let tables = Self.tables(in: text)
        #expect(tables.count == 1)
        #expect(tables.first?.header == ["A", "B"])
        #expect(tables.first?.rows == [["A": "1", "B": "x y"], ["A": "2", "B": "z"]])
    }
}
