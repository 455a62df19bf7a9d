import Foundation
import HabitCore
import Testing

@testable import HabitStore

/// Saved history checkpoints stay true: entries changed in or before their
/// last period, or new rules for the habit, remove them, and a checkpoint
/// worked out before a concurrent write is not saved.
@Suite struct HistoryCheckpointStoreTests {
    let directory: TemporaryDirectory
    let store: SQLiteStore
    let owner: Int64

    init() throws {
        directory = try TemporaryDirectory()
        store = try SQLiteStore(path: directory.file("habits.sqlite"))
        owner = try store.makeUser("ann@example.com").id
    }

    func checkpoint(_ through: String, for habit: Habit) -> HistoryCheckpoint {
        HistoryCheckpoint(
            through: date(through), currentStreak: 5, strength: 0.25,
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

    @Test func dailyCheckpointsGoWhenTheirDaysChangeAndStayForLaterOnes() throws {
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let point = checkpoint("2026-03-10", for: habit)
        try save(point, habit)
        #expect(try saved(habit) == point)
        // Today's entry (after the checkpoint) leaves it.
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-11"), value: 3), habitID: habit.id, owner: owner)
        _ = try store.incrementProgress(
            habitID: habit.id, owner: owner, date: date("2026-03-11"), amount: 1)
        #expect(try saved(habit) == point)
        // An entry on its last day removes it; so does a deletion before it.
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-10"), value: 3), habitID: habit.id, owner: owner)
        #expect(try saved(habit) == nil)
        try save(point, habit)
        _ = try store.deleteProgress(habitID: habit.id, owner: owner, date: date("2026-03-10"))
        #expect(try saved(habit) == nil)
    }

    @Test func weeklyCheckpointsGoWhenAnyDayOfTheirWeekChanges() throws {
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
    }

    @Test func newRulesRemoveTheCheckpointAndARenameDoesNot() throws {
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let point = checkpoint("2026-03-10", for: habit)
        try save(point, habit)
        var renamed = habit.fields
        renamed.name = "Read more"
        _ = try store.updateHabit(
            id: habit.id, owner: owner, fields: renamed, status: .active, now: referenceTime)
        #expect(try saved(habit) == point)
        var retargeted = renamed
        retargeted.targetValue = 20
        _ = try store.updateHabit(
            id: habit.id, owner: owner, fields: retargeted, status: .active, now: referenceTime)
        #expect(try saved(habit) == nil)
    }

    /// Worked out from entries read before a write that changed them: the
    /// generation read with them is stale, and the save does nothing.
    @Test func aCheckpointFromBeforeAConcurrentWriteIsNotSaved() throws {
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let generation = try #require(
            try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]
        ).generation
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-01"), value: 3), habitID: habit.id, owner: owner)
        try store.saveHistoryCheckpoint(
            checkpoint("2026-03-10", for: habit), habitID: habit.id, owner: owner,
            ifGeneration: generation)
        #expect(try saved(habit) == nil)
    }

    @Test func checkpointsAreTheOwnersOnly() throws {
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
    }
}
