import HabitConcurrency
import HabitStorage

/// What one command knows of its sync: whether it ran, what it did, and
/// which notes it already said (each at most once per command).
final class SyncSession: Sendable {
    struct State: Sendable {
        /// The sync's report, once it finished within the time allowed.
        var report: ReplicaSync.Report?
        var tried = false
        /// The sync did not finish within the time allowed.
        var timedOut = false
        var saidSaved = false
        var saidStale = false
    }

    let state = Locked(State())
    /// The last sync started by this command, which may outlive its timeout:
    /// the next one waits for it, so two never send the same change at once.
    private let inflight = Locked<Task<Void, Never>?>(nil)

    /// Runs `sync` for at most `timeout` seconds: its report, or `nil` when
    /// it took longer. A sync cut short goes on until the process exits;
    /// whatever it had not committed is rolled back and sent again next time
    /// (the Idempotency-Keys make that safe).
    func run(_ sync: ReplicaSync, timeout: Double) async throws(StoreError)
        -> ReplicaSync.Report?
    {
        let pending = Locked<CheckedContinuation<Result<ReplicaSync.Report, StoreError>?, Never>?>(
            nil)
        @Sendable func finish(_ result: Result<ReplicaSync.Report, StoreError>?) {
            let continuation = pending.withLock { slot in
                let taken = slot
                slot = nil
                return taken
            }
            continuation?.resume(returning: result)
        }
        let result = await withCheckedContinuation { continuation in
            pending.withLock { $0 = continuation }
            // An infinite timeout (`habits sync`) waits for the sync alone.
            let timer: Task<Void, Never>? =
                timeout.isFinite
                ? Task {
                    let nanoseconds = UInt64(min(max(0, timeout), 3600) * 1_000_000_000)
                    // Cancelled when the sync ends first: then it says nothing.
                    guard (try? await Task.sleep(nanoseconds: nanoseconds)) != nil else { return }
                    finish(nil)
                } : nil
            inflight.withLock { slot in
                let previous = slot
                slot = Task {
                    await previous?.value
                    do throws(StoreError) {
                        finish(.success(try await sync.sync()))
                    } catch {
                        finish(.failure(error))
                    }
                    timer?.cancel()
                }
            }
        }
        return try result?.get()
    }
}
