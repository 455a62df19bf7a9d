import Dispatch
import HabitConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT and SIGTERM into a call to a shutdown handler.
///
/// The first signal runs the handler once, on a background queue (it may
/// block, for example in `HTTPServer.shutdown()`). A second signal while
/// that is under way ends the process at once with status 130 (SIGINT) or
/// 143 (SIGTERM), for an operator who does not want to wait.
package enum ShutdownSignals {
    /// The signal sources must live as long as the process to keep firing.
    private static let sources = Locked<[any DispatchSourceSignal]>([])
    private static let received = AtomicFlag()

    /// Installs the handler for SIGINT and SIGTERM; call once, early in main.
    package static func install(_ handler: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "habits.shutdown-signals")
        sources.withLock { sources in
            for signalNumber in [SIGINT, SIGTERM] {
                // The default action would end the process before the handler runs.
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler {
                    if !received.raise() { _exit(128 + signalNumber) }
                    // Off the signal queue, so a second signal is still seen while this blocks.
                    DispatchQueue.global().async { handler() }
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
