import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

/// Saved history checkpoints stay true, in SQLite and PostgreSQL alike:
/// entries changed in or before their last period, or new rules for the
/// habit, remove them, and a checkpoint worked out before a concurrent
/// write is not saved.
@Suite struct HistoryCheckpointStoreTests {
    let database: TestDatabase
    var store: any TestStore { database.store }
    let owner: Int64

    init(_ kind: StoreKind) throws {
        database = try kind.open()
        owner = try database.store.makeUser("ann@example.com").id
    }

    func checkpoint(_ through: String, for habit: Habit, strength: Double = 0.25)
        -> HistoryCheckpoint
    {
        HistoryCheckpoint(
            through: date(through),
            stats: HabitStats(
                currentStreak: 5, longestStreak: 9, successCount: 30, failedCount: 4,
                skippedCount: 2, strength: strength),
            rules: HistoryCheckpoint.rules(of: habit))
    }

    func saved(_ habit: Habit) throws -> HistoryCheckpoint? {
        try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]?.checkpoint
    }

    func save(_ checkpoint: HistoryCheckpoint, _ habit: Habit) throws {
        let generation = try #require(
            try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]
        ).generation
        try store.saveHistoryCheckpoint(
            checkpoint, habitID: habit.id, owner: owner, ifGeneration: generation)
    }

    @Test(arguments: StoreKind.allCases) static func aCheckpointIsReadBackWithEveryFigure(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aCheckpointIsReadBackWithEveryFigure()
    }
    func aCheckpointIsReadBackWithEveryFigure() throws {
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let point = checkpoint("2026-03-10", for: habit)
        try save(point, habit)
        let read = try #require(try saved(habit))
        #expect(read == point)
        #expect(read.stats.longestStreak == 9 && read.stats.skippedCount == 2)
        // A strength with no short decimal form comes back bit for bit, and
        // a second save replaces the first.
        let exact = checkpoint("2026-03-11", for: habit, strength: 0.1 + 0.2)
        try save(exact, habit)
        #expect(try saved(habit) == exact)
    }

    @Test(arguments: StoreKind.allCases)
    static func aHabitWithoutACheckpointHasAGenerationAndOthersNone(_ kind: StoreKind) throws {
        try Self(kind).aHabitWithoutACheckpointHasAGenerationAndOthersNone()
    }
    func aHabitWithoutACheckpointHasAGenerationAndOthersNone() throws {
        let first = try store.createHabit(fields("A"), owner: owner, now: referenceTime)
        let second = try store.createHabit(fields("B"), owner: owner, now: referenceTime)
        let read = try store.historyCheckpoints(
            habitIDs: [first.id, second.id, second.id + 100], owner: owner)
        #expect(Set(read.keys) == [first.id, second.id])
        #expect(read.values.allSatisfy { $0.checkpoint == nil })
        #expect(try store.historyCheckpoints(habitIDs: [second.id], owner: owner).count == 1)
        #expect(try store.historyCheckpoints(habitIDs: [], owner: owner).isEmpty)
        // Every entry write moves the generation.
        let before = try #require(read[first.id]).generation
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-01"), value: 1), habitID: first.id, owner: owner)
        let after = try #require(
            try store.historyCheckpoints(habitIDs: [first.id], owner: owner)[first.id]
        ).generation
        #expect(after != before)
    }

    @Test(arguments: StoreKind.allCases)
    static func dailyCheckpointsGoWhenTheirDaysChangeAndStayForLaterOnes(_ kind: StoreKind)
        throws
    {
        try Self(kind).dailyCheckpointsGoWhenTheirDaysChangeAndStayForLaterOnes()
    }
    func dailyCheckpointsGoWhenTheirDaysChangeAndStayForLaterOnes() throws {
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let point = checkpoint("2026-03-10", for: habit)
        try save(point, habit)
        #expect(try saved(habit) == point)
        // Today's entry (after the checkpoint) leaves it.
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-11"), value: 3), habitID: habit.id, owner: owner)
        _ = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: date("2026-03-11"), amount: 1)
        _ = try store.deleteProgress(habitID: habit.id, owner: owner, date: date("2026-03-11"))
        #expect(try saved(habit) == point)
        // An entry on its last day removes it; so does a deletion, an
        // increment or a batch write on or before it.
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-10"), value: 3), habitID: habit.id, owner: owner)
        #expect(try saved(habit) == nil)
        try save(point, habit)
        _ = try store.deleteProgress(habitID: habit.id, owner: owner, date: date("2026-03-10"))
        #expect(try saved(habit) == nil)
        try save(point, habit)
        _ = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: date("2026-02-01"), amount: 1)
        #expect(try saved(habit) == nil)
        try save(point, habit)
        _ = try store.setProgress(
            [
                ProgressEntry(date: date("2026-03-12"), value: 1),
                ProgressEntry(date: date("2026-01-20"), value: 1),
            ],
            habitID: habit.id, owner: owner)
        #expect(try saved(habit) == nil)
    }

    @Test(arguments: StoreKind.allCases)
    static func weeklyCheckpointsGoWhenAnyDayOfTheirWeekChanges(_ kind: StoreKind) throws {
        try Self(kind).weeklyCheckpointsGoWhenAnyDayOfTheirWeekChanges()
    }
    func weeklyCheckpointsGoWhenAnyDayOfTheirWeekChanges() throws {
        let habit = try store.createHabit(
            fields(frequency: .weekly, start: "2026-01-05"), owner: owner, now: referenceTime)
        let point = checkpoint("2026-03-02", for: habit)  // the week of Monday 2 March
        try save(point, habit)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-09"), value: 3), habitID: habit.id, owner: owner)
        #expect(try saved(habit) == point, "the next week is after it")
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-08"), value: 3), habitID: habit.id, owner: owner)
        #expect(try saved(habit) == nil, "Sunday 8 March is in its week")
        try save(point, habit)
        _ = try store.deleteProgress(habitID: habit.id, owner: owner, date: date("2026-03-09"))
        #expect(try saved(habit) == point, "the next week is after it")
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-04"), value: 3), habitID: habit.id, owner: owner)
        #expect(try saved(habit) == nil, "Wednesday 4 March is in its week")
        try save(point, habit)
        _ = try store.deleteProgress(habitID: habit.id, owner: owner, date: date("2026-03-08"))
        #expect(try saved(habit) == nil, "a deletion in its week")
        try save(point, habit)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-02-10"), value: 3), habitID: habit.id, owner: owner)
        #expect(try saved(habit) == nil, "an earlier week")
    }

    @Test(arguments: StoreKind.allCases)
    static func newRulesRemoveTheCheckpointAndARenameDoesNot(_ kind: StoreKind) throws {
        try Self(kind).newRulesRemoveTheCheckpointAndARenameDoesNot()
    }
    func newRulesRemoveTheCheckpointAndARenameDoesNot() throws {
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let point = checkpoint("2026-03-10", for: habit)
        try save(point, habit)
        var renamed = habit.fields
        renamed.name = "Read more"
        renamed.measurementType = "chapters"
        _ = try store.updateHabit(
            id: habit.id, owner: owner, fields: renamed, status: .archived, now: referenceTime)
        #expect(try saved(habit) == point)
        _ = try store.updateHabit(
            id: habit.id, owner: owner, fields: renamed, status: .active, now: referenceTime)
        #expect(try saved(habit) == point)
        var changes: [(String, (inout HabitFields) -> Void)] = []
        changes.append(("target", { $0.targetValue = 20 }))
        changes.append(("start", { $0.startDate = date("2026-01-06") }))
        changes.append(("days", { $0.actionDays = ActionDays([.monday]) }))
        changes.append(("frequency", { $0.frequency = .weekly }))
        var current = renamed
        for (what, change) in changes {
            try save(point, habit)
            change(&current)
            _ = try store.updateHabit(
                id: habit.id, owner: owner, fields: current, status: .active, now: referenceTime)
            #expect(try saved(habit) == nil, "new \(what)")
        }
    }

    /// Worked out from entries read before a write that changed them: the
    /// generation read with them is stale, and the save does nothing.
    @Test(arguments: StoreKind.allCases)
    static func aCheckpointFromBeforeAConcurrentWriteIsNotSaved(_ kind: StoreKind) throws {
        try Self(kind).aCheckpointFromBeforeAConcurrentWriteIsNotSaved()
    }
    func aCheckpointFromBeforeAConcurrentWriteIsNotSaved() throws {
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let generation = try #require(
            try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]
        ).generation
        // Written by another process on the same database.
        let other = try database.another()
        defer { other.close() }
        _ = try other.setProgress(
            ProgressEntry(date: date("2026-03-11"), value: 3), habitID: habit.id, owner: owner)
        try store.saveHistoryCheckpoint(
            checkpoint("2026-03-10", for: habit), habitID: habit.id, owner: owner,
            ifGeneration: generation)
        #expect(try saved(habit) == nil)
        // Many entries in one transaction move it too, and a save with the
        // generation read after them lands.
        let before = try #require(
            try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]
        ).generation
        let later = (12...20).map { ProgressEntry(date: date("2026-03-\($0)"), value: 1) }
        _ = try other.setProgress(later, habitID: habit.id, owner: owner)
        try store.saveHistoryCheckpoint(
            checkpoint("2026-03-10", for: habit), habitID: habit.id, owner: owner,
            ifGeneration: before)
        #expect(try saved(habit) == nil)
        let point = checkpoint("2026-03-10", for: habit)
        try save(point, habit)
        #expect(try saved(habit) == point)
    }

    @Test(arguments: StoreKind.allCases) static func checkpointsAreTheOwnersOnly(
        _ kind: StoreKind
    ) throws {
        try Self(kind).checkpointsAreTheOwnersOnly()
    }
    func checkpointsAreTheOwnersOnly() throws {
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let other = try store.makeUser("bo@example.com").id
        #expect(try store.historyCheckpoints(habitIDs: [habit.id], owner: other).isEmpty)
        let generation = try #require(
            try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]
        ).generation
        try store.saveHistoryCheckpoint(
            checkpoint("2026-03-10", for: habit), habitID: habit.id, owner: other,
            ifGeneration: generation)
        #expect(try saved(habit) == nil)
        // The owner's checkpoint is neither shown to nor replaced by another.
        let point = checkpoint("2026-03-10", for: habit)
        try save(point, habit)
        #expect(try store.historyCheckpoints(habitIDs: [habit.id], owner: other).isEmpty)
        try store.saveHistoryCheckpoint(
            checkpoint("2026-03-12", for: habit), habitID: habit.id, owner: other,
            ifGeneration: generation)
        #expect(try saved(habit) == point)
    }

    @Test(arguments: StoreKind.allCases) static func aDeletedHabitTakesItsCheckpoint(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aDeletedHabitTakesItsCheckpoint()
    }
    func aDeletedHabitTakesItsCheckpoint() throws {
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-01"), value: 3), habitID: habit.id, owner: owner)
        try save(checkpoint("2026-03-10", for: habit), habit)
        #expect(try database.count("SELECT count(*) FROM history_checkpoints") == 1)
        #expect(try store.deleteHabit(id: habit.id, owner: owner))
        #expect(try database.count("SELECT count(*) FROM history_checkpoints") == 0)
    }
}

/// Streaks and strengths from the store equal the whole history's, on the
/// first call (which makes the checkpoints) and on later days (which resume).
@Suite struct StreakSummaryTests {
    @Test(arguments: StoreKind.allCases, [Frequency.daily, .weekly])
    func summariesEqualTheWholeHistoryAndLeaveCheckpoints(kind: StoreKind, frequency: Frequency)
        throws
    {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let start = date("2022-01-03")
        var habits: [Habit] = []
        var all: [Int64: [ProgressEntry]] = [:]
        for index in 0..<3 {
            let habit = try store.createHabit(
                fields("H\(index)", frequency: frequency, start: "2022-01-03", target: "2"),
                owner: owner, now: referenceTime)
            habits.append(habit)
            // All done but for one missed stretch, later for each habit.
            var entries: [ProgressEntry] = []
            for offset in 0..<1500 where !(offset / 30 == 10 * (index + 1)) {
                let entry = ProgressEntry(
                    date: start.adding(days: offset), value: offset % 11 == 0 ? 1 : 2)
                entries.append(entry)
            }
            _ = try store.setProgress(entries, habitID: habit.id, owner: owner)
            all[habit.id] = entries
        }
        for asOf in [start.adding(days: 1400), start.adding(days: 1401), start.adding(days: 1450)] {
            let summaries = try store.streakSummaries(of: habits, owner: owner, asOf: asOf)
            for habit in habits {
                let full = HabitHistory(habit: habit, entries: all[habit.id] ?? []).stats(
                    today: asOf)
                #expect(summaries[habit.id]?.currentStreak == full.currentStreak)
                #expect(abs((summaries[habit.id]?.strength ?? -1) - full.strength) < 1e-12)
            }
            // A later day's `show` resumes from the checkpoints the list made:
            // their longest streaks and counts are the whole history's too.
            let next = asOf.adding(days: 1)
            for habit in habits {
                let read = try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)
                let made = try #require(read[habit.id]?.checkpoint)
                #expect(made.applies(to: habit, today: next))
                let shown = try #require(
                    try store.historyAndStats(
                        of: habit, owner: owner, from: next.startOfMonth,
                        to: next.startOfISOWeek.adding(days: 6), asOf: next))
                var expected = HabitHistory(habit: habit, entries: all[habit.id] ?? []).stats(
                    today: next)
                #expect(abs(shown.stats.strength - expected.strength) < 1e-12)
                expected.strength = shown.stats.strength
                #expect(shown.stats == expected, "\(habit.name) \(next)")
            }
            let saved = try store.historyCheckpoints(habitIDs: habits.map(\.id), owner: owner)
            #expect(saved.values.allSatisfy { $0.checkpoint != nil })
        }
    }

    /// As `habits log` asks: the habits and their records in one read, then
    /// weeks of entries from before the checkpoints, which resume within them.
    @Test(arguments: StoreKind.allCases, [Frequency.daily, .weekly])
    func summariesFromRecordsAndEarlierKnownEntriesEqualTheWholeHistory(
        kind: StoreKind, frequency: Frequency
    ) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let start = date("2022-01-03")
        var habits: [Habit] = []
        var all: [Int64: [ProgressEntry]] = [:]
        for index in 0..<3 {
            let habit = try store.createHabit(
                fields("H\(index)", frequency: frequency, start: "2022-01-03", target: "2"),
                owner: owner, now: referenceTime)
            habits.append(habit)
            var entries: [ProgressEntry] = []
            for offset in 0..<400 where offset % (7 + index) != 3 {
                entries.append(
                    ProgressEntry(
                        date: start.adding(days: offset), value: offset % 5 == 0 ? 1 : 2))
            }
            _ = try store.setProgress(entries, habitID: habit.id, owner: owner)
            all[habit.id] = entries
        }
        let first = start.adding(days: 300)
        _ = try store.streakSummaries(of: habits, owner: owner, asOf: first)

        let asOf = first.adding(days: 9)
        let (listed, records) = try store.habitsWithCheckpoints(owner: owner, status: .active)
        #expect(listed == habits)
        #expect(
            records == (try store.historyCheckpoints(habitIDs: habits.map(\.id), owner: owner)))
        #expect(
            records.values.allSatisfy {
                $0.checkpoint?.applies(to: habits[0], today: asOf) ?? false
            })
        let from = asOf.adding(days: -40).startOfISOWeek
        let through = asOf.startOfISOWeek.adding(days: 6)
        let known = try store.progress(
            habitIDs: habits.map(\.id), owner: owner, from: from, to: through)
        let summaries = try store.streakSummaries(
            of: habits, owner: owner, asOf: asOf, known: (from, through, known),
            records: records)
        for habit in habits {
            let full = HabitHistory(habit: habit, entries: all[habit.id] ?? []).stats(today: asOf)
            #expect(summaries[habit.id]?.currentStreak == full.currentStreak)
            #expect(abs((summaries[habit.id]?.strength ?? -1) - full.strength) < 1e-12)
        }
        #expect(try store.habitsWithCheckpoints(owner: owner, status: .archived).habits.isEmpty)
    }
}

/// `show`'s history and stats from the store equal the whole history's:
/// the first time (which makes the checkpoint), on later days (which
/// resume from it), and for a date before the checkpoint (which walks the
/// whole history again).
@Suite struct HistoryAndStatsTests {
    @Test(arguments: StoreKind.allCases, [Frequency.daily, .weekly])
    func statsEqualTheWholeHistoryAndTheRangeIsRead(kind: StoreKind, frequency: Frequency)
        throws
    {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let start = date("2022-01-03")
        let habit = try store.createHabit(
            fields("Run", frequency: frequency, start: "2022-01-03", target: "2"), owner: owner,
            now: referenceTime)
        var entries: [ProgressEntry] = []
        for offset in 0..<1500 where offset % 13 != 5 {
            let entry = ProgressEntry(
                date: start.adding(days: offset), value: offset % 11 == 0 ? 1 : 2,
                skipped: offset % 97 == 0)
            entries.append(entry)
        }
        _ = try store.setProgress(entries, habitID: habit.id, owner: owner)
        let full = HabitHistory(habit: habit, entries: entries)
        func check(asOf: LocalDate, from: LocalDate) throws -> HistoryCheckpoint? {
            let to = asOf.startOfISOWeek.adding(days: 6)
            let (history, stats) = try #require(
                try store.historyAndStats(
                    of: habit, owner: owner, from: from, to: to, asOf: asOf))
            let expected = full.stats(today: asOf)
            var rounded = stats
            rounded.strength = expected.strength
            #expect(rounded == expected, "\(asOf)")
            #expect(abs(stats.strength - expected.strength) < 1e-12, "\(asOf)")
            for day in stride(from: from.dayNumber, through: to.dayNumber, by: 1) {
                let date = LocalDate(dayNumber: day)
                #expect(history.entry(on: date) == full.entry(on: date), "\(date)")
            }
            return try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]?
                .checkpoint
        }
        let first = start.adding(days: 1400)
        let made = try #require(try check(asOf: first, from: first.startOfMonth))
        #expect(made.through < first)
        let later = start.adding(days: 1450)
        let moved = try #require(try check(asOf: later, from: later.startOfMonth))
        #expect(moved.through > made.through)
        // Before the checkpoint: exact, from the whole history, and the
        // later checkpoint is kept (one for an earlier date would make the
        // next list read more).
        #expect(try check(asOf: start.adding(days: 700), from: start.adding(days: 690)) == moved)
        #expect(try check(asOf: start.adding(days: 3), from: start) == moved)
        // Unknown to another owner.
        let other = try store.makeUser("bo@example.com").id
        #expect(
            try store.historyAndStats(
                of: habit, owner: other, from: later, to: later, asOf: later) == nil)
    }
}

/// The one overview operation (the server's list, local mode, the replica):
/// each habit's completion, streak and strength equal the whole history's,
/// on both stores, with the recent entries asked for.
@Suite struct StoredOverviewTests {
    @Test(arguments: StoreKind.allCases)
    func theOverviewEqualsTheWholeHistoryAndHoldsTheEntriesRead(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let start = date("2024-01-01")
        var habits: [Habit] = []
        var all: [Int64: [ProgressEntry]] = [:]
        for (index, frequency) in [Frequency.daily, .weekly, .daily].enumerated() {
            let habit = try store.createHabit(
                fields("H\(index)", frequency: frequency, start: "2024-01-01", target: "2"),
                owner: owner, now: referenceTime)
            habits.append(habit)
            var entries: [ProgressEntry] = []
            for offset in 0..<700 where offset % (13 + index) != 0 {
                entries.append(
                    ProgressEntry(date: start.adding(days: offset), value: offset % 5 == 0 ? 1 : 2))
            }
            _ = try store.setProgress(entries, habitID: habit.id, owner: owner)
            all[habit.id] = entries
        }
        // Twice: the first makes the checkpoints, the second resumes from them.
        for today in [start.adding(days: 650), start.adding(days: 651)] {
            let window = OverviewWindow(
                date: today, today: today, entriesFrom: today.adding(days: -20))
            let overview = try store.overview(owner: owner, status: .active, window: window)
            #expect(overview.items.map(\.habit.id) == habits.map(\.id))
            for item in overview.items {
                let entries = all[item.habit.id] ?? []
                let whole = HabitHistory(habit: item.habit, entries: entries)
                #expect(item.completion == whole.completion(on: today, today: today))
                let stats = whole.stats(today: today)
                #expect(item.currentStreak == stats.currentStreak)
                #expect(abs((item.strength ?? -1) - stats.strength) < 1e-12)
                #expect(
                    overview.entries[item.habit.id]
                        == entries.filter { $0.date >= window.from && $0.date <= window.through })
            }
        }
        // None with the status asked: nothing read, nothing listed.
        let archived = try store.overview(
            owner: owner, status: .archived, window: OverviewWindow(date: start, today: start))
        #expect(archived.items.isEmpty && archived.entries.isEmpty)
    }
}
