import Foundation
import HabitClient
import HabitCore
import HabitStorage
import HabitStore

/// Sync's edge: sends the outbox and pulls the feed into the replica,
/// carrying out what `SyncEngine` decides. Each step that changes the
/// replica is one transaction.
struct ReplicaSync: Sendable {
    let store: SQLiteStore
    let owner: Int64
    let client: HabitAPIClient
    let clock: WallClock
    /// Changes per page of the feed: the contract's maximum, so a first
    /// sync of 55,000 entries takes 11 round trips, not 55.
    var pageSize = 5000

    /// What a sync did.
    struct Report: Sendable {
        var sent = 0
        var received = 0
        /// Changes of this device applied again over newer state from the
        /// server (changes made elsewhere meanwhile), and habits created
        /// offline that got their server id.
        var reconciled = 0
        var rejected: [SyncOperation] = []
        var conflicts: [SyncEngine.Conflict] = []
        /// Days the server stored without the note sent.
        var droppedNotes: [SyncEngine.Key] = []
        /// Why the sync stopped before the end (no connection, a server
        /// failure): the rest waits for the next one.
        var failure: APIError?
        /// The server has no change feed (an older server).
        var feedAbsent = false
        /// Whether the pull reached the head of the feed.
        var pulled = false
        /// When it did: the time recorded as the replica's `synced_at`.
        var syncedAt: Date?
        /// Another process was syncing this replica: this one did nothing.
        var busy = false
    }

    /// The lock file beside the replica (`ReplicaLock`).
    var lockPath: String { store.path + ".lock" }

    /// Sends the outbox, then pulls the feed, unless another process is
    /// syncing the replica (`Report.busy`): two processes must never send
    /// the same outbox at once.
    func sync() async throws(StoreError) -> Report {
        var report = Report()
        let lock = ReplicaLock.take(lockPath)
        if case .busy = lock {
            report.busy = true
            return report
        }
        // Held until the sync ends (the lock is released when it is freed).
        defer { withExtendedLifetime(lock) {} }
        // Where the sync starts, read without the write lock: with nothing
        // to send (the usual case) the push writes nothing. The lock keeps
        // every other sync out, so both stay true until the pull.
        let (waiting, cursor) = try store.replicaSnapshot(owner: owner) {
            replica throws(StoreError) in
            (try replica.pendingSummary().count, try replica.state(ReplicaState.cursor))
        }
        let needsResync = waiting > 0 ? try await push(into: &report) : false
        if report.failure != nil { return report }
        try await pull(from: needsResync ? nil : cursor, into: &report)
        return report
    }

    // MARK: Push

    /// Sends the pending changes in order; returns whether the replica must
    /// be rebuilt from the feed (a change was refused).
    private func push(into report: inout Report) async throws(StoreError) -> Bool {
        var after: Int64 = 0
        var resync = false
        while true {
            let pending = try store.replica(owner: owner) { replica throws(StoreError) in
                try replica.outbox(state: .pending).compactMap(SyncOperation.init(record:))
            }
            guard let operation = pending.first(where: { $0.sequence > after }) else { break }
            after = operation.sequence
            let outcome: SyncEngine.Outcome
            do throws(APIError) {
                outcome = .stored(
                    try await client.send(operation.write, idempotencyKey: operation.idempotencyKey)
                )
            } catch {
                outcome = Self.outcome(of: error)
                if case .undelivered = outcome { report.failure = error }
            }
            let (actions, proceed) = SyncEngine.decide(operation, outcome, outbox: pending)
            try store.replica(owner: owner) { replica throws(StoreError) in
                for action in actions {
                    try carryOut(action, in: replica, report: &report, pending: pending)
                }
            }
            if actions.contains(.resync) { resync = true }
            if !proceed { break }
        }
        return resync
    }

    private func carryOut(
        _ action: SyncEngine.Action, in replica: ReplicaTransaction, report: inout Report,
        pending: [SyncOperation]
    ) throws(StoreError) {
        switch action {
        case .complete(let sequence):
            try replica.removeOutbox(sequence)
            report.sent += 1
        case .renumber(let provisional, let server):
            try replica.renumberHabit(from: provisional, to: server)
            report.reconciled += 1
        case .rebase(let habitID, let date, let after, let version):
            try replica.rebaseOutbox(
                habitID: habitID, date: date?.description, after: after, version: version)
        case .conflict(let conflict):
            report.conflicts.append(conflict)
        case .reject(let sequences, let reason):
            for operation in pending where sequences.contains(operation.sequence) {
                try replica.markOutbox(
                    operation.sequence, state: .rejected, attempts: operation.attempts + 1,
                    lastError: reason.text)
                var rejected = operation
                rejected.state = .rejected
                rejected.lastError = reason
                report.rejected.append(rejected)
            }
        case .defer_(let sequence, let attempts, let reason):
            try replica.markOutbox(
                sequence, state: .pending, attempts: attempts, lastError: reason.text)
        case .resync:
            break
        case .noteDropped(let habitID, let date):
            report.droppedNotes.append(SyncEngine.Key(habitID: habitID, date: date))
        }
    }

    /// How a failed send is treated: refused for good, the habit gone, or
    /// to be tried again.
    static func outcome(of error: APIError) -> SyncEngine.Outcome {
        switch error {
        case .validation, .habitLimit, .habitNameTaken, .habitTotalLimit:
            return .refused(reason: OutboxFailure(error))
        case .rejected(let status, _) where (400..<500).contains(status) && status != 408:
            return .refused(reason: OutboxFailure(error))
        case .notFound:
            return .habitGone
        default:
            return .undelivered(reason: OutboxFailure(error))
        }
    }

    // MARK: Pull

    /// Pulls the feed from the replica's cursor (from the start with `full`
    /// or without a cursor, replacing the replica), applying each page in
    /// one transaction with the pending changes applied again on top.
    func pull(full: Bool, into report: inout Report) async throws(StoreError) {
        let cursor =
            full
            ? nil
            : try store.replicaSnapshot(owner: owner) { replica throws(StoreError) in
                try replica.state(ReplicaState.cursor)
            }
        try await pull(from: cursor, into: &report)
    }

    /// Pulls the feed from `cursor` (from the start without one, replacing
    /// the replica), as `pull(full:into:)` does.
    private func pull(from cursor: String?, into report: inout Report) async throws(StoreError) {
        var cursor = cursor
        var replacing = cursor == nil
        var firstPage = true
        while true {
            let answer: FeedAnswer
            do throws(APIError) {
                answer = try await client.changes(since: cursor, limit: pageSize)
            } catch {
                report.failure = error
                return
            }
            let page: FeedPage
            switch answer {
            case .absent:
                report.feedAbsent = true
                return
            case .cursorExpired:
                guard cursor != nil else {
                    report.failure = .unexpectedResponse(status: 410, path: "/api/me/changes/")
                    return
                }
                cursor = nil
                replacing = true
                firstPage = true
                continue
            case .page(let answered):
                page = answered
            }
            let now = clock.now()
            if !replacing && page.changes.isEmpty {
                // Nothing changed (what most commands find): no change to
                // apply and none of this device's to apply again, so one
                // statement records the cursor and the time.
                try store.replica(owner: owner) { replica throws(StoreError) in
                    if page.cursor != cursor {
                        try replica.setState(page.cursor, for: ReplicaState.cursor)
                    }
                    if !page.more {
                        try replica.setState(
                            String(now.timeIntervalSince1970), for: ReplicaState.syncedAt)
                    }
                }
                cursor = page.cursor
                if !page.more {
                    report.syncedAt = now
                    report.pulled = true
                    return
                }
                continue
            }
            let reconciled = try store.replica(owner: owner) { replica throws(StoreError) -> Int in
                if replacing && firstPage { try replica.removeEverything() }
                var touched: Set<SyncEngine.Key> = []
                var present = Set(try replica.habits().map(\.id))
                for change in page.changes {
                    try Self.apply(change, in: replica, present: &present)
                    // A replica being replaced applies every pending change again.
                    if !replacing { touched.insert(SyncEngine.key(of: change)) }
                }
                let pending = try replica.outbox(state: .pending).compactMap(
                    SyncOperation.init(record:))
                let again =
                    replacing
                    ? (page.more ? [] : pending)
                    : SyncEngine.reapplied(pending: pending, touched: touched)
                for operation in again {
                    // Applied over the server's newer state, a change may no
                    // longer fit (its habit deleted meanwhile): the state stays.
                    _ = try? operation.apply(in: replica, now: now)
                }
                try replica.setState(page.cursor, for: ReplicaState.cursor)
                if !page.more {
                    try replica.setState(
                        String(now.timeIntervalSince1970), for: ReplicaState.syncedAt)
                }
                return again.count
            }
            report.received += page.changes.count
            report.reconciled += reconciled
            firstPage = false
            cursor = page.cursor
            if !page.more {
                report.syncedAt = now
                report.pulled = true
                return
            }
        }
    }

    /// The server's state of what `change` names, as it is; `present` is
    /// the ids of the replica's habits, kept up to date (an entry's habit is
    /// looked up there, not in the database, once per entry of a full read).
    static func apply(
        _ change: FeedChange<String?>, in replica: ReplicaTransaction, present: inout Set<Int64>
    ) throws(StoreError) {
        switch change {
        case .habit(let habit, let version):
            try replica.putHabit(habit)
            try replica.setVersion(version, habitID: habit.id, date: nil)
            present.insert(habit.id)
        case .entry(let habitID, let entry, let version):
            // The habit's change comes first in the feed; an entry of a
            // habit this replica does not have (deleted here) waits.
            guard present.contains(habitID) else { return }
            try replica.putEntry(entry, habitID: habitID)
            try replica.setVersion(version, habitID: habitID, date: entry.date)
        case .habitDeleted(let habitID, _):
            try replica.removeHabit(id: habitID)
            present.remove(habitID)
        case .entryDeleted(let habitID, let date, _):
            try replica.removeEntry(habitID: habitID, date: date)
        }
    }
}

/// The keys of `sync_state`.
enum ReplicaState {
    static let cursor = "cursor"
    /// Unix seconds of the last pull that reached the head of the feed.
    static let syncedAt = "synced_at"
}
