import HabitCore

/// What of an owner's habits still reads in a database that may be damaged
/// (`SQLiteStore.salvage(owner:)`): each habit whose row reads, with its
/// entries that read, and a sentence for each part left out.
public struct StoreSalvage: Sendable {
    /// A habit and its readable entries, sorted by date.
    public struct Item: Sendable {
        public var habit: Habit
        public var entries: [ProgressEntry]
    }

    public var items: [Item] = []
    /// What was left out and why, one sentence each, in the order found.
    public var leftOut: [String] = []
}
