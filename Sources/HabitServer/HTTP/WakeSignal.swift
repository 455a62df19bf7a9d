import HabitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-shot broadcast to threads blocked in `poll(2)`: a pipe whose read end
/// becomes readable, and stays readable, once `fire()` is called.
///
/// The byte is never read, so every poller sees it, however many there are.
/// The pipe closes when the last holder lets go of the signal, so no thread
/// can poll a descriptor number that was closed and reused.
final class WakeSignal: Sendable {
    /// The end to include in a `poll(2)` set with POLLIN.
    let readEnd: Int32
    private let writeEnd: Int32
    private let fired = AtomicFlag()

    init() throws(HTTPServerError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw .socketFailure(operation: "pipe", reason: SystemCall.errorText(errno))
        }
        SystemCall.setCloseOnExec(ends[0])
        SystemCall.setCloseOnExec(ends[1])
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Whether `fire()` was called.
    var hasFired: Bool {
        fired.isRaised
    }

    func fire() {
        guard fired.raise() else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    deinit {
        SystemCall.close(readEnd)
        SystemCall.close(writeEnd)
    }
}
