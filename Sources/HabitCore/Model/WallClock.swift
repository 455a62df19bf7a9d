import Foundation

/// Where logic gets the time: an injected `now` and the user's time zone.
///
/// Logic never calls `Date()` or reads `TimeZone.current`; the edges (the
/// executables) pass `.system`, and tests pass a fixed or movable clock.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    public var timeZone: TimeZone

    public init(timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The machine's clock and time zone; for executables, not for logic.
    public static var system: WallClock {
        WallClock(timeZone: .current, now: { Date() })
    }

    /// A clock stopped at `instant`.
    public static func fixed(_ instant: Date, timeZone: TimeZone) -> WallClock {
        WallClock(timeZone: timeZone, now: { instant })
    }

    /// Today's date on this clock, in its time zone.
    public var today: LocalDate {
        LocalDate.on(now(), in: timeZone)
    }
}
