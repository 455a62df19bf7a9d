import HabitConcurrency
import HabitsCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Not `await` here: an async main starts the runtime's thread pool before the
// command runs (CallingThreadExecutor says why it does not). The process
// exits after its command, so the store a local command opens is left for
// the exit to close (HeldUntilExit says why).
let status = CallingThreadExecutor.run {
    await HabitsCommandLine.run(.process(holdingUntilExit: true))
}
exit(status.rawValue)
