import Foundation
import HabitClient
import HabitConcurrency
import HabitCore
import HabitFiles
import HabitStorage
import HabitStore

/// Writes in server mode with a replica: applied to the replica and queued
/// in its outbox in one transaction, then sent (or the server takes them
/// when the replica cannot yet).
extension ReplicaBackend {
    /// Records `change` in the replica and its outbox in one transaction,
    /// then sends it; says once when it could not be sent now.
    func record<Result: Sendable>(
        _ body: (ReplicaTransaction, Date) throws(StoreError) -> Result
    ) async throws(CommandError) -> Result {
        let result: Result
        do {
            result = try store.replica(owner: owner) { replica throws(StoreError) in
                try body(replica, clock.now())
            }
        } catch {
            throw CommandError.store(error)
        }
        // A sync that ran before this change (a read of the same command)
        // did not send it.
        session.state.withLock { $0.tried = false }
        let report = try await syncOnce()
        // Not sent by this command: no answer in time, a failure, or another
        // process syncing (which may or may not have taken it).
        if report == nil || report?.failure != nil || report?.busy == true {
            let say = session.state.withLock { state in
                defer { state.saidSaved = true }
                return !state.saidSaved
            }
            if say {
                notes.line(SyncWords.savedOnDevice)
                // Something to act on (signed out, say): said with its hint.
                if let failure = report?.failure, !SyncWords.isOutage(failure) {
                    HabitsCommandLine.report(CommandError.api(failure), to: notes)
                }
            }
        }
        return result
    }

    /// Appends `operation` (given its id and key) after applying it.
    private static func queue(
        _ change: SyncWrite.Action, habitID: Int64, date: LocalDate?,
        in replica: ReplicaTransaction, now: Date
    ) throws(StoreError) -> SyncOperation.Applied? {
        var base: Habit?
        if case .updateHabit = change { base = try replica.habit(id: habitID) }
        let operation = SyncOperation(
            habitID: habitID, change: change, idempotencyKey: HabitAPIClient.makeIdempotencyKey(),
            baseVersion: try replica.version(habitID: habitID, date: date), baseHabit: base,
            createdAt: now)
        guard let applied = try operation.apply(in: replica, now: now) else { return nil }
        try replica.appendOutbox(operation.record)
        return applied
    }

    /// The id a habit has now: a provisional one may have been answered.
    func currentID(_ id: Int64) -> Int64 {
        guard id < 0 else { return id }
        return
            (try? store.replica(owner: owner) { replica throws(StoreError) in
                try replica.serverID(forProvisional: id)
            }).flatMap { $0 } ?? id
    }

    func createHabit(_ fields: HabitFields) async throws(CommandError) -> Habit {
        if let remote = try await writeThrough() { return try await remote.createHabit(fields) }
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(
                .createHabit(fields), habitID: try replica.nextProvisionalID(), date: nil,
                in: replica, now: now)
        }
        guard case .habit(let habit)? = applied else {
            throw CommandError.habitNotAddedToCopy
        }
        return (try? await local.habit(id: currentID(habit.id))) ?? habit
    }

    func updateHabit(id: Int64, changes: HabitChanges) async throws(CommandError) -> Habit {
        if let remote = try await writeThrough() {
            return try await remote.updateHabit(id: id, changes: changes)
        }
        let current = try await local.habit(id: currentID(id))
        do {
            _ = try changes.applied(to: current.fields)
        } catch {
            throw CommandError.habitNotChanged(error)
        }
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(
                .updateHabit(changes), habitID: current.id, date: nil, in: replica, now: now)
        }
        guard case .habit(let habit)? = applied else {
            throw CommandError.habitNotFound(String(id))
        }
        return (try? await local.habit(id: currentID(habit.id))) ?? habit
    }

    func deleteHabit(id: Int64) async throws(CommandError) {
        if let remote = try await writeThrough() { return try await remote.deleteHabit(id: id) }
        let habitID = currentID(id)
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(.deleteHabit, habitID: habitID, date: nil, in: replica, now: now)
        }
        if applied == nil { throw CommandError.habitNotFound(String(id)) }
    }

    func addToEntry(habitID: Int64, date: LocalDate, amount: Decimal, note: NoteChange)
        async throws(CommandError) -> ProgressEntry
    {
        if let remote = try await writeThrough() {
            return try await remote.addToEntry(
                habitID: habitID, date: date, amount: amount, note: note)
        }
        let id = currentID(habitID)
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(
                .increment(date: date, amount: amount, note: note), habitID: id, date: date,
                in: replica, now: now)
        }
        guard case .entry(let entry)? = applied else {
            throw CommandError.habitNotFound(String(habitID))
        }
        return (try? await local.entries(habitID: currentID(id), from: date, to: date).first)
            ?? entry
    }

    func setEntry(_ entry: ProgressEntry, note: NoteChange, habitID: Int64)
        async throws(CommandError) -> ProgressEntry
    {
        if let remote = try await writeThrough() {
            return try await remote.setEntry(entry, note: note, habitID: habitID)
        }
        let id = currentID(habitID)
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(
                .setEntry(entry, note: note), habitID: id, date: entry.date, in: replica, now: now)
        }
        guard case .entry(let stored)? = applied else {
            throw CommandError.habitNotFound(String(habitID))
        }
        return
            (try? await local.entries(habitID: currentID(id), from: entry.date, to: entry.date)
            .first)
            ?? stored
    }

    func deleteEntry(habitID: Int64, date: LocalDate) async throws(CommandError) {
        if let remote = try await writeThrough() {
            return try await remote.deleteEntry(habitID: habitID, date: date)
        }
        let id = currentID(habitID)
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(.deleteEntry(date: date), habitID: id, date: date, in: replica, now: now)
        }
        if applied == nil { throw CommandError.habitNotFound(String(habitID)) }
    }
}
