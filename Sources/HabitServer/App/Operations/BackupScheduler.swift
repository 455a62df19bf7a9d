import Foundation
import HabitConcurrency
import HabitHTTP
import HabitStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Takes the scheduled backups of a SQLite database (`BackupSchedule`).
///
/// Each round takes an exclusive, non-blocking lock on `DIR/.lock` (flock,
/// released by the system if the process dies), then reads the directory
/// and follows the plan. When several servers share the database and the
/// directory, the first to get the lock takes the backup; the others find
/// it there and take none. `runOnce(now:)` is one round, which tests call
/// with the time they choose; `start()` runs rounds on a timer.
package final class BackupScheduler: Sendable {
    package let schedule: BackupSchedule
    let database: String
    let log: ServerLog
    private let stopped = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let isStarted = Locked(false)

    package init(schedule: BackupSchedule, database: String, log: ServerLog) {
        self.schedule = schedule
        self.database = database
        self.log = log
    }

    /// What one round did.
    package enum Outcome: Hashable, Sendable {
        /// Another process holds the lock: it is taking the backup.
        case busy
        /// No backup was due.
        case notDue
        /// Took `file` and deleted `deleted`.
        case took(file: String, deleted: [String])
        /// The backup failed (logged).
        case failed
    }

    /// One round at `now`; returns what it did and when to look again.
    @discardableResult
    package func runOnce(now: Date) -> (outcome: Outcome, nextCheck: Date) {
        let retry = now.addingTimeInterval(TimeInterval(min(schedule.interval, 600)))
        let directory = schedule.directory
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            log.error("backup: cannot create \(directory): \(error)")
            return (.failed, retry)
        }
        let lock = open(directory + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            log.error("backup: cannot open \(directory)/.lock: \(String(cString: strerror(errno)))")
            return (.failed, retry)
        }
        defer { close(lock) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { return (.busy, retry) }
        defer { flock(lock, LOCK_UN) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let plan = schedule.plan(existing: names, now: now)
        guard let name = plan.take else { return (.notDue, plan.nextCheck) }
        do throws(SQLiteBackupError) {
            try SQLiteBackup.copy(database: database, to: directory + "/" + name)
        } catch {
            log.error("backup: \(BackupFailure.sentence(error))")
            return (.failed, retry)
        }
        for old in plan.delete {
            unlink(directory + "/" + old)
        }
        log.info("backup: took \(name), deleted \(plan.delete.count) older")
        return (.took(file: name, deleted: plan.delete), plan.nextCheck)
    }

    /// Runs a round now and then whenever the plan says, on a thread of
    /// its own, until `stop()`.
    package func start() {
        let thread = Thread { [self] in
            while true {
                let next = runOnce(now: Date()).nextCheck
                let delay = max(1, next.timeIntervalSinceNow)
                if stopped.wait(timeout: .now() + delay) == .success { break }
            }
            finished.signal()
        }
        thread.name = "habits-backups"
        thread.start()
        isStarted.withLock { $0 = true }
    }

    /// Stops the rounds; a backup under way finishes first.
    package func stop() {
        guard isStarted.withLock({ $0 }) else { return }
        stopped.signal()
        finished.wait()
    }
}
