#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs an async operation on the thread that asks for it, so a command that
/// never waits for anything starts no threads.
///
/// `await` at the top of `main` hands the work to the concurrency runtime's
/// global executor, which starts threads of its pool (an 8 MB stack each)
/// as the command begins: 4 for `habits --version`, 7 for `habits list`, on
/// every run. Here the
/// operation becomes a task whose executor preference (SE-0417) is this
/// executor, so it, its child tasks and the default actors it calls run
/// their jobs here, one at a time, in the order they were enqueued.
///
/// Work that really waits still works: a continuation resumed from another
/// thread (a socket read, a file lock) or a `Task.sleep` that ends enqueues
/// its job here and wakes the calling thread. An unstructured `Task {}`
/// does not inherit the preference and runs on the global executor, as
/// before. What must not happen is a job that blocks this thread until
/// another job of the same operation has run: none of the CLI's does
/// (blocking waits run on threads of their own, `SocketTransport` and
/// `FileLock`).
package final class CallingThreadExecutor: @unchecked Sendable {
    // @unchecked: `jobs` and `finished` are read and written only while
    // holding `mutex`; the mutex and condition are allocated once,
    // never move, and are destroyed in deinit, after the last user.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var jobs: [UnownedJob] = []
    private var finished = false

    private init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `operation` to its end and returns its result, running its jobs
    /// on the calling thread, which it blocks meanwhile.
    ///
    /// Where task executors are not available (before macOS 15), the
    /// operation runs on the global executor and the calling thread waits.
    package static func run<Result: Sendable>(
        _ operation: @escaping @Sendable () async -> Result
    ) -> Result {
        let executor = CallingThreadExecutor()
        let box = ResultBox<Result>()
        let body: @Sendable () async -> Void = {
            box.value = await operation()
            executor.finish()
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            Task(executorPreference: executor, operation: body)
        } else {
            Task(operation: body)
        }
        executor.runUntilFinished()
        // The task stored the result before `finish`, whose unlock the
        // `runUntilFinished` lock ordered before this read.
        return box.value!
    }

    /// Queues `job` for the calling thread and wakes it.
    fileprivate func append(_ job: UnownedJob) {
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Marks the operation done: `runUntilFinished` returns once no job waits.
    private func finish() {
        pthread_mutex_lock(mutex)
        finished = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Runs enqueued jobs, in order, until the operation has finished.
    private func runUntilFinished() {
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty && !finished {
                pthread_cond_wait(condition, mutex)
            }
            // Jobs left when the operation finished belong to tasks it did
            // not wait for; like `exit` after an async main, they are dropped.
            if finished {
                pthread_mutex_unlock(mutex)
                return
            }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            pthread_mutex_unlock(mutex)
            // Only a task executor is given jobs, so there are none without one.
            if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            }
        }
    }

    /// The operation's result, written once by the task before it finishes.
    private final class ResultBox<Value>: @unchecked Sendable {
        // @unchecked: written once by the task, then read by the calling
        // thread only after `finish` and `runUntilFinished` synchronised on
        // the executor's mutex.
        var value: Value?
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension CallingThreadExecutor: TaskExecutor {
    package func enqueue(_ job: consuming ExecutorJob) {
        append(UnownedJob(job))
    }
}
