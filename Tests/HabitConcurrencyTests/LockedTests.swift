import Dispatch
import Testing

@testable import HabitConcurrency

@Suite struct LockedTests {
    @Test func concurrentChangesAreNotLost() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func tryingAHeldLockGivesNilAndAFreeOneRuns() {
        let value = Locked("free")
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            value.withLock { text in
                text = "held"
                holding.signal()
                release.wait()
            }
            done.signal()
        }
        holding.wait()
        #expect(value.withLockIfAvailable { $0 } == nil)
        release.signal()
        done.wait()
        #expect(value.withLockIfAvailable { $0 } == "held")
    }

    @Test func errorsPassThroughWithTheirTypeAndReleaseTheLock() {
        struct Refused: Error, Equatable {}
        let value = Locked(1)
        #expect(throws: Refused()) {
            try value.withLock { (number: inout Int) throws(Refused) -> Void in
                number = 2
                throw Refused()
            }
        }
        #expect(value.withLockIfAvailable { $0 } == 2)
    }
}
