import Foundation
import HabitClient
import HabitConcurrency
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
/// This file reads in `ReadSource`'s order (`ServerModeReader`); opening is in
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

    /// Before a read: sync, then whether the replica answers it (`false`
    /// when the server has no feed, or the replica never synced while the
    /// server cannot be reached), saying once how old it is when the sync
    /// did not finish.
    func replicaAnswers() async throws(CommandError) -> Bool {
        let report = try await syncOnce()
        if report?.feedAbsent == true { return false }
        if report?.pulled == true { return true }
        // Another process syncing a replica that never synced: the server answers.
        if try !hasSynced() { return false }
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
        return true
    }

    /// A read in `ReadSource`'s order (`ServerModeReader.read`): the
    /// replica after a sync when it answers, else the server, `remote`,
    /// which falls back on the saved list itself where that can answer.
    func read<T>(
        replica: @escaping (LocalBackend) async throws(CommandError) -> T,
        server: @escaping (RemoteBackend) async throws(CommandError) -> T
    ) async throws(CommandError) -> T {
        let local = local
        let remote = remote
        var fromReplica: (() async throws(CommandError) -> T)?
        if try await replicaAnswers() {
            fromReplica = { () async throws(CommandError) in try await replica(local) }
        }
        return try await ServerModeReader.read(
            replica: fromReplica,
            server: { () async throws(CommandError) in try await server(remote) })
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
        try await read { (local) async throws(CommandError) in
            var overview = try await local.overview(
                status: status, on: date, entriesFrom: entriesFrom)
            overview.syncedAt = syncedAt()
            return overview
        } server: { (remote) async throws(CommandError) in
            try await remote.overview(status: status, on: date, entriesFrom: entriesFrom)
        }
    }

    func habits(status: HabitStatusFilter) async throws(CommandError) -> [Habit] {
        try await read { (local) async throws(CommandError) in
            try await local.habits(status: status)
        } server: { (remote) async throws(CommandError) in
            try await remote.habits(status: status)
        }
    }

    func habit(id: Int64) async throws(CommandError) -> Habit {
        try await read { (local) async throws(CommandError) in
            try await local.habit(id: currentID(id))
        } server: { (remote) async throws(CommandError) in
            try await remote.habit(id: id)
        }
    }

    func habit(for reference: HabitReference) async throws(CommandError) -> Habit {
        try await read { (local) async throws(CommandError) in
            try await local.habit(for: reference)
        } server: { (remote) async throws(CommandError) in
            try await remote.habit(for: reference)
        }
    }

    func entries(habitID: Int64, from: LocalDate, to: LocalDate) async throws(CommandError)
        -> [ProgressEntry]
    {
        try await read { (local) async throws(CommandError) in
            try await local.entries(habitID: currentID(habitID), from: from, to: to)
        } server: { (remote) async throws(CommandError) in
            try await remote.entries(habitID: habitID, from: from, to: to)
        }
    }

    func historyAndStats(of habit: Habit, from: LocalDate, to: LocalDate, asOf date: LocalDate)
        async throws(CommandError) -> (history: HabitHistory, stats: HabitStats)
    {
        try await read { (local) async throws(CommandError) in
            try await local.historyAndStats(of: habit, from: from, to: to, asOf: date)
        } server: { (remote) async throws(CommandError) in
            try await remote.historyAndStats(of: habit, from: from, to: to, asOf: date)
        }
    }

    func history(of habit: Habit, from: LocalDate, to: LocalDate, today: LocalDate)
        async throws(CommandError) -> HistoryReport
    {
        try await read { (local) async throws(CommandError) in
            try await local.history(of: habit, from: from, to: to, today: today)
        } server: { (remote) async throws(CommandError) in
            try await remote.history(of: habit, from: from, to: to, today: today)
        }
    }

    func entries(of habitIDs: [Int64], from: LocalDate, to: LocalDate) async throws(CommandError)
        -> [Int64: [ProgressEntry]]
    {
        try await read { (local) async throws(CommandError) in
            try await local.entries(of: habitIDs, from: from, to: to)
        } server: { (remote) async throws(CommandError) in
            try await remote.entries(of: habitIDs, from: from, to: to)
        }
    }
}
