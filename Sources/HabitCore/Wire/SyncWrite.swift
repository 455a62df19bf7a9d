import Foundation

/// One write a replica queues and sends: which habit, and what to do to it.
///
/// One type for the command line's outbox, the client that sends it and the
/// outbox row that keeps it (`OutboxPayload`), so a kind of write added in
/// one place is there in all three.
package struct SyncWrite: Hashable, Sendable {
    /// What the write does; `increment` adds, so increments made on several
    /// devices add up, and the rest apply in the server's order.
    package enum Action: Hashable, Sendable {
        case createHabit(HabitFields)
        case updateHabit(HabitChanges)
        case deleteHabit
        case increment(date: LocalDate, amount: Decimal, note: NoteChange)
        case setEntry(ProgressEntry, note: NoteChange)
        case deleteEntry(date: LocalDate)

        /// Whether it adds a habit (whose id the server then gives).
        package var isCreate: Bool {
            if case .createHabit = self { return true }
            return false
        }

        /// The day it changes, `nil` for a write of the habit itself.
        package var date: LocalDate? {
            switch self {
            case .createHabit, .updateHabit, .deleteHabit: return nil
            case .increment(let date, _, _), .deleteEntry(let date): return date
            case .setEntry(let entry, _): return entry.date
            }
        }

        /// The outbox's name for the kind of write (its `kind` column).
        package var kind: String {
            switch self {
            case .createHabit: return "create"
            case .updateHabit: return "edit"
            case .deleteHabit: return "delete"
            case .increment: return "increment"
            case .setEntry: return "set"
            case .deleteEntry: return "delete_entry"
            }
        }
    }

    /// Ignored for `createHabit`.
    package var habitID: Int64
    package var action: Action

    package init(habitID: Int64, action: Action) {
        self.habitID = habitID
        self.action = action
    }
}
