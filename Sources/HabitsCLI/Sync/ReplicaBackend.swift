import Foundation
import HabitClient
import HabitCore
import HabitFiles
import HabitStorage
import HabitStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Server mode with a replica: every habit and entry of the account in a
/// SQLite database on this device, read exactly as local mode reads its own
/// (`LocalBackend` over it), kept in step with the server's change feed.
///
/// A change is applied to the replica and appended to its outbox in one
/// transaction, then the outbox is sent and the feed pulled
/// (`ReplicaSync`); when the server cannot be reached the change stays
/// queued and the command still succeeds, saying so once. Reads first sync
/// for at most the `sync-timeout` setting, then answer from the replica,
/// saying how old it is when the sync did not finish. A server without the
/// feed, or a replica that never synced while the server cannot be reached,
/// gets today's online-only behaviour (`RemoteBackend`).
///
/// This file routes each read to the replica or the server; opening is in
/// `+Opening`, syncing in `+Syncing`, writes in `+Writes`, the outbox in
/// `+Outbox`, and what a sync says in `SyncReportNotes`.
struct ReplicaBackend: HabitBackend {
    let mode: BackendMode
    let store: SQLiteStore
    let owner: Int64
    let sync: ReplicaSync
    let remote: RemoteBackend
    let session: SyncSession
    let timeout: Double
    let features: ServerFeatureNotes
    let clock: WallClock
    /// Where notes for people go (standard error).
    let notes: TextOutput

    /// Reads as local mode does, over the replica.
    var local: LocalBackend {
        LocalBackend(store: store, owner: owner, clock: clock, databasePath: store.path)
    }

    /// Before a read: sync, then whether the replica answers (`nil`) or the
    /// server must (no feed there, or a replica never synced while the server
    /// cannot be reached).
    func readThrough() async throws(CommandError) -> RemoteBackend? {
        let report = try await syncOnce()
        if report?.feedAbsent == true { return remote }
        if report?.pulled == true { return nil }
        // Another process syncing a replica that never synced: the server answers.
        if try !hasSynced() { return remote }
        let say = session.state.withLock { state in
            defer { state.saidStale = true }
            return !state.saidStale
        }
        if say {
            notes.line(
                SyncWords.answeringFromReplica(
                    syncedAt: syncedAt(), now: clock.now(), failure: report?.failure,
                    busy: report?.busy == true))
        }
        return nil
    }

    /// Before a write: `remote` when the server has no feed or the replica
    /// never synced (a first sync is tried); `nil` when the replica takes it.
    func writeThrough() async throws(CommandError) -> RemoteBackend? {
        if try hasSynced() { return nil }
        let report = try await syncOnce()
        if report?.feedAbsent == true { return remote }
        return try hasSynced() ? nil : remote
    }

    // MARK: - HabitBackend: reads

    func overview(status: HabitStatusFilter, on date: LocalDate, entriesFrom: LocalDate?)
        async throws(CommandError) -> HabitOverview
    {
        if let remote = try await readThrough() {
            return try await remote.overview(status: status, on: date, entriesFrom: entriesFrom)
        }
        var overview = try await local.overview(status: status, on: date, entriesFrom: entriesFrom)
        overview.syncedAt = syncedAt()
        return overview
    }

    func habits(status: HabitStatusFilter) async throws(CommandError) -> [Habit] {
        if let remote = try await readThrough() { return try await remote.habits(status: status) }
        return try await local.habits(status: status)
    }

    func habit(id: Int64) async throws(CommandError) -> Habit {
        if let remote = try await readThrough() { return try await remote.habit(id: id) }
        return try await local.habit(id: currentID(id))
    }

    func habit(for reference: HabitReference) async throws(CommandError) -> Habit {
        if let remote = try await readThrough() { return try await remote.habit(for: reference) }
        return try await local.habit(for: reference)
    }

    func entries(habitID: Int64, from: LocalDate, to: LocalDate) async throws(CommandError)
        -> [ProgressEntry]
    {
        if let remote = try await readThrough() {
            return try await remote.entries(habitID: habitID, from: from, to: to)
        }
        return try await local.entries(habitID: currentID(habitID), from: from, to: to)
    }

    func historyAndStats(of habit: Habit, from: LocalDate, to: LocalDate, asOf date: LocalDate)
        async throws(CommandError) -> (history: HabitHistory, stats: HabitStats)
    {
        if let remote = try await readThrough() {
            return try await remote.historyAndStats(of: habit, from: from, to: to, asOf: date)
        }
        return try await local.historyAndStats(of: habit, from: from, to: to, asOf: date)
    }

    func entries(of habitIDs: [Int64], from: LocalDate, to: LocalDate) async throws(CommandError)
        -> [Int64: [ProgressEntry]]
    {
        if let remote = try await readThrough() {
            return try await remote.entries(of: habitIDs, from: from, to: to)
        }
        return try await local.entries(of: habitIDs, from: from, to: to)
    }
}
