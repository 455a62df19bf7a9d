#if !canImport(Darwin)
    import Synchronization
#endif

/// A flag raised once and read often from many threads.
///
/// Lock-free on Linux (Synchronization's `Atomic`): a flag that every request
/// reads must not be a lock that every request takes, because `Mutex` on
/// Linux sleeps in the kernel when contended, and such a lock halved the
/// server's throughput under load. On Apple platforms, where `Atomic` needs
/// macOS 15, it is a `Locked` Boolean.
package final class AtomicFlag: Sendable {
    #if canImport(Darwin)
        @usableFromInline let storage = Locked(false)
    #else
        @usableFromInline let storage = Atomic<Bool>(false)
    #endif

    @inlinable
    package init() {}

    /// Whether the flag was raised; what the raising thread did before is visible after `true`.
    @inlinable
    package var isRaised: Bool {
        #if canImport(Darwin)
            storage.withLock { $0 }
        #else
            storage.load(ordering: .acquiring)
        #endif
    }

    /// Raises the flag: `true` for the one call that raised it, `false` when
    /// it was already raised.
    @inlinable
    package func raise() -> Bool {
        #if canImport(Darwin)
            storage.withLock { raised in
                defer { raised = true }
                return !raised
            }
        #else
            !storage.exchange(true, ordering: .acquiringAndReleasing)
        #endif
    }
}
