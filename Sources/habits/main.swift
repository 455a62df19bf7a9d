import HabitConcurrency
import HabitsCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Not `await` here: an async main starts the runtime's thread pool before the
// command runs (CallingThreadExecutor says why it does not).
let status = CallingThreadExecutor.run { await HabitsCommandLine.run(.process()) }
exit(status.rawValue)
