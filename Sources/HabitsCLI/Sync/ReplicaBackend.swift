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

    /// The replica's file for `server` and `account`: a name made of a
    /// hash of both, so neither shows in the file system, hashed once and
    /// kept beside the session (`ReplicaName`).
    static func path(paths: CLIPaths, server: String, account: String) -> String? {
        guard
            let name = ReplicaName(path: paths.replicaNameFile).name(
                server: server, account: account)
        else { return nil }
        return AtomicFile.join(paths.dataDirectory, name)
    }

    /// The replica's file for the account `client` is signed in to, if any.
    static func path(client: HabitAPIClient, paths: CLIPaths) -> String? {
        guard let status = try? client.signInStatus(), let summary = status.session,
            summary.isForConfiguredServer
        else { return nil }
        return path(
            paths: paths, server: client.configuration.baseURLString,
            account: summary.userID ?? summary.email)
    }

    /// Local mode's reading of an existing replica, for `habits prompt`:
    /// no network, no sync; `nil` when this device has none.
    static func localCopy(selection: ServerSelection, context: CommandContext)
        throws(CommandError) -> LocalBackend?
    {
        let client = try RemoteBackend.makeClient(selection: selection, context: context)
        let paths = try context.paths()
        guard let path = path(client: client, paths: paths) else {
            if let problem = sessionProblem(
                client: client, paths: paths, clock: context.environment.clock)
            {
                throw problem
            }
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        try checkNotCutShort(path)
        do {
            let memo = SchemaCheckFile(path: paths.schemaCheckFile(for: path))
            let store = try SQLiteStore(
                path: path, readerCount: 0, role: .client, schemaCheckMemo: memo)
            let owner = try store.localUser(now: context.environment.clock.now()).id
            return LocalBackend(
                store: store, owner: owner, clock: context.environment.clock, databasePath: path)
        } catch {
            throw CommandError.store(error)
        }
    }

    /// Opens (creating on first use, unless not `creating`) the replica for the signed-in account
    /// of `remote`'s server; `nil` when there is no session for it (the
    /// remote backend then says what is wrong) or no replica can be named.
    static func open(remote: RemoteBackend, context: CommandContext, creating: Bool = true)
        throws(CommandError) -> ReplicaBackend?
    {
        let client = remote.client
        let paths = try context.paths()
        guard let path = path(client: client, paths: paths),
            creating || FileManager.default.fileExists(atPath: path)
        else { return nil }
        let server = client.configuration.baseURLString
        try checkNotCutShort(path)
        do {
            try AtomicFile.createDirectory(paths.dataDirectory)
        } catch {
            throw CommandError.cannotCreateDataDirectory(error)
        }
        let store: SQLiteStore
        let owner: Int64
        do {
            store = try SQLiteStore(
                path: path, readerCount: 0, role: .client,
                schemaCheckMemo: SchemaCheckFile(path: paths.schemaCheckFile(for: path)))
            try store.prepareReplica()
            owner = try store.localUser(now: context.environment.clock.now()).id
        } catch {
            throw CommandError.store(error)
        }
        let settings = (try? ConfigFile(path: paths.configFile).load()) ?? [:]
        return ReplicaBackend(
            mode: .server(url: server), store: store, owner: owner,
            sync: ReplicaSync(
                store: store, owner: owner, client: client, clock: context.environment.clock),
            remote: remote, session: SyncSession(), timeout: ConfigFile.syncTimeout(settings),
            features: ServerFeatureNotes(path: paths.serverFeaturesFile),
            clock: context.environment.clock, notes: context.errorOutput)
    }

    /// Why no copy can be opened when the session is the cause: the saved
    /// sign-in cannot be read, or there is none while the copy kept for this
    /// server holds changes not sent (`KeptReplica`). Either is said with
    /// what happens to those changes, never as another cause (an older
    /// server, no list saved). `nil` otherwise.
    static func sessionProblem(client: HabitAPIClient, paths: CLIPaths, clock: WallClock)
        -> CommandError?
    {
        // A copy that cannot be read is reported when a command opens it;
        // here it only goes unmentioned.
        func waiting() -> Int {
            (try? KeptReplica.find(client: client, paths: paths)?.waiting(
                paths: paths, clock: clock)) ?? 0
        }
        let status: SignInStatus
        do {
            status = try client.signInStatus()
        } catch {
            return CommandError.api(error).keepingChanges(waiting())
        }
        guard status.session == nil else { return nil }
        let kept = waiting()
        return kept > 0 ? .notSignedIn(keeping: kept) : nil
    }

    /// Refuses a copy that is an empty file: SQLite would take it for a new
    /// database, and the copy would look new, its waiting changes silently
    /// gone. Checked before opening: a new copy does not exist yet then,
    /// and gets its tables in the same command. One stat(2) per server-mode
    /// command (`attributesOfItem` would also look up the owner's name).
    static func checkNotCutShort(_ path: String) throws(CommandError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 else {
            return
        }
        throw .replicaCutShort(path: path)
    }

    // MARK: Syncing

    /// Syncs once per command, waiting at most `timeout`; says what the
    /// server refused and what replaced another device's value.
    @discardableResult
    func syncOnce(waiting timeout: Double? = nil) async throws(CommandError) -> ReplicaSync.Report?
    {
        if let done = session.state.withLock({ $0.tried ? $0 : nil }) { return done.report }
        let report: ReplicaSync.Report?
        do {
            report = try await session.run(sync, timeout: timeout ?? self.timeout)
        } catch {
            throw CommandError.store(error)
        }
        session.state.withLock { state in
            state.tried = true
            state.report = report
            state.timedOut = report == nil
        }
        if let report {
            if report.feedAbsent {
                // No copy is kept of a server without the feed: a replica
                // that never synced and holds no change goes.
                if (try? hasSynced()) == false, (try? pendingSummary().count) == 0 {
                    removeReplica()
                }
                features.record(
                    .changeFeed, available: false, on: remote.client.configuration.baseURLString,
                    now: clock.now())
            } else if report.failure == nil, !report.busy {
                features.record(
                    .changeFeed, available: true, on: remote.client.configuration.baseURLString,
                    now: clock.now())
            }
            tell(report)
        }
        return report
    }

    /// Says each refused change and each conflict of `report`.
    func tell(_ report: ReplicaSync.Report) {
        // The names are read (the outbox and every habit, under the write
        // lock) only for something to say: most syncs have nothing.
        let names =
            report.rejected.isEmpty && report.conflicts.isEmpty ? [:] : habitNames()
        for operation in report.rejected {
            let name = names[operation.habitID] ?? "habit \(operation.habitID)"
            notes.line(
                SyncWords.rejected(
                    habit: name, change: operation.change, reason: operation.lastError))
        }
        if !report.rejected.isEmpty { notes.line(SyncWords.rejectedHint) }
        for conflict in report.conflicts where !conflict.fields.isEmpty {
            let habit = names[conflict.habitID] ?? "habit \(conflict.habitID)"
            for field in conflict.fields {
                notes.line(SyncWords.conflict(habit: habit, field: field))
            }
        }
        for conflict in report.conflicts where conflict.fields.isEmpty {
            notes.line(
                SyncWords.conflict(
                    habit: names[conflict.habitID] ?? "habit \(conflict.habitID)",
                    date: conflict.date,
                    ours: conflict.ours, theirs: conflict.theirs))
        }
        if report.conflicts.contains(where: { $0.fields.isEmpty }) {
            notes.line(SyncWords.conflictHint)
        }
        if report.conflicts.contains(where: { !$0.fields.isEmpty }) {
            notes.line(SyncWords.habitConflictHint)
        }
        for day in report.droppedNotes {
            notes.line(SyncWords.noteDropped(date: day.date))
        }
    }

    /// Whether the replica has ever reached the head of the feed.
    private func hasSynced() throws(CommandError) -> Bool {
        do {
            return try store.replicaSnapshot(owner: owner) { replica throws(StoreError) in
                try replica.state(ReplicaState.cursor) != nil
            }
        } catch {
            throw CommandError.store(error)
        }
    }

    /// When the replica last reached the head of the feed: the time this
    /// command's sync recorded, else the one read from the replica.
    func syncedAt() -> Date? {
        if let recorded = session.state.withLock({ $0.report?.syncedAt }) { return recorded }
        return
            (try? store.replicaSnapshot(owner: owner) { replica throws(StoreError) in
                try replica.state(ReplicaState.syncedAt)
            }).flatMap { $0 }.flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
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
    private func writeThrough() async throws(CommandError) -> RemoteBackend? {
        if try hasSynced() { return nil }
        let report = try await syncOnce()
        if report?.feedAbsent == true { return remote }
        return try hasSynced() ? nil : remote
    }

    /// Records `change` in the replica and its outbox in one transaction,
    /// then sends it; says once when it could not be sent now.
    private func record<Result: Sendable>(
        _ body: (ReplicaTransaction, Date) throws(StoreError) -> Result
    ) async throws(CommandError) -> Result {
        let result: Result
        do {
            result = try store.replica(owner: owner) { replica throws(StoreError) in
                try body(replica, clock.now())
            }
        } catch {
            throw CommandError.store(error)
        }
        // A sync that ran before this change (a read of the same command)
        // did not send it.
        session.state.withLock { $0.tried = false }
        let report = try await syncOnce()
        // Not sent by this command: no answer in time, a failure, or another
        // process syncing (which may or may not have taken it).
        if report == nil || report?.failure != nil || report?.busy == true {
            let say = session.state.withLock { state in
                defer { state.saidSaved = true }
                return !state.saidSaved
            }
            if say {
                notes.line(SyncWords.savedOnDevice)
                // Something to act on (signed out, say): said with its hint.
                if let failure = report?.failure, !SyncWords.isOutage(failure) {
                    HabitsCommandLine.report(CommandError.api(failure), to: notes)
                }
            }
        }
        return result
    }

    /// Appends `operation` (given its id and key) after applying it.
    private static func queue(
        _ change: SyncOperation.Change, habitID: Int64, date: LocalDate?,
        in replica: ReplicaTransaction, now: Date
    ) throws(StoreError) -> SyncOperation.Applied? {
        var base: Habit?
        if case .updateHabit = change { base = try replica.habit(id: habitID) }
        let operation = SyncOperation(
            habitID: habitID, change: change, idempotencyKey: HabitAPIClient.makeIdempotencyKey(),
            baseVersion: try replica.version(habitID: habitID, date: date), baseHabit: base,
            createdAt: now)
        guard let applied = try operation.apply(in: replica, now: now) else { return nil }
        try replica.appendOutbox(operation.record)
        return applied
    }

    /// The id a habit has now: a provisional one may have been answered.
    private func currentID(_ id: Int64) -> Int64 {
        guard id < 0 else { return id }
        return
            (try? store.replica(owner: owner) { replica throws(StoreError) in
                try replica.serverID(forProvisional: id)
            }).flatMap { $0 } ?? id
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

    // MARK: - HabitBackend: writes

    func createHabit(_ fields: HabitFields) async throws(CommandError) -> Habit {
        if let remote = try await writeThrough() { return try await remote.createHabit(fields) }
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(
                .createHabit(fields), habitID: try replica.nextProvisionalID(), date: nil,
                in: replica, now: now)
        }
        guard case .habit(let habit)? = applied else {
            throw CommandError.habitNotAddedToCopy
        }
        return (try? await local.habit(id: currentID(habit.id))) ?? habit
    }

    func updateHabit(id: Int64, changes: HabitChanges) async throws(CommandError) -> Habit {
        if let remote = try await writeThrough() {
            return try await remote.updateHabit(id: id, changes: changes)
        }
        let current = try await local.habit(id: currentID(id))
        do {
            _ = try changes.applied(to: current.fields)
        } catch {
            throw CommandError.habitNotChanged(error)
        }
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(
                .updateHabit(changes), habitID: current.id, date: nil, in: replica, now: now)
        }
        guard case .habit(let habit)? = applied else {
            throw CommandError.habitNotFound(String(id))
        }
        return (try? await local.habit(id: currentID(habit.id))) ?? habit
    }

    func deleteHabit(id: Int64) async throws(CommandError) {
        if let remote = try await writeThrough() { return try await remote.deleteHabit(id: id) }
        let habitID = currentID(id)
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(.deleteHabit, habitID: habitID, date: nil, in: replica, now: now)
        }
        if applied == nil { throw CommandError.habitNotFound(String(id)) }
    }

    func addToEntry(habitID: Int64, date: LocalDate, amount: Decimal, note: NoteChange)
        async throws(CommandError) -> ProgressEntry
    {
        if let remote = try await writeThrough() {
            return try await remote.addToEntry(
                habitID: habitID, date: date, amount: amount, note: note)
        }
        let id = currentID(habitID)
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(
                .increment(date: date, amount: amount, note: note), habitID: id, date: date,
                in: replica, now: now)
        }
        guard case .entry(let entry)? = applied else {
            throw CommandError.habitNotFound(String(habitID))
        }
        return (try? await local.entries(habitID: currentID(id), from: date, to: date).first)
            ?? entry
    }

    func setEntry(_ entry: ProgressEntry, note: NoteChange, habitID: Int64)
        async throws(CommandError) -> ProgressEntry
    {
        if let remote = try await writeThrough() {
            return try await remote.setEntry(entry, note: note, habitID: habitID)
        }
        let id = currentID(habitID)
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(
                .setEntry(entry, note: note), habitID: id, date: entry.date, in: replica, now: now)
        }
        guard case .entry(let stored)? = applied else {
            throw CommandError.habitNotFound(String(habitID))
        }
        return
            (try? await local.entries(habitID: currentID(id), from: entry.date, to: entry.date)
            .first)
            ?? stored
    }

    func deleteEntry(habitID: Int64, date: LocalDate) async throws(CommandError) {
        if let remote = try await writeThrough() {
            return try await remote.deleteEntry(habitID: habitID, date: date)
        }
        let id = currentID(habitID)
        let applied = try await record { (replica, now) throws(StoreError) in
            try Self.queue(.deleteEntry(date: date), habitID: id, date: date, in: replica, now: now)
        }
        if applied == nil { throw CommandError.habitNotFound(String(habitID)) }
    }
}
