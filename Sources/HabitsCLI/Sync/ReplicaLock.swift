#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The advisory lock that lets one process at a time sync a replica:
/// `flock` on a file next to it (`replica-….sqlite3.lock`, 0600).
///
/// Why a lock file rather than SQLite's `BEGIN IMMEDIATE`: a sync spans
/// network round trips and commits each sent change in its own transaction,
/// so a write transaction held for the whole sync would block the other
/// command's own writes (a `habits done` queued while a prompt hook syncs)
/// until the busy timeout, while a lock file only keeps the other process
/// from sending the same outbox. The kernel releases a `flock` when its
/// process ends, however it ends, so a crash leaves no stale lock.
final class ReplicaLock: Sendable {
    /// The open lock file; closing it releases the lock.
    private let descriptor: Int32

    /// What trying the lock came to.
    enum Attempt: Sendable {
        case taken(ReplicaLock)
        /// Another process (or another open of the file) holds it.
        case busy
        /// The lock file cannot be opened (a data directory that does not
        /// allow it): the sync goes on without the lock rather than never.
        case unavailable
    }

    /// Tries the lock of `path` without waiting.
    static func take(_ path: String) -> Attempt {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .unavailable }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            close(descriptor)
            return busy ? .busy : .unavailable
        }
        return .taken(ReplicaLock(descriptor: descriptor))
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
