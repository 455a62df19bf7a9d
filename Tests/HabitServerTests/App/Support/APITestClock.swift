import Foundation
import HabitConcurrency
import HabitCore

/// A server clock the test moves by hand.
final class APITestClock: Sendable {
    private let instant: Locked<Date>

    init(_ start: Date) {
        instant = Locked(start)
    }

    var now: Date { instant.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
