import HabitConcurrency

/// How far an import has got: entries written out of the total, shared
/// between the backend doing the work and the progress bar drawing it.
final class ImportProgress: Sendable {
    private let state = Locked((done: 0, total: 0 as Int?))

    init() {}

    /// The number of entries to write, once known.
    func start(total: Int) {
        state.withLock { $0.total = total }
    }

    func advance(by count: Int) {
        state.withLock { $0.done += count }
    }

    /// Entries written, and the total when known.
    var snapshot: (done: Int, total: Int?) {
        state.withLock { $0 }
    }
}
