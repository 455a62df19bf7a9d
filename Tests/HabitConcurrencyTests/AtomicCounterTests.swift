import Dispatch
import Testing

@testable import HabitConcurrency

@Suite struct AtomicCounterTests {
    @Test func concurrentCallsGetEveryNumberOnce() {
        let counter = AtomicCounter()
        let seen = Locked<[UInt]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var mine: [UInt] = []
            for _ in 0..<1_000 { mine.append(counter.next()) }
            seen.withLock { $0 += mine }
        }
        #expect(seen.withLock { $0.sorted() } == Array(0..<8_000))
        #expect(counter.next() == 8_000)
    }
}
