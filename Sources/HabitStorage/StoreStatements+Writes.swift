import Foundation
import HabitCore

/// The versioned writes of `ChangeFeedRepository`, written once for both
/// stores.
///
/// Every write locks the owner first (`lockOwner`), reads and decides, and
/// takes a change number only when it writes: a write refused (not the
/// owner's, a version condition not met) or with nothing to do leaves the
/// owner's change number where it was.
extension StoreStatements {
    package func createVersionedHabit(
        _ fields: HabitFields, owner: Int64, now: Date,
        idempotency: IdempotencyRecord<Versioned<Habit>>?
    ) throws(StoreError) -> Idempotent<Versioned<Habit>> {
        try writeOnce(idempotency) { connection throws(StoreError) in
            try Self.lockOwner(connection, owner: owner)
            try Self.room(connection, owner: owner).checkNewHabit(named: fields.name)
            let version = try Self.nextVersion(connection, owner: owner, count: 1)
            let row = HabitInsert(
                fields: fields, status: .active, createdAt: now, updatedAt: now, keptID: nil)
            let id = try Self.insertHabit(connection, row, owner: owner, version: version)
            return Versioned(row.habit(id: id), version: version)
        }
    }

    package func updateHabit(
        id: Int64, owner: Int64, fields: HabitFields, status: HabitStatus, now: Date,
        expecting: VersionCondition?, idempotency: IdempotencyRecord<GuardedWrite<Habit>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<Habit>?> {
        try writeOnce(idempotency) { connection throws(StoreError) -> GuardedWrite<Habit>? in
            let locked = try Self.lockedHabit(connection, id, owner, deleting: false)
            guard let current = locked else { return nil }
            guard expecting.isMet(by: current.version) else { return .mismatch(current: current) }
            let before = current.value
            if HabitRoom.isChecked(changing: before, toName: fields.name, status: status) {
                try Self.room(connection, owner: owner).checkChange(
                    of: before, toName: fields.name, status: status)
            }
            let version = try Self.nextVersion(connection, owner: owner, count: 1)
            try Self.updateHabit(
                connection, id: id, owner: owner, fields: fields, status: status, now: now,
                version: version)
            let habit = Habit(
                id: id, fields: fields, status: status, createdAt: before.createdAt,
                updatedAt: now)
            return .written(stored: Versioned(habit, version: version), replaced: current)
        }
    }

    package func deleteHabit(
        id: Int64, owner: Int64, now: Date, expecting: VersionCondition?,
        idempotency: IdempotencyRecord<GuardedWrite<Habit>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<Habit>?> {
        try writeOnce(idempotency) { connection throws(StoreError) -> GuardedWrite<Habit>? in
            let locked = try Self.lockedHabit(connection, id, owner, deleting: true)
            guard let current = locked else { return nil }
            guard expecting.isMet(by: current.version) else { return .mismatch(current: current) }
            let version = try Self.nextVersion(connection, owner: owner, count: 1)
            try Self.deleteHabit(connection, id: id, owner: owner, now: now, version: version)
            return .written(stored: nil, replaced: current)
        }
    }

    package func setProgress(
        _ entry: ProgressEntry, note: NoteChange, habitID: Int64, owner: Int64,
        expecting: VersionCondition?,
        idempotency: IdempotencyRecord<GuardedWrite<ProgressEntry>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<ProgressEntry>?> {
        try plannedEntryWrite(idempotency, habitID: habitID, owner: owner, date: entry.date) {
            stored throws(StoreError) in
            EntryWritePlan.put(entry, note: note, stored: stored, expecting: expecting)
        }
    }

    /// The owner's row lock, taken first, orders an increment after every
    /// other write of the owner's in flight, so the value it adds to is the
    /// latest and concurrent increments from any process all count.
    package func incrementProgress(
        habitID: Int64, owner: Int64, date: LocalDate, amount: Decimal, note: NoteChange,
        expecting: VersionCondition?,
        idempotency: IdempotencyRecord<GuardedWrite<ProgressEntry>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<ProgressEntry>?> {
        try plannedEntryWrite(idempotency, habitID: habitID, owner: owner, date: date) {
            stored throws(StoreError) in
            try EntryWritePlan.increment(
                date: date, amount: amount, note: note, stored: stored, expecting: expecting)
        }
    }

    package func deleteProgress(
        habitID: Int64, owner: Int64, date: LocalDate, now: Date, expecting: VersionCondition?,
        idempotency: IdempotencyRecord<GuardedWrite<ProgressEntry>?>?
    ) throws(StoreError) -> Idempotent<GuardedWrite<ProgressEntry>?> {
        try writeOnce(idempotency) {
            connection throws(StoreError) -> GuardedWrite<ProgressEntry>? in
            guard let stored = try Self.ownedEntry(connection, habitID, owner, date) else {
                return nil
            }
            guard expecting.isMet(by: stored.entry?.version) else {
                return .mismatch(current: stored.entry)
            }
            // Nothing to delete: no change, no number.
            guard stored.entry != nil else { return .written(stored: nil, replaced: nil) }
            let version = try Self.nextVersion(connection, owner: owner, count: 1)
            try Self.deleteEntry(
                connection, habitID: habitID, owner: owner, date: date, now: now,
                version: version)
            return .written(stored: nil, replaced: stored.entry)
        }
    }

    /// All the entries in one transaction, or none; `nil` when the habit is
    /// not the owner's.
    package func setProgress(_ entries: [ProgressEntry], habitID: Int64, owner: Int64)
        throws(StoreError) -> Int?
    {
        try writeTransaction { connection throws(StoreError) -> Int? in
            try Self.lockOwner(connection, owner: owner)
            guard try Self.owns(connection, habitID: habitID, owner: owner) else { return nil }
            try Self.writeEntries(
                connection, entries, habitID: habitID, owner: owner, progress: nil)
            return entries.count
        }
    }

    /// The owner's habit with its version, with the owner locked, then the
    /// habit.
    private static func lockedHabit(
        _ connection: Connection, _ id: Int64, _ owner: Int64, deleting: Bool
    ) throws(StoreError) -> Versioned<Habit>? {
        try lockOwner(connection, owner: owner)
        return try habitForWrite(connection, id: id, owner: owner, deleting: deleting)
    }

    /// A day's write of the owner's habit that `plan` decides from the
    /// day's stored entry; `nil` when the habit is not the owner's.
    private func plannedEntryWrite(
        _ idempotency: IdempotencyRecord<GuardedWrite<ProgressEntry>?>?, habitID: Int64,
        owner: Int64, date: LocalDate,
        _ plan: (Versioned<ProgressEntry>?) throws(StoreError) -> EntryWritePlan
    ) throws(StoreError) -> Idempotent<GuardedWrite<ProgressEntry>?> {
        try writeOnce(idempotency) {
            connection throws(StoreError) -> GuardedWrite<ProgressEntry>? in
            guard let stored = try Self.ownedEntry(connection, habitID, owner, date) else {
                return nil
            }
            return try Self.carryOut(
                try plan(stored.entry), connection, habitID: habitID, owner: owner,
                replaced: stored.entry)
        }
    }

    /// The day's entry of the owner's habit (inside a `StoredEntry` so that an
    /// owned habit without one is told from a habit that is not the
    /// owner's, `nil`), with the owner locked.
    private static func ownedEntry(
        _ connection: Connection, _ habitID: Int64, _ owner: Int64, _ date: LocalDate
    ) throws(StoreError) -> StoredEntry? {
        try lockOwner(connection, owner: owner)
        guard try owns(connection, habitID: habitID, owner: owner) else { return nil }
        return StoredEntry(entry: try storedEntry(connection, habitID: habitID, date: date))
    }

    /// Makes the write a plan decided, if any, with the owner's next
    /// change number.
    private static func carryOut(
        _ plan: EntryWritePlan, _ connection: Connection, habitID: Int64, owner: Int64,
        replaced: Versioned<ProgressEntry>?
    ) throws(StoreError) -> GuardedWrite<ProgressEntry> {
        switch plan {
        case .answer(let answer): return answer
        case .write(let entry):
            let version = try nextVersion(connection, owner: owner, count: 1)
            try writeEntry(connection, entry, habitID: habitID, owner: owner, version: version)
            return .written(stored: Versioned(entry, version: version), replaced: replaced)
        }
    }
}

/// A day's entry, or none, of a habit found to be the owner's.
private struct StoredEntry {
    var entry: Versioned<ProgressEntry>?
}
