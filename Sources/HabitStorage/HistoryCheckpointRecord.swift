import HabitCore

/// A habit's saved `HistoryCheckpoint`, if any, with the generation of its
/// entries when it was read: a new checkpoint is saved only if no entry of
/// the habit changed since (`HabitRepository.saveHistoryCheckpoint`).
package struct HistoryCheckpointRecord: Hashable, Sendable {
    package var checkpoint: HistoryCheckpoint?
    /// Bumped on every change to the habit's entries.
    package var generation: Int64

    package init(checkpoint: HistoryCheckpoint?, generation: Int64) {
        self.checkpoint = checkpoint
        self.generation = generation
    }
}

extension HabitRepository {
    /// Stores that cannot tell whether another process changed them have no
    /// stamp, so nothing read from them may be cached.
    package func externalWriteStamp(waiting: Bool) throws(StoreError) -> Int64? { nil }

    /// Stores without checkpoints have none: lists then read as much history
    /// as the streak needs.
    package func historyCheckpoints(habitIDs: [Int64], owner: Int64) throws(StoreError)
        -> [Int64: HistoryCheckpointRecord]
    {
        [:]
    }

    /// The habits, then their records: two reads.
    package func habitsWithCheckpoints(owner: Int64, status: HabitStatusFilter)
        throws(StoreError) -> (habits: [Habit], records: [Int64: HistoryCheckpointRecord])
    {
        let habits = try habits(owner: owner, status: status)
        return (habits, try historyCheckpoints(habitIDs: habits.map(\.id), owner: owner))
    }

    /// Stores without checkpoints keep none.
    package func saveHistoryCheckpoint(
        _ checkpoint: HistoryCheckpoint, habitID: Int64, owner: Int64, ifGeneration: Int64
    ) throws(StoreError) {}
}
