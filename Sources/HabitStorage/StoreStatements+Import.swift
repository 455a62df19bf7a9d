import Foundation
import HabitCore

/// `HabitRepository.importHabits`, written once for both stores.
extension StoreStatements {
    /// One write transaction holding the owner's lock, so the limits it
    /// checks cannot change before it commits; the plan sees the owner's
    /// habits and entries through that transaction. Entries into existing
    /// habits are written first; each new habit is numbered before its
    /// entries, and keeps its preferred id when that is above every id the
    /// store has given.
    package func importHabits<Outcome: Sendable>(
        owner: Int64, now: Date,
        _ plan: (any HabitImportSnapshot) throws(StoreError) -> (HabitImportWrite, Outcome)
    ) throws(StoreError) -> (created: [Habit], outcome: Outcome) {
        try writeTransaction {
            connection throws(StoreError) -> (created: [Habit], outcome: Outcome) in
            try Self.lockOwner(connection, owner: owner)
            let habits = try Self.allHabits(connection, owner: owner)
            let snapshot = ImportSnapshot<Self>(
                connection: connection, owner: owner, habits: habits)
            let (write, outcome) = try plan(snapshot)
            if write.isEmpty { return ([], outcome) }
            _ = try write.check(against: habits)
            for (habitID, entries) in write.entries.sorted(by: { $0.key < $1.key }) {
                try Self.writeEntries(
                    connection, entries, habitID: habitID, owner: owner, progress: write.progress)
            }
            var highest = try Self.highestHabitID(connection)
            var created: [Habit] = []
            for new in write.newHabits {
                let createdAt = new.createdAt ?? now
                let row = HabitInsert(
                    fields: new.fields, status: new.status, createdAt: createdAt,
                    updatedAt: new.updatedAt ?? createdAt,
                    keptID: new.preferredID.flatMap { $0 > highest ? $0 : nil })
                let version = try Self.nextVersion(connection, owner: owner, count: 1)
                let id = try Self.insertHabit(connection, row, owner: owner, version: version)
                highest = max(highest, id)
                try Self.writeEntries(
                    connection, new.entries, habitID: id, owner: owner, progress: write.progress)
                created.append(row.habit(id: id))
            }
            return (created, outcome)
        }
    }
}

/// The owner's habits inside an import's transaction.
private struct ImportSnapshot<Store: StoreStatements>: HabitImportSnapshot {
    let connection: Store.Connection
    let owner: Int64
    let habits: [Habit]

    func entries(habitID: Int64) throws(StoreError) -> [ProgressEntry] {
        try Store.allEntries(connection, habitID: habitID, owner: owner)
    }
}
