import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a file, shared by every process
/// that locks the same path.
///
/// Each acquisition opens the file anew, so two holders in one process
/// exclude each other as two processes do. A wait for the lock happens on a
/// thread of its own: blocking a Swift concurrency thread could starve the
/// task that holds the lock and wants to finish.
struct FileLock: Sendable {
    let path: String

    /// Runs `body` with the lock held; the lock file is created 0600 if missing.
    func withLock<T: Sendable>(
        _ body: @Sendable () async throws(APIError) -> T
    ) async throws(APIError) -> T {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw .storage(.cannotLock(path: path, reason: Self.systemMessage(errno)))
        }
        defer { close(descriptor) }
        let failure = await Self.acquire(descriptor)
        if failure != 0 {
            throw .storage(.cannotLock(path: path, reason: Self.systemMessage(failure)))
        }
        // Closing the descriptor (deferred above) releases the lock too; the
        // explicit unlock keeps the order obvious.
        defer { _ = flock(descriptor, LOCK_UN) }
        return try await body()
    }

    /// Takes the lock on `descriptor`; 0 on success, else the errno.
    private static func acquire(_ descriptor: Int32) async -> Int32 {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return 0 }
        guard errno == EWOULDBLOCK else { return errno }
        return await withCheckedContinuation { continuation in
            let waiter = Thread {
                var result: Int32
                repeat {
                    result = flock(descriptor, LOCK_EX)
                } while result != 0 && errno == EINTR
                continuation.resume(returning: result == 0 ? 0 : errno)
            }
            waiter.start()
        }
    }

    static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
