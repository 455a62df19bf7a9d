#if !canImport(Darwin)
    import Synchronization
#endif

/// A counter that many threads advance, for sequence numbers and round-robin.
///
/// Lock-free on Linux (Synchronization's `Atomic`), since it sits on hot
/// paths shared by every request (see `AtomicFlag`); a `Locked` integer on
/// Apple platforms, where `Atomic` needs macOS 15.
package final class AtomicCounter: Sendable {
    #if canImport(Darwin)
        @usableFromInline let storage = Locked<UInt>(0)
    #else
        @usableFromInline let storage = Atomic<UInt>(0)
    #endif

    @inlinable
    package init() {}

    /// Adds one, wrapping at `UInt.max`, and returns the value before: 0, 1, 2…
    @inlinable
    package func next() -> UInt {
        #if canImport(Darwin)
            storage.withLock { value in
                defer { value &+= 1 }
                return value
            }
        #else
            storage.wrappingAdd(1, ordering: .relaxed).oldValue
        #endif
    }

    /// How many times `next()` has been called (wrapping), without adding.
    @inlinable
    package var count: UInt {
        #if canImport(Darwin)
            storage.withLock { $0 }
        #else
            storage.load(ordering: .relaxed)
        #endif
    }
}
