import HabitConcurrency

/// What the process keeps until it exits, its teardown left to the exit.
///
/// A local command's store is closed by the process ending rather than by
/// `sqlite3_close`, which frees the parsed schema, the page cache and the
/// statements one allocation at a time (0.09 M instructions of the 3.8 M a
/// `habits list` ran) only for the exit to release them all at once, with
/// the file and its locks. Nothing is lost by it: a command's writes are
/// committed before it returns, and between transactions a rollback
/// journal holds nothing to finish (a file still in WAL keeps its commits
/// in the `-wal` file, which the next opening reads).
///
/// Only `habits` itself, which exits after its one command, asks for it
/// (`CLIEnvironment.process(holdingUntilExit:)`). Tests, which run many
/// commands in one process, do not, and their stores close as usual.
final class HeldUntilExit: Sendable {
    /// The process's: a global, made at its first use and never released.
    static let process = HeldUntilExit()

    private let objects = Locked<[any AnyObject & Sendable]>([])

    /// Keeps `object` until the process exits.
    func hold(_ object: any AnyObject & Sendable) {
        objects.withLock { $0.append(object) }
    }
}
