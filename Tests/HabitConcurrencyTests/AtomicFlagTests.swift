import Dispatch
import Testing

@testable import HabitConcurrency

@Suite struct AtomicFlagTests {
    @Test func exactlyOneOfManyRacingCallsRaisesIt() {
        let flag = AtomicFlag()
        #expect(!flag.isRaised)
        let winners = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            if flag.raise() { winners.withLock { $0 += 1 } }
        }
        #expect(winners.withLock { $0 } == 1)
        #expect(flag.isRaised)
        #expect(!flag.raise())
    }
}
