import Foundation
import HabitCore

/// The change feed of each user, and the writes that answer with versions.
///
/// Every write of a habit or an entry, through this protocol or
/// `HabitRepository`, takes the owner's next change number inside its
/// transaction while holding the owner's row (SQLite: the write transaction
/// is exclusive; PostgreSQL: `UPDATE users … RETURNING`, whose row lock lasts
/// until commit), and stamps the row with it, or writes a tombstone for a
/// deletion. So numbers commit in order: a reader that has seen number N
/// can never later meet a smaller one.
package protocol ChangeFeedRepository: Sendable {
    /// The owner's changes after `since` (all the owner has without it), at
    /// most `limit`, or `.expired` when `since` cannot be answered from.
    /// Purges the owner's tombstones older than `ChangeAssembly.tombstoneRetention`
    /// before `now` first.
    func changes(owner: Int64, since: FeedCursor?, limit: Int, now: Date) throws(StoreError)
        -> ChangeFeedAnswer

    /// Removes the owner's tombstones deleted before `now` minus the
    /// retention, and raises the number below which cursors expire past
    /// them. Returns how many were removed.
    @discardableResult
    func purgeTombstones(owner: Int64, now: Date) throws(StoreError) -> Int

    /// One habit with its version; `nil` when it is not the owner's.
    func versionedHabit(id: Int64, owner: Int64) throws(StoreError) -> Versioned<Habit>?

    /// The versions of the owner's habits, by id.
    func habitVersions(owner: Int64) throws(StoreError) -> [Int64: Int64]

    /// The versions of one habit's entries from `from` through `to`, by date.
    func entryVersions(habitID: Int64, owner: Int64, from: LocalDate, to: LocalDate)
        throws(StoreError) -> [LocalDate: Int64]

    /// `HabitRepository.createHabit` answering the new habit's version.
    func createVersionedHabit(
        _ fields: HabitFields, owner: Int64, now: Date,
        idempotency: IdempotencyRecord<Versioned<Habit>>?
    ) throws(StoreError) -> Idempotent<Versioned<Habit>>

    /// Replaces a habit's fields and status when `expecting` is met; `nil`
    /// when the habit is not the owner's. Throws as `updateHabit` does. Its
    /// answer is remembered under `idempotency` when given (as every write
    /// below: see `IdempotencyRecord`).
    func updateHabit(
        id: Int64, owner: Int64, fields: HabitFields, status: HabitStatus, now: Date,
        expecting: VersionCondition?, idempotency: IdempotencyRecord<GuardedWrite<Habit>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<Habit>?>

    /// Deletes a habit and its entries when `expecting` is met, leaving a
    /// tombstone dated `now`; `nil` when the habit is not the owner's.
    func deleteHabit(
        id: Int64, owner: Int64, now: Date, expecting: VersionCondition?,
        idempotency: IdempotencyRecord<GuardedWrite<Habit>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<Habit>?>

    /// `HabitRepository.setProgress(_:note:habitID:owner:)` when `expecting`
    /// is met by the day's entry; `nil` when the habit is not the owner's.
    func setProgress(
        _ entry: ProgressEntry, note: NoteChange, habitID: Int64, owner: Int64,
        expecting: VersionCondition?,
        idempotency: IdempotencyRecord<GuardedWrite<ProgressEntry>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<ProgressEntry>?>

    /// `HabitRepository.incrementProgress` when `expecting` is met by the
    /// day's entry, its answer remembered under `idempotency` when given.
    func incrementProgress(
        habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal, note: NoteChange,
        expecting: VersionCondition?,
        idempotency: IdempotencyRecord<GuardedWrite<ProgressEntry>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<ProgressEntry>?>

    /// Removes the day's entry when `expecting` is met, leaving a tombstone
    /// dated `now` when there was one; `nil` when the habit is not the owner's.
    func deleteProgress(
        habitID: Int64, owner: Int64, date: LocalDate, now: Date, expecting: VersionCondition?,
        idempotency: IdempotencyRecord<GuardedWrite<ProgressEntry>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<ProgressEntry>?>
}

extension ChangeFeedRepository {
    /// `updateHabit` without an idempotency key.
    package func updateHabit(
        id: Int64, owner: Int64, fields: HabitFields, status: HabitStatus, now: Date,
        expecting: VersionCondition?
    ) throws(StoreError) -> GuardedWrite<Habit>? {
        try Idempotent.performedValue(
            updateHabit(
                id: id, owner: owner, fields: fields, status: status, now: now,
                expecting: expecting, idempotency: nil))
    }

    /// `deleteHabit` without an idempotency key.
    package func deleteHabit(id: Int64, owner: Int64, now: Date, expecting: VersionCondition?)
        throws(StoreError) -> GuardedWrite<Habit>?
    {
        try Idempotent.performedValue(
            deleteHabit(id: id, owner: owner, now: now, expecting: expecting, idempotency: nil))
    }

    /// `setProgress` without an idempotency key.
    package func setProgress(
        _ entry: ProgressEntry, note: NoteChange, habitID: Int64, owner: Int64,
        expecting: VersionCondition?
    ) throws(StoreError) -> GuardedWrite<ProgressEntry>? {
        try Idempotent.performedValue(
            setProgress(
                entry, note: note, habitID: habitID, owner: owner, expecting: expecting,
                idempotency: nil))
    }

    /// `deleteProgress` without an idempotency key.
    package func deleteProgress(
        habitID: Int64, owner: Int64, date: LocalDate, now: Date, expecting: VersionCondition?
    ) throws(StoreError) -> GuardedWrite<ProgressEntry>? {
        try Idempotent.performedValue(
            deleteProgress(
                habitID: habitID, owner: owner, date: date, now: now, expecting: expecting,
                idempotency: nil))
    }

    /// `createVersionedHabit` answering the habit without its version.
    package func createHabit(
        _ fields: HabitFields, owner: Int64, now: Date, idempotency: IdempotencyRecord<Habit>
    ) throws(StoreError) -> Idempotent<Habit> {
        try createVersionedHabit(
            fields, owner: owner, now: now, idempotency: idempotency.pulledBack(\.value)
        ).map(\.value)
    }

    /// `incrementProgress` without a condition, answering the new entry
    /// without its version.
    package func incrementProgress(
        habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal, note: NoteChange = .keep,
        idempotency: IdempotencyRecord<ProgressEntry?>
    ) throws(StoreError) -> Idempotent<ProgressEntry?> {
        try incrementProgress(
            habitID: habitID, owner: owner, date: date, amount: amount, note: note,
            expecting: nil, idempotency: idempotency.pulledBack { $0?.storedValue }
        ).map { $0?.storedValue }
    }
}
