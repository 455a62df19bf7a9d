import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitsCLI

/// A Loop backup of schema version 25, made by sqlite3 from Loop's own
/// schema, read and mapped to the second model (issue 38): 1/3, 3/7, 10/30,
/// 2/3 and an "at most" numeric habit keep what their owner meant.
@Suite struct LoopDatabaseReaderTests {
    /// The tables Loop's migrations 09 to 25 leave (the statements of
    /// https://github.com/iSoron/uhabits `migrations/NN.sql`, GPL-3.0, as
    /// `Tests/EndToEndTests/Support/LoopMigrations.swift` runs them one by
    /// one): `type` 1 is a numeric habit, `target_type` Loop's
    /// `NumericalHabitType` (0 AT_LEAST, 1 AT_MOST), `target_value` a REAL,
    /// repetition values × 1000 for numeric habits.
    static let schema = """
        create table Habits ( Id integer primary key autoincrement, archived integer,
            color integer, description text, freq_den integer, freq_num integer,
            skip_days integer, skip_days_list integer, highlight integer, name text,
            position integer, reminder_hour integer, reminder_min integer,
            reminder_days integer not null default 127, type integer not null default 0,
            target_type integer not null default 0, target_value real not null default 0,
            unit text not null default "", question text, uuid text );
        create table Events ( id integer primary key autoincrement, timestamp integer,
            message text, server_id integer );
        create table Repetitions ( id integer primary key autoincrement,
            habit integer not null references habits(id), timestamp integer not null,
            value integer not null, notes text );
        create unique index idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
        PRAGMA user_version = 25;

        """

    static let today = LocalDate("2026-03-11")!

    /// Loop's timestamp of `day` of March 2026: UTC midnight in milliseconds.
    static func stamp(_ day: Int) -> Int {
        LocalDate(year: 2026, month: 3, day: day)!.dayNumber * 86_400_000
    }

    /// The fixture: Meditate 1/1, Water plants 1/3, Gym 3/7, Read 10/30,
    /// Stretch 2/3, Rent 1/30, and Coffee, at most 2 cups a day, with ten
    /// days of entries.
    static func fixture() -> String {
        var sql = schema
        sql += """
            INSERT INTO Habits (Id, archived, color, description, freq_den, freq_num, highlight,
                name, position, type, target_type, target_value, unit, question)
            VALUES (1, 0, 0, '', 1, 1, 0, 'Meditate', 0, 0, 0, 0, '', ''),
                (2, 0, 0, '', 3, 1, 0, 'Water plants', 1, 0, 0, 0, '', ''),
                (3, 0, 0, '', 7, 3, 0, 'Gym', 2, 0, 0, 0, '', ''),
                (4, 0, 0, '', 30, 10, 0, 'Read', 3, 0, 0, 0, '', ''),
                (5, 0, 0, '', 3, 2, 0, 'Stretch', 4, 0, 0, 0, '', ''),
                (6, 0, 0, '', 30, 1, 0, 'Rent', 5, 0, 0, 0, '', ''),
                (7, 0, 0, '', 1, 1, 0, 'Coffee', 6, 1, 1, 2.0, 'cups', '');

            """
        func repetition(_ habit: Int, _ day: Int, _ value: Int) -> String {
            "INSERT INTO Repetitions (habit, timestamp, value) VALUES (\(habit), \(stamp(day)), \(value));\n"
        }
        // Stretch: done on the 1st and 2nd (its first block of 3 days), once after.
        sql += repetition(5, 1, 2) + repetition(5, 2, 2) + repetition(5, 4, 2)
        sql += repetition(2, 1, 2) + repetition(4, 2, 2) + repetition(3, 2, 2)
        // Coffee, in thousandths of a cup; a logged 0 (the 7th) is no entry.
        let coffee = [1: 1000, 2: 3000, 3: 2000, 5: 2500, 6: 500, 7: 0, 9: 4000, 10: 1000]
        for (day, value) in coffee.sorted(by: { $0.key < $1.key }) {
            sql += repetition(7, day, value)
        }
        return sql
    }

    func read() async throws -> [MappedHabit] {
        let directory = try TemporaryDirectory(prefix: "habits-loop-fixture")
        // Removed when released: kept until the file is read.
        defer { withExtendedLifetime(directory) {} }
        let path = directory.url.appendingPathComponent("loop.db").path
        let sqlite = try RequiredTool.locate("sqlite3")
        let made = try await Subprocess.run(sqlite, [path], input: Self.fixture())
        try #require(made.status == 0 && made.error.isEmpty, "\(made)")
        let document = try ImportSource.loopDB.read(path: path, variables: [:])
        #expect(document.skipped.isEmpty)
        let mapping = HabitMapping(today: Self.today)
        return try document.habits.map { try mapping.map($0) }
    }

    @Test func everyKindKeepsItsPeriodGoalAndTarget() async throws {
        let habits = try await read()
        #expect(
            habits.map(\.fields.name) == [
                "Meditate", "Water plants", "Gym", "Read", "Stretch", "Rent", "Coffee",
            ])
        let byName = Dictionary(uniqueKeysWithValues: habits.map { ($0.fields.name, $0) })
        func check(
            _ name: String, _ frequency: Frequency, _ periodDays: Int?, _ target: Decimal,
            goal: Goal = .atLeast, unit: String = "times"
        ) {
            let fields = byName[name]?.fields
            #expect(fields?.frequency == frequency, "\(name)")
            #expect(fields?.periodDays == periodDays, "\(name)")
            #expect(fields?.targetValue == target, "\(name)")
            #expect(fields?.goal == goal, "\(name)")
            #expect(fields?.measurementType == unit, "\(name)")
            #expect(byName[name]?.status == .active, "\(name)")
        }
        check("Meditate", .daily, nil, 1)
        check("Water plants", .everyNDays, 3, 1)
        check("Gym", .weekly, nil, 3)
        check("Read", .monthly, nil, 10)
        check("Stretch", .everyNDays, 3, 2)
        check("Rent", .monthly, nil, 1)
        check("Coffee", .daily, nil, 2, goal: .atMost, unit: "cups")
        // Each rolling window that became a fixed period is reported, once.
        let reported = habits.flatMap(\.approximations)
        #expect(
            reported == [
                "Water plants: 1 per rolling 3 days became every 3 days, target 1 per block of 3 "
                    + "days from the start date.",
                "Gym: 3 per rolling 7 days became weekly, target 3 per ISO week (Monday to Sunday).",
                "Read: 10 per rolling 30 days became monthly, target 10 per calendar month.",
                "Stretch: 2 per rolling 3 days became every 3 days, target 2 per block of 3 days "
                    + "from the start date.",
                "Rent: 1 per rolling 30 days became monthly, target 1 per calendar month.",
            ])
        // A yes towards a count is 1; the first block of Stretch is done.
        let stretch = try #require(byName["Stretch"])
        #expect(stretch.entries.map(\.value) == [1, 1, 1])
        let history = HabitHistory(
            habit: Habit(id: 5, fields: stretch.fields, status: .active), entries: stretch.entries)
        #expect(history.state(of: LocalDate("2026-03-03")!, today: Self.today) == .success)
        #expect(history.state(of: LocalDate("2026-03-06")!, today: Self.today) == .failed)
    }

    /// Coffee, at most 2 cups a day from the 1st: rule 3 (done once a day
    /// ends within the limit, a day with nothing logged included; failed as
    /// soon as it is over) and rule 5 (p = max(0, 1 − (value − 2) ÷ 2)).
    @Test func anAtMostHabitsStatsFollowTheRulesOfLimits() async throws {
        let coffee = try #require(try await read().last)
        #expect(coffee.fields.startDate == LocalDate("2026-03-01"))
        #expect(coffee.entries.map(\.value) == [1, 3, 2, 2.5, 0.5, 4, 1])
        let history = HabitHistory(
            habit: Habit(id: 7, fields: coffee.fields, status: .active), entries: coffee.entries)
        let states = (1...11).map {
            history.state(of: LocalDate(year: 2026, month: 3, day: $0)!, today: Self.today)
        }
        #expect(
            states == [
                .success, .failed, .success, .success, .failed, .success, .success, .success,
                .failed, .success, .pending,
            ])
        let stats = history.stats(today: Self.today)
        #expect(stats.successCount == 7)
        #expect(stats.failedCount == 3)
        #expect(stats.currentStreak == 1)
        #expect(stats.longestStreak == 3)
        let m = pow(0.5, 1.0 / 13)
        let p: [Double] = [1, 0.5, 1, 1, 0.75, 1, 1, 1, 0, 1]
        let strength = p.reduce(0) { score, p in score * m + p * (1 - m) }
        #expect(abs(stats.strength - strength) < 1e-9, "\(stats.strength) vs \(strength)")
    }
}
