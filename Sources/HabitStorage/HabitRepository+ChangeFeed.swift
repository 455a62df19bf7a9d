import Foundation
import HabitCore

/// `HabitRepository`'s unversioned writes, for a store that also keeps the
/// change feed: each is the versioned write with no condition and no
/// idempotency key, answering the value without its version, so every
/// such store answers them alike.
extension HabitRepository where Self: ChangeFeedRepository {
    package func createHabit(_ fields: HabitFields, owner: Int64, now: Date) throws(StoreError)
        -> Habit
    {
        try Idempotent.performedValue(
            createVersionedHabit(fields, owner: owner, now: now, idempotency: nil)
        ).value
    }

    package func updateHabit(
        id: Int64, owner: Int64, fields: HabitFields, status: HabitStatus, now: Date
    ) throws(StoreError) -> Habit? {
        try updateHabit(
            id: id, owner: owner, fields: fields, status: status, now: now, expecting: nil)?
            .storedValue
    }

    package func deleteHabit(id: Int64, owner: Int64) throws(StoreError) -> Bool {
        // This protocol's delete takes no clock; the tombstone's date only
        // decides when it is purged, days later.
        try deleteHabit(id: id, owner: owner, now: Date(), expecting: nil) != nil
    }

    package func setProgress(
        _ entry: ProgressEntry, note: NoteChange, habitID: Int64, owner: Int64
    ) throws(StoreError) -> ProgressEntry? {
        try setProgress(entry, note: note, habitID: habitID, owner: owner, expecting: nil)?
            .storedValue
    }

    package func incrementProgress(
        habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal, note: NoteChange
    ) throws(StoreError) -> ProgressEntry? {
        try Idempotent.performedValue(
            incrementProgress(
                habitID: habitID, owner: owner, date: date, amount: amount, note: note,
                expecting: nil, idempotency: nil)
        )?.storedValue
    }

    package func deleteProgress(habitID: Int64, owner: Int64, date: LocalDate) throws(StoreError)
        -> Bool?
    {
        // As `deleteHabit`: the tombstone's date only decides its purge.
        let outcome = try deleteProgress(
            habitID: habitID, owner: owner, date: date, now: Date(), expecting: nil)
        guard case .written(_, let replaced) = outcome else { return nil }
        return replaced != nil
    }
}
