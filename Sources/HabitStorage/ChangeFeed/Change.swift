import HabitCore

/// One entry of a store's change feed: HabitCore's `FeedChange` with the
/// number of the change that made it so as its version.
package typealias Change = FeedChange<Int64>

extension FeedChange where Version == Int64 {
    /// A habit as a store read it, with its version.
    package static func habit(_ habit: Versioned<Habit>) -> Change {
        .habit(habit.value, version: habit.version)
    }

    /// A day's entry as a store read it, with its version.
    package static func entry(habitID: Int64, _ entry: Versioned<ProgressEntry>) -> Change {
        .entry(habitID: habitID, entry.value, version: entry.version)
    }

    /// The change's number in its owner's feed.
    package var number: Int64 { version }
}
