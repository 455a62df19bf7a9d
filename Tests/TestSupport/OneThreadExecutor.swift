import Dispatch

/// A task executor with exactly one thread, for tests that prove code never
/// blocks the thread it runs on.
///
/// Tasks that prefer this executor (`addTask(executorPreference:)`) run
/// their non-isolated code here, one job at a time. Code that blocked the
/// thread while waiting for another such task would deadlock at once,
/// whatever the machine's core count, and the tests are not at the mercy of
/// the rest of the suite's use of the shared pool.
package final class OneThreadExecutor: TaskExecutor {
    private let queue: DispatchQueue

    package init(label: String = "habits.tests.one-thread") {
        queue = DispatchQueue(label: label)
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
