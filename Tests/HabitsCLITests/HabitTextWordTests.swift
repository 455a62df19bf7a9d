import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `HabitText`'s words for a habit's target and period: every row of the
/// word table the web app's tests check too (Tests/Web/habit-words.json),
/// and the periods of each kind.
@Suite struct HabitTextWordTests {
    /// One row of the word table.
    struct Row: Decodable {
        var frequency: Frequency
        var goal: Goal
        var targetValue: String
        var measurementType: String
        var periodDays: Int?
        var words: String

        enum CodingKeys: String, CodingKey {
            case frequency, goal, words
            case targetValue = "target_value"
            case measurementType = "measurement_type"
            case periodDays = "period_days"
        }
    }

    struct Table: Decodable {
        var rows: [Row]
    }

    /// The package root: the nearest directory above this file holding Package.swift.
    static func packageRoot() throws -> URL {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let manifest = directory.appendingPathComponent("Package.swift")
            if FileManager.default.fileExists(atPath: manifest.path) { return directory }
            directory = directory.deletingLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile)
    }

    static func rows() throws -> [Row] {
        let url = try packageRoot().appendingPathComponent("Tests/Web/habit-words.json")
        return try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)).rows
    }

    static func habit(
        _ frequency: Frequency, goal: Goal = .atLeast, target: Decimal = 1, unit: String = "times",
        periodDays: Int? = nil, days: ActionDays = .everyDay
    ) -> Habit {
        Habit(
            id: 1, name: "Habit", frequency: frequency, measurementType: unit,
            startDate: LocalDate("2026-03-01")!, actionDays: days, targetValue: target, goal: goal,
            periodDays: periodDays)
    }

    @Test func everyRowOfTheWordTable() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 27)
        for row in rows {
            let target = try #require(Decimal(string: row.targetValue, locale: nil))
            let habit = Self.habit(
                row.frequency, goal: row.goal, target: target, unit: row.measurementType,
                periodDays: row.periodDays)
            #expect(HabitText.target(habit) == row.words, "\(row)")
        }
    }

    @Test func frequencyOfEachKind() {
        let weekend = ActionDays([.saturday, .sunday])
        #expect(HabitText.frequency(Self.habit(.monthly)) == "monthly")
        #expect(
            HabitText.frequency(Self.habit(.monthly, days: ActionDays([.monday, .wednesday])))
                == "monthly: Mon, Wed")
        #expect(HabitText.frequency(Self.habit(.everyNDays, periodDays: 3)) == "every 3 days")
        #expect(
            HabitText.frequency(Self.habit(.everyNDays, periodDays: 3, days: weekend))
                == "every 3 days: Sat, Sun")
        #expect(HabitText.frequency(Self.habit(.weekly, days: weekend)) == "weekly: Sat, Sun")
    }

    @Test func countsOfPeriods() {
        #expect(HabitText.periods(1, of: .monthly) == "1 month")
        #expect(HabitText.periods(2, of: .monthly) == "2 months")
        #expect(HabitText.periods(2, of: .everyNDays) == "2 periods")
        let everyThree = Self.habit(.everyNDays, periodDays: 3)
        #expect(HabitText.periods(1, of: everyThree) == "1 period of 3 days")
        #expect(HabitText.periods(4, of: everyThree) == "4 periods of 3 days")
        #expect(HabitText.periods(2, of: Self.habit(.weekly)) == "2 weeks")
        #expect(HabitText.streak(nil, of: everyThree) == "?")
    }

    /// Today is Wednesday 2026-03-11; the every-3-days habit starts on
    /// Sunday 2026-03-01, so its blocks are 1–3, 4–6, 7–9, 10–12 March.
    @Test func thePeriodOfADate() {
        let today = LocalDate("2026-03-11")!
        let monthly = Self.habit(.monthly)
        #expect(HabitText.period(of: monthly, on: today, today: today) == "this month")
        #expect(
            HabitText.period(of: monthly, on: LocalDate("2026-02-14")!, today: today)
                == "last month")
        #expect(
            HabitText.period(of: monthly, on: LocalDate("2025-12-31")!, today: today)
                == "in December 2025")
        let everyThree = Self.habit(.everyNDays, periodDays: 3)
        #expect(
            HabitText.period(of: everyThree, on: LocalDate("2026-03-12")!, today: today)
                == "these 3 days (Mar 10-12)")
        #expect(
            HabitText.period(of: everyThree, on: LocalDate("2026-03-07")!, today: today)
                == "the 3 days Mar 7-9")
        let weekly = Self.habit(.weekly)
        #expect(HabitText.period(of: weekly, on: today, today: today) == "this week")
        #expect(
            HabitText.period(of: weekly, on: LocalDate("2026-03-04")!, today: today)
                == "last week")
    }

    @Test func dayRanges() {
        let today = LocalDate("2026-03-11")!
        func range(_ from: String, _ to: String) -> String {
            HabitText.dayRange(LocalDate(from)!...LocalDate(to)!, today: today)
        }
        #expect(range("2026-03-04", "2026-03-06") == "Mar 4-6")
        #expect(range("2026-02-27", "2026-03-01") == "Feb 27-Mar 1")
        #expect(range("2025-12-04", "2025-12-06") == "Dec 4-6 2025")
        #expect(range("2025-12-30", "2026-01-01") == "Dec 30 2025-Jan 1 2026")
    }
}
