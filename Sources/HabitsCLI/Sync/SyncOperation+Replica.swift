import Foundation
import HabitCore
import HabitStorage
import HabitStore

extension SyncOperation {
    /// Applies the change to the replica as local mode would (its checks
    /// included), inside the caller's transaction. `nil` when the habit is
    /// not there (applied again over the feed after it was deleted).
    @discardableResult
    func apply(in replica: ReplicaTransaction, now: Date) throws(StoreError) -> Applied? {
        switch change {
        case .createHabit(let fields):
            return .habit(try replica.createHabit(fields, id: habitID, now: now))
        case .updateHabit(let changes):
            guard let current = try replica.habit(id: habitID) else { return nil }
            // Validated by the command before it was queued; applied again
            // over the server's state, it may no longer fit: keep that state.
            guard let fields = try? changes.applied(to: current.fields) else { return nil }
            return try replica.updateHabit(
                id: habitID, fields: fields, status: changes.status ?? current.status, now: now
            ).map(Applied.habit)
        case .deleteHabit:
            return try replica.removeHabit(id: habitID) ? .deleted : nil
        case .increment(let date, let amount, let note):
            return try replica.increment(habitID: habitID, date: date, amount: amount, note: note)
                .map(Applied.entry)
        case .setEntry(let entry, let note):
            guard try replica.habit(id: habitID) != nil else { return nil }
            var stored = entry
            stored.note = note.applied(
                to: try replica.entry(habitID: habitID, date: entry.date)?.note)
            try replica.putEntry(stored, habitID: habitID)
            return .entry(stored)
        case .deleteEntry(let date):
            guard try replica.habit(id: habitID) != nil else { return nil }
            try replica.removeEntry(habitID: habitID, date: date)
            return .deleted
        }
    }

    /// What applying a change left in the replica.
    enum Applied: Hashable, Sendable {
        case habit(Habit)
        case entry(ProgressEntry)
        case deleted
    }
}
