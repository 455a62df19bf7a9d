import Foundation
import HabitCore

/// What one import writes, decided by the caller inside the import's
/// transaction (see `HabitRepository.importHabits`).
package struct HabitImportWrite: Sendable {
    /// A habit to create, with its entries.
    package struct NewHabit: Sendable {
        package var fields: HabitFields
        package var status: HabitStatus
        /// Kept when given (an export of ours read back); else the import's time.
        package var createdAt: Date?
        package var updatedAt: Date?
        /// The id to give the habit when no habit ever had it (an id above
        /// every id given so far), so an export read into an empty store
        /// keeps its ids; else the next id.
        package var preferredID: Int64?
        package var entries: [ProgressEntry]

        package init(
            fields: HabitFields, status: HabitStatus, createdAt: Date? = nil,
            updatedAt: Date? = nil, preferredID: Int64? = nil, entries: [ProgressEntry]
        ) {
            self.fields = fields
            self.status = status
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.preferredID = preferredID
            self.entries = entries
        }
    }

    package var newHabits: [NewHabit]
    /// Entries to write (replacing the day's entry) into existing habits of
    /// the owner, by habit id.
    package var entries: [Int64: [ProgressEntry]]
    /// Told how many more entries were written, every few hundred, for a
    /// progress bar. Called inside the transaction: it must not use the store.
    package var progress: (@Sendable (Int) -> Void)?

    package init(
        newHabits: [NewHabit] = [], entries: [Int64: [ProgressEntry]] = [:],
        progress: (@Sendable (Int) -> Void)? = nil
    ) {
        self.newHabits = newHabits
        self.entries = entries
        self.progress = progress
    }

    package var isEmpty: Bool { newHabits.isEmpty && entries.values.allSatisfy(\.isEmpty) }

    /// Checks the write against the owner's `existing` habits, before any
    /// of it is made: the total and active habit limits, and that every
    /// habit it adds entries to is one of them (every store's import runs
    /// this inside its transaction). Returns the ids of `existing`.
    package func check(against existing: [Habit]) throws(StoreError) -> Set<Int64> {
        try HabitRoom(habits: existing).checkAdding(
            habits: newHabits.count, active: newHabits.filter { $0.status == .active }.count)
        let owned = Set(existing.map(\.id))
        if let stranger = entries.keys.sorted().first(where: { !owned.contains($0) }) {
            // 19 is SQLITE_CONSTRAINT: what a foreign key would have said.
            throw .sqlite(code: 19, message: "habit \(stranger) is not the owner's")
        }
        return owned
    }
}

/// The owner's habits as an import's transaction sees them, and their entries.
///
/// Valid only inside the `plan` closure it is passed to: it reads through
/// the transaction.
package protocol HabitImportSnapshot {
    /// Every habit of the owner, archived ones included, ordered by id.
    var habits: [Habit] { get }

    /// Every entry of one of those habits, sorted by date.
    func entries(habitID: Int64) throws(StoreError) -> [ProgressEntry]
}
