import Foundation
import HabitConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock that tells a restore whether servers have a SQLite database open.
///
/// A file beside the database, `<database>.lock`, locked with flock(2):
/// each server holds a shared lock while it runs (several may serve one
/// database), and a restore takes an exclusive one, which it gets only when
/// no server holds the file, and keeps while it works, so no server starts
/// on a half-restored database either. Neither waits: a lock held the other
/// way is an error at once. flock locks belong to the open file, so two
/// servers in one process count as two; the kernel drops a lock when its
/// process ends, so a server that crashed leaves none behind.
package final class SQLiteServerLock: Sendable {
    /// How the lock is held.
    package enum Mode: Sendable {
        /// A server runs on the database.
        case serving
        /// A restore replaces its contents.
        case restoring
    }

    /// Why the lock was not taken.
    package enum Failure: Error, Hashable, Sendable {
        /// Held the other way: by a server when restoring, by a restore when serving.
        case held(database: String)
        /// The lock file cannot be opened or created.
        case cannotOpen(path: String, reason: String)
    }

    /// The lock file of `database`.
    package static func path(for database: String) -> String { database + ".lock" }

    /// The open lock file; nil once released.
    private let descriptor: Locked<Int32?>

    /// Takes the lock of `database` in `mode`, creating the lock file (mode 0600) if needed.
    package init(database: String, mode: Mode) throws(Failure) {
        let path = Self.path(for: database)
        let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard opened >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        let operation = (mode == .serving ? LOCK_SH : LOCK_EX) | LOCK_NB
        var result = flock(opened, operation)
        while result != 0 && errno == EINTR { result = flock(opened, operation) }
        guard result == 0 else {
            let code = errno
            close(opened)
            if code == EWOULDBLOCK { throw .held(database: database) }
            throw .cannotOpen(path: path, reason: String(cString: strerror(code)))
        }
        descriptor = Locked(opened)
    }

    deinit { release() }

    /// Gives the lock up (closing the file drops it); a second call does nothing.
    package func release() {
        let open = descriptor.withLock { current in
            defer { current = nil }
            return current
        }
        if let open { close(open) }
    }
}
