import Foundation
import HabitClient
import HabitConcurrency
import HabitCore
import HabitFiles
import HabitStorage
import HabitStore

/// Syncing once per command, and what the replica knows of its syncs.
extension ReplicaBackend {
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
            noteFeedAvailability(report)
            SyncReportNotes(notes: notes).tell(report, habitNames: habitNames)
        }
        return report
    }

    /// Records whether the server has the change feed (`ServerFeatureNotes`),
    /// when the sync could tell: no copy is kept of a server without it, so
    /// a replica that never synced and holds no change goes.
    private func noteFeedAvailability(_ report: ReplicaSync.Report) {
        let server = remote.client.configuration.baseURLString
        if report.feedAbsent {
            if (try? hasSynced()) == false, (try? pendingSummary().count) == 0 {
                removeReplica()
            }
            features.record(.changeFeed, available: false, on: server, now: clock.now())
        } else if report.failure == nil, !report.busy {
            features.record(.changeFeed, available: true, on: server, now: clock.now())
        }
    }

    /// Whether the replica has ever reached the head of the feed.
    func hasSynced() throws(CommandError) -> Bool {
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
}
