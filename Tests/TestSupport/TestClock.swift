import Foundation
import HabitConcurrency
import HabitCore

/// A clock a test sets and moves by hand, so nothing waits for real time:
/// the server's `now` and the client's device `WallClock` both read one.
package final class TestClock: Sendable {
    /// 2026-11-30T19:00:00Z, a Monday.
    package static let epoch = Date(timeIntervalSince1970: 1_796_065_200)

    private let instant: Locked<Date>
    /// The time zone of `wallClock`.
    package let timeZone: TimeZone

    package init(_ start: Date = TestClock.epoch, timeZone: TimeZone = .utc) {
        instant = Locked(start)
        self.timeZone = timeZone
    }

    package var now: Date { instant.withLock { $0 } }

    package func advance(by seconds: TimeInterval) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    package func set(_ date: Date) {
        instant.withLock { $0 = date }
    }

    /// A device clock in this clock's time zone reading this clock.
    package var wallClock: WallClock { wallClock(timeZone: timeZone) }

    /// A device clock in `timeZone` reading this clock.
    package func wallClock(timeZone: TimeZone) -> WallClock {
        WallClock(timeZone: timeZone, now: { [self] in self.now })
    }
}

extension TimeZone {
    /// UTC, which every platform has.
    package static let utc = TimeZone(identifier: "UTC") ?? .gmt
}
