import HabitCore
import HabitStorage

/// What of an owner's habits still reads in a database that may be damaged
/// (`SQLiteStore.salvage(owner:)`): each habit whose row reads, with its
/// entries that read, and each part left out with why.
package struct StoreSalvage: Sendable {
    /// A habit and its readable entries, sorted by date.
    package struct Item: Sendable {
        package var habit: Habit
        package var entries: [ProgressEntry]
    }

    /// A part of the database that was left out, and why; the words are
    /// the program's.
    package enum LeftOut: Hashable, Sendable {
        /// A habit whose row does not read.
        case habit(StoreError)
        /// Every entry of habit `habitID`: their table cannot be read.
        case entries(habitID: Int64, StoreError)
        /// `count` entries of habit `habitID` whose rows do not read.
        case unreadableEntries(habitID: Int64, count: Int)
    }

    package var items: [Item] = []
    /// What was left out and why, in the order found.
    package var leftOut: [LeftOut] = []
}
