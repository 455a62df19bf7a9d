import Foundation
import Synchronization

/// A server clock the test moves by hand.
final class APITestClock: Sendable {
    private let instant: Mutex<Date>

    init(_ start: Date) {
        instant = Mutex(start)
    }

    var now: Date { instant.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
