import Foundation
import HabitConcurrency
import HabitCore

@testable import HabitStorage

/// A store that counts the entries its reads return, so a test can tell
/// how much history a list walks: every requirement is passed on to
/// `store`, and the two range reads add what they return to `entriesRead`.
final class EntryReadCounter: HabitRepository {
    let store: any TestStore
    private let count = Locked(0)

    init(_ store: any TestStore) {
        self.store = store
    }

    /// The entries returned by the range reads so far.
    var entriesRead: Int { count.withLock { $0 } }

    func resetCount() {
        count.withLock { $0 = 0 }
    }

    func externalWriteStamp(waiting: Bool) throws(StoreError) -> Int64? {
        try store.externalWriteStamp(waiting: waiting)
    }

    func habits(owner: Int64, status: HabitStatusFilter) throws(StoreError) -> [Habit] {
        try store.habits(owner: owner, status: status)
    }

    func habit(id: Int64, owner: Int64) throws(StoreError) -> Habit? {
        try store.habit(id: id, owner: owner)
    }

    func createHabit(_ fields: HabitFields, owner: Int64, now: Date) throws(StoreError) -> Habit {
        try store.createHabit(fields, owner: owner, now: now)
    }

    func updateHabit(
        id: Int64, owner: Int64, fields: HabitFields, status: HabitStatus, now: Date
    ) throws(StoreError) -> Habit? {
        try store.updateHabit(id: id, owner: owner, fields: fields, status: status, now: now)
    }

    func deleteHabit(id: Int64, owner: Int64) throws(StoreError) -> Bool {
        try store.deleteHabit(id: id, owner: owner)
    }

    func progress(habitID: Int64, owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [ProgressEntry]?
    {
        let entries = try store.progress(habitID: habitID, owner: owner, from: from, to: to)
        count.withLock { $0 += entries?.count ?? 0 }
        return entries
    }

    func progress(habitIDs: [Int64], owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [Int64: [ProgressEntry]]
    {
        let entries = try store.progress(habitIDs: habitIDs, owner: owner, from: from, to: to)
        count.withLock { $0 += entries.values.reduce(0) { $0 + $1.count } }
        return entries
    }

    func setProgress(_ entry: ProgressEntry, note: NoteChange, habitID: Int64, owner: Int64)
        throws(StoreError) -> ProgressEntry?
    {
        try store.setProgress(entry, note: note, habitID: habitID, owner: owner)
    }

    func incrementProgress(
        habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal, note: NoteChange
    ) throws(StoreError) -> ProgressEntry? {
        try store.incrementProgress(
            habitID: habitID, owner: owner, date: date, amount: amount, note: note)
    }

    func historyCheckpoints(habitIDs: [Int64], owner: Int64) throws(StoreError)
        -> [Int64: HistoryCheckpointRecord]
    {
        try store.historyCheckpoints(habitIDs: habitIDs, owner: owner)
    }

    func habitsWithCheckpoints(owner: Int64, status: HabitStatusFilter) throws(StoreError)
        -> (habits: [Habit], records: [Int64: HistoryCheckpointRecord])
    {
        try store.habitsWithCheckpoints(owner: owner, status: status)
    }

    func saveHistoryCheckpoint(
        _ checkpoint: HistoryCheckpoint, habitID: Int64, owner: Int64, ifGeneration: Int64
    ) throws(StoreError) {
        try store.saveHistoryCheckpoint(
            checkpoint, habitID: habitID, owner: owner, ifGeneration: ifGeneration)
    }

    func deleteProgress(habitID: Int64, owner: Int64, date: LocalDate) throws(StoreError) -> Bool? {
        try store.deleteProgress(habitID: habitID, owner: owner, date: date)
    }

    func importHabits<Outcome: Sendable>(
        owner: Int64, now: Date,
        _ plan: (any HabitImportSnapshot) throws(StoreError) -> (HabitImportWrite, Outcome)
    ) throws(StoreError) -> (created: [Habit], outcome: Outcome) {
        try store.importHabits(owner: owner, now: now, plan)
    }

    func setProgress(_ entries: [ProgressEntry], habitID: Int64, owner: Int64)
        throws(StoreError) -> Int?
    {
        try store.setProgress(entries, habitID: habitID, owner: owner)
    }
}
