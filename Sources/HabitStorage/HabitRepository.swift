import Foundation
import HabitCore

extension Habit {
    /// A user has at most this many habits, archived ones included, so the
    /// storage one account can take is bounded.
    package static let maximumTotalCount = 200
}

/// Habits and their progress, always scoped to one owner.
///
/// Every method takes the owner's user id; a habit of another owner behaves
/// exactly like one that does not exist (`nil` / `false`), so callers cannot
/// learn that it exists. Implementations validate nothing about the fields
/// beyond what storage needs: callers pass validated `HabitFields`.
package protocol HabitRepository: Sendable {
    /// A number that changes whenever something other than this store
    /// value commits a change: another process, or another store open on the
    /// same database. The store's own writes leave it as it is. `nil` when the
    /// store cannot tell (PostgreSQL, where other server processes write):
    /// then no answer read from it may be cached. Without `waiting`, a store
    /// that would have to wait for a lock answers `nil` at once.
    func externalWriteStamp(waiting: Bool) throws(StoreError) -> Int64?

    /// The owner's habits with the given status, ordered by id.
    func habits(owner: Int64, status: HabitStatusFilter) throws(StoreError) -> [Habit]

    /// One habit, or `nil` when it does not exist or belongs to someone else.
    func habit(id: Int64, owner: Int64) throws(StoreError) -> Habit?

    /// Stores a new active habit. Throws `.totalHabitLimit` when the owner
    /// already has `Habit.maximumTotalCount` habits (archived ones included),
    /// else `.habitLimit` when `Habit.maximumActiveCount` of them are active;
    /// both are checked atomically with the insert.
    func createHabit(_ fields: HabitFields, owner: Int64, now: Date) throws(StoreError) -> Habit

    /// Replaces a habit's fields and status; `nil` when it is not the owner's.
    /// Throws `.habitLimit` when re-activating would pass the limit.
    func updateHabit(
        id: Int64, owner: Int64, fields: HabitFields, status: HabitStatus, now: Date
    ) throws(StoreError) -> Habit?

    /// Deletes a habit and all its progress; `false` when it is not the owner's.
    func deleteHabit(id: Int64, owner: Int64) throws(StoreError) -> Bool

    /// Entries from `from` through `to` (inclusive) sorted by date; `nil` when
    /// the habit is not the owner's.
    func progress(habitID: Int64, owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [ProgressEntry]?

    /// Entries of several habits of one owner for a date range, by habit id:
    /// what a list with completion data needs, in one query.
    func progress(habitIDs: [Int64], owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [Int64: [ProgressEntry]]

    /// Replaces the value and skip of the entry for `entry.date` (so
    /// repeating it changes nothing), and its note as `note` says: `.keep`
    /// leaves the stored note (a new entry has none), `.replace` writes the
    /// given one; `entry.note` is not read. Returns the entry as stored,
    /// note included; `nil` when the habit is not the owner's.
    func setProgress(_ entry: ProgressEntry, note: NoteChange, habitID: Int64, owner: Int64)
        throws(StoreError) -> ProgressEntry?

    /// Adds `amount` (≥ 0) to the value on `date` in one `BEGIN IMMEDIATE`
    /// transaction, so concurrent increments (from any process using the
    /// store) all count: the new value is the stored one (0 when there is no
    /// entry) plus `amount`, and the day is no longer skipped (recording
    /// progress un-skips it); the note changes as `note` says (`.keep`
    /// leaves it). Returns the new entry; `nil` when the habit is not the
    /// owner's. Throws `.valueLimit` when the sum would pass
    /// `ProgressEntry.maximumValue`, writing nothing.
    func incrementProgress(
        habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal, note: NoteChange
    ) throws(StoreError) -> ProgressEntry?

    /// The owner's habits among `habitIDs` with their saved history
    /// checkpoints and entry generations (an empty answer from a store that
    /// keeps none; a default implementation says so).
    func historyCheckpoints(habitIDs: [Int64], owner: Int64) throws(StoreError)
        -> [Int64: HistoryCheckpointRecord]

    /// The owner's habits with `status` (as `habits(owner:status:)`) and
    /// their checkpoint records (as `historyCheckpoints(habitIDs:owner:)`),
    /// read before any of their entries, as `streakSummaries` wants them. A
    /// default implementation makes the two reads; a store may make one.
    func habitsWithCheckpoints(owner: Int64, status: HabitStatusFilter) throws(StoreError)
        -> (habits: [Habit], records: [Int64: HistoryCheckpointRecord])

    /// Saves a history checkpoint of the owner's habit, unless its entries
    /// changed after `ifGeneration` was read.
    func saveHistoryCheckpoint(
        _ checkpoint: HistoryCheckpoint, habitID: Int64, owner: Int64, ifGeneration: Int64
    ) throws(StoreError)

    /// Removes the entry on `date`; `nil` when the habit is not the owner's,
    /// else whether an entry was there.
    func deleteProgress(habitID: Int64, owner: Int64, date: LocalDate) throws(StoreError) -> Bool?

    /// Imports habits and entries in one `BEGIN IMMEDIATE` transaction:
    /// `plan` sees the owner's habits (and can read their entries) under the
    /// write lock, and returns what to write with a value for the caller;
    /// then every write is made. Either everything is written or nothing:
    /// when `plan` throws, when the new habits would pass
    /// `Habit.maximumTotalCount` (`.totalHabitLimit`) or leave more than
    /// `Habit.maximumActiveCount` active (`.habitLimit`), when a value is
    /// negative or above `ProgressEntry.maximumValue` (`.valueLimit`), when
    /// an entry names a habit that is not the owner's, or when any write fails.
    /// Returns the created habits, in the order of `newHabits`.
    func importHabits<Outcome: Sendable>(
        owner: Int64, now: Date,
        _ plan: (any HabitImportSnapshot) throws(StoreError) -> (HabitImportWrite, Outcome)
    ) throws(StoreError) -> (created: [Habit], outcome: Outcome)

    /// Replaces the entries of one habit for each entry's date, notes
    /// included (an entry without a note leaves the day without one), all
    /// in one transaction (all or nothing); `nil` when the habit is not the
    /// owner's. Returns how many entries were written. Callers validate the
    /// values and notes.
    func setProgress(_ entries: [ProgressEntry], habitID: Int64, owner: Int64)
        throws(StoreError) -> Int?
}

extension HabitRepository {
    /// Replaces the whole entry for `entry.date`, its note included.
    package func setProgress(_ entry: ProgressEntry, habitID: Int64, owner: Int64)
        throws(StoreError) -> ProgressEntry?
    {
        try setProgress(entry, note: .replace(entry.note), habitID: habitID, owner: owner)
    }

    /// Adds to the day's value and keeps its note.
    package func incrementProgress(habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal)
        throws(StoreError) -> ProgressEntry?
    {
        try incrementProgress(
            habitID: habitID, owner: owner, date: date, amount: amount, note: .keep)
    }
}
