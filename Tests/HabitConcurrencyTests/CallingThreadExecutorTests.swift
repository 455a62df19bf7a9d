import Dispatch
import Testing

@testable import HabitConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serialized: each case blocks the thread that calls `run` until its
/// operation ends, and the cases should not take the test pool's threads
/// all at once.
@Suite(.serialized) struct CallingThreadExecutorTests {
    /// An actor with no executor of its own, like the stores the CLI calls.
    actor Tally {
        var count = 0
        func add(_ value: Int) -> (Int, pthread_t) {
            count += value
            return (count, pthread_self())
        }
    }

    @Test func returnsTheResultAndRunsEveryJobOnTheCallingThread() {
        let caller = pthread_self()
        let tally = Tally()
        let (result, threads) = CallingThreadExecutor.run {
            var threads = [pthread_self()]
            let (first, onActor) = await tally.add(2)
            threads.append(onActor)
            await Task.yield()
            threads.append(pthread_self())
            let (second, _) = await tally.add(3)
            threads.append(pthread_self())
            return (first + second, threads)
        }
        #expect(result == 7)
        #expect(threads.count == 4)
        #expect(threads.allSatisfy { pthread_equal($0, caller) != 0 })
    }

    @Test func childTasksRunOnTheCallingThreadToo() {
        let caller = pthread_self()
        let threads = CallingThreadExecutor.run {
            await withTaskGroup(of: pthread_t.self) { group in
                for _ in 0..<4 { group.addTask { pthread_self() } }
                var threads: [pthread_t] = []
                for await thread in group { threads.append(thread) }
                return threads
            }
        }
        #expect(threads.count == 4)
        #expect(threads.allSatisfy { pthread_equal($0, caller) != 0 })
    }

    /// What the CLI's socket reads and file locks do: block on a thread of
    /// their own and resume the waiting task from there.
    @Test func aContinuationResumedFromAnotherThreadWakesTheCallingThread() {
        let caller = pthread_self()
        let (value, resumedOn) = CallingThreadExecutor.run {
            let value = await withCheckedContinuation {
                (continuation: CheckedContinuation<Int, Never>) in
                DispatchQueue.global().async { continuation.resume(returning: 42) }
            }
            return (value, pthread_self())
        }
        #expect(value == 42)
        #expect(pthread_equal(resumedOn, caller) != 0)
    }

    @Test func manyResumptionsFromOtherThreadsAreAllRun() {
        let total = CallingThreadExecutor.run {
            var total = 0
            for index in 1...200 {
                total += await withCheckedContinuation {
                    (continuation: CheckedContinuation<Int, Never>) in
                    DispatchQueue.global().async { continuation.resume(returning: index) }
                }
            }
            return total
        }
        #expect(total == 200 * 201 / 2)
    }
}
