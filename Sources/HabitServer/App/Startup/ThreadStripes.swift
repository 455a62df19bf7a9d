import HabitConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixed set of values, each behind its own lock, of which a thread uses
/// the one its thread id picks: caches that every request touches, so that
/// threads running at once rarely share a lock (a contended lock here sleeps
/// in the kernel, which once halved the server's throughput).
final class ThreadStripes<Value: Sendable>: Sendable {
    private let stripes: [Locked<Value>]

    init(count: Int, _ make: () -> Value) {
        stripes = (0..<max(1, count)).map { _ in Locked(make()) }
    }

    /// The calling thread's stripe.
    var current: Locked<Value> {
        #if canImport(Glibc)
            let thread = UInt(pthread_self())
        #else
            let thread = UInt(bitPattern: pthread_self())
        #endif
        var hasher = Hasher()
        hasher.combine(thread)
        return stripes[Int(UInt(bitPattern: hasher.finalize()) % UInt(stripes.count))]
    }
}
