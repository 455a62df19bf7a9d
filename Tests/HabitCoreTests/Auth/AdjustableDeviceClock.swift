import Foundation
import HabitConcurrency
import HabitCore

/// A device clock a test can set and move: the client's `WallClock` reads it.
final class AdjustableDeviceClock: Sendable {
    private let instant: Locked<Date>
    let timeZone: TimeZone

    init(_ start: Date, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        instant = Locked(start)
        self.timeZone = timeZone
    }

    var now: Date { instant.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    func set(_ date: Date) {
        instant.withLock { $0 = date }
    }

    var wallClock: WallClock {
        WallClock(timeZone: timeZone, now: { [self] in self.now })
    }
}
