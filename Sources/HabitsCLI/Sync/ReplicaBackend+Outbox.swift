import Foundation
import HabitCore
import HabitStorage
import HabitStore

extension ReplicaBackend {
    /// The changes the server refused, in the order they were made.
    func rejected() throws(CommandError) -> [SyncOperation] {
        do {
            return try store.replica(owner: owner) { replica throws(StoreError) in
                try replica.outbox(state: .rejected).compactMap(SyncOperation.init(record:))
            }
        } catch {
            throw CommandError.store(error)
        }
    }

    /// The name of every habit the replica or the outbox knows, by id: a
    /// habit whose creation was refused is named by its creation.
    func habitNames() -> [Int64: String] {
        var names: [Int64: String] = [:]
        let outbox =
            (try? store.replica(owner: owner) { replica throws(StoreError) in
                try replica.outbox().compactMap(SyncOperation.init(record:))
            }) ?? []
        for operation in outbox {
            if case .createHabit(let fields) = operation.change {
                names[operation.habitID] = fields.name
            }
        }
        for habit in (try? store.habits(owner: owner, status: .all)) ?? [] {
            names[habit.id] = habit.name
        }
        return names
    }

    /// The waiting changes whose saved form this version cannot read
    /// (damaged, or a newer version's): never sent, so never counted as
    /// sent; kept until a newer version sends them or they are dropped.
    func unreadable() throws(CommandError) -> [OutboxRecord] {
        do {
            return try store.replicaSnapshot(owner: owner) { replica throws(StoreError) in
                try replica.outbox(state: .pending).filter { SyncOperation(record: $0) == nil }
            }
        } catch {
            throw CommandError.store(error)
        }
    }

    /// How many changes wait to be sent, and since when.
    func pendingSummary() throws(CommandError) -> (count: Int, since: Date?) {
        do {
            return try store.replica(owner: owner) { replica throws(StoreError) in
                try replica.pendingSummary()
            }
        } catch {
            throw CommandError.store(error)
        }
    }

    /// Sends the refused changes again (`retrying`: each applied to the
    /// replica again and queued, unless this device's own checks refuse it
    /// now) or drops them for good, with the waiting ones this version
    /// cannot read (`unreadable()`); returns how many were dropped.
    @discardableResult
    func changeRejected(retrying: Bool) throws(CommandError) -> Int {
        let now = clock.now()
        do {
            return try store.replica(owner: owner) { replica throws(StoreError) -> Int in
                guard retrying else {
                    let unreadable = try replica.outbox(state: .pending).filter {
                        SyncOperation(record: $0) == nil
                    }
                    let dropped = try replica.outbox(state: .rejected) + unreadable
                    for operation in dropped { try replica.removeOutbox(operation.sequence) }
                    return dropped.count
                }
                for operation in try replica.outbox(state: .rejected) {
                    // One this version cannot read stays as it is.
                    guard let parsed = SyncOperation(record: operation) else { continue }
                    do throws(StoreError) {
                        _ = try parsed.apply(in: replica, now: now)
                        try replica.markOutbox(
                            operation.sequence, state: .pending, attempts: operation.attempts,
                            lastError: operation.lastError)
                    } catch {
                        try replica.markOutbox(
                            operation.sequence, state: .rejected, attempts: operation.attempts,
                            lastError: OutboxFailure(error).text)
                    }
                }
                return 0
            }
        } catch {
            throw CommandError.store(error)
        }
    }

    /// Deletes the replica's files (with `logout`).
    func removeReplica() {
        store.close()
        KeptReplica(path: store.path).remove()
    }
}
