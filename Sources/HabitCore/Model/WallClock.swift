import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where logic gets the time: an injected `now` and the user's time zone.
///
/// Logic never calls `Date()` or reads `TimeZone.current`; the edges (the
/// executables) pass `.system`, and tests pass a fixed or movable clock.
public struct WallClock: Sendable {
    public var now: @Sendable () -> Date
    /// The clock's time zone. The machine's (`.system`) is read when first
    /// asked for: `TimeZone.current` costs about 1 M instructions, which a
    /// command that only needs `today` never pays.
    public var timeZone: TimeZone {
        get { zone.timeZone }
        set { zone = .given(newValue) }
    }
    private var zone: Zone
    /// When the person's day ends (rule 7): `today` is the previous date
    /// before this local time.
    public var dayStartsAt: DayBoundary

    public init(
        timeZone: TimeZone, dayStartsAt: DayBoundary = .midnight,
        now: @escaping @Sendable () -> Date
    ) {
        self.init(zone: .given(timeZone), dayStartsAt: dayStartsAt, now: now)
    }

    private init(
        zone: Zone, dayStartsAt: DayBoundary = .midnight, now: @escaping @Sendable () -> Date
    ) {
        self.now = now
        self.zone = zone
        self.dayStartsAt = dayStartsAt
    }

    /// The machine's clock and time zone; for executables, not for logic.
    public static var system: WallClock {
        WallClock(zone: .machine) { Date() }
    }

    /// A clock stopped at `instant`.
    public static func fixed(_ instant: Date, timeZone: TimeZone) -> WallClock {
        WallClock(timeZone: timeZone, now: { instant })
    }

    /// Today's date on this clock, in its time zone, with its day boundary
    /// (before `dayStartsAt`, the previous date).
    public var today: LocalDate {
        let instant = now()
        switch zone {
        case .given(let timeZone): return dayStartsAt.date(at: instant, in: timeZone)
        case .machine:
            // The C library's reading of the same zone (TZ, else
            // /etc/localtime), from the same tz database as Foundation's.
            return dayStartsAt.date(at: instant, utcOffset: Self.machineOffset(at: instant))
                ?? dayStartsAt.date(at: instant, in: timeZone)
        }
    }

    /// The machine zone's offset from UTC at `instant`, in seconds, from
    /// `localtime_r`.
    private static func machineOffset(at instant: Date) -> Int? {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard let whole = time_t(exactly: seconds) else { return nil }
        var time = whole
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        return Int(parts.tm_gmtoff)
    }
}

/// Which time zone a clock keeps.
private enum Zone: Sendable {
    case given(TimeZone)
    /// The machine's, read when asked.
    case machine

    var timeZone: TimeZone {
        switch self {
        case .given(let timeZone): return timeZone
        case .machine: return .current
        }
    }
}
