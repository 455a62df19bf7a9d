import HabitCore
import HabitStorage
import HabitStore

/// What `LocalBackend.open` read to check a database (every habit of the
/// local user, with its history checkpoint record), kept for the command's
/// own reads of habits until the store next writes: a command reads its
/// habits once, not once for the check and again for the work.
///
/// Any write of the store (the command's, or a checkpoint saved on the way)
/// sets it aside, so a command never shows habits from before its own
/// change. Another process's write after the check is seen as one that
/// came just before it: a command's reads were never one snapshot.
struct OpeningRead: Sendable {
    let habits: [Habit]
    let records: [Int64: HistoryCheckpointRecord]
    /// The store's `writeCount` when they were read.
    let writeCount: UInt

    /// Every habit with its record, while `store` has not written since.
    func rows(unlessWrittenSince store: SQLiteStore)
        -> (habits: [Habit], records: [Int64: HistoryCheckpointRecord])?
    {
        store.writeCount == writeCount ? (habits, records) : nil
    }
}
