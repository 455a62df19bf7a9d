#if canImport(Darwin)
    import Foundation
#else
    import Synchronization
#endif

/// A value that threads read and change only while holding its lock.
///
/// The package's one lock, with the shape of Synchronization's `Mutex`
/// (`withLock`, `withLockIfAvailable`), so call sites read the same on every
/// platform. It is `Mutex` itself where the package can require it (Linux),
/// and `NSLock` on Apple platforms, where `Mutex` needs macOS 15 and the
/// package supports macOS 13.
///
/// Its methods are `@inlinable` so other modules get them specialised, as
/// they get `Mutex`'s. A lock that every request takes belongs elsewhere:
/// see `AtomicFlag` and `AtomicCounter`.
package final class Locked<Value: ~Copyable>: Sendable {
    #if canImport(Darwin)
        @usableFromInline let storage: LockedStorage<Value>
    #else
        @usableFromInline let storage: Mutex<Value>
    #endif

    @inlinable
    package init(_ initialValue: consuming sending Value) {
        #if canImport(Darwin)
            storage = LockedStorage(initialValue)
        #else
            storage = Mutex(initialValue)
        #endif
    }

    /// Runs `body` with the value, waiting for the lock.
    @inlinable
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try storage.withLock(body)
    }

    /// Runs `body` with the value if no other thread holds the lock; `nil` otherwise.
    @inlinable
    package func withLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        try storage.withLockIfAvailable(body)
    }
}

#if canImport(Darwin)
    /// `Locked`'s storage on Apple platforms: the value behind an `NSLock`.
    ///
    /// `@unchecked Sendable` is sound because `value` is only reached inside
    /// `withLock` and `withLockIfAvailable`, both under `lock`, and values
    /// cross in and out only as `sending`, as with `Mutex`.
    @usableFromInline
    package final class LockedStorage<Value: ~Copyable>: @unchecked Sendable {
        @usableFromInline let lock = NSLock()
        @usableFromInline var value: Value

        @inlinable
        init(_ initialValue: consuming sending Value) {
            value = initialValue
        }

        @inlinable
        func withLock<Result: ~Copyable, E: Error>(
            _ body: (inout sending Value) throws(E) -> sending Result
        ) throws(E) -> sending Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(&value)
        }

        @inlinable
        func withLockIfAvailable<Result: ~Copyable, E: Error>(
            _ body: (inout sending Value) throws(E) -> sending Result
        ) throws(E) -> sending Result? {
            guard lock.try() else { return nil }
            defer { lock.unlock() }
            return try body(&value)
        }
    }
#endif
