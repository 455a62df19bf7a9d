import Dispatch
import HabitHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bounds a graceful shutdown (`--shutdown-timeout`): if requests in flight
/// have not finished by then, the process exits anyway.
///
/// Exiting then loses nothing acknowledged: a request not yet answered has
/// acknowledged nothing, and SQLite rolls an unfinished transaction back
/// (PostgreSQL too, when the connection drops).
package enum ShutdownDeadline {
    /// Starts the clock; after `seconds` the process ends with status 0.
    package static func start(seconds: Int, log: ServerLog) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
            log.warning(
                "shutdown: requests still under way after \(seconds) s (--shutdown-timeout); exiting"
            )
            _exit(0)
        }
    }
}
