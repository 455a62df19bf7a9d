/// The marks a calendar draws after each day number, one terminal column each.
///
/// `.ascii` works on any terminal; `.unicode` needs UTF-8. Every Unicode mark
/// is a single scalar of East Asian Width "neutral" (never "ambiguous" or
/// "wide") and has no emoji presentation, so it takes exactly one column in
/// every terminal and locale, and calendar columns stay aligned.
public struct CalendarSymbols: Hashable, Sendable {
    /// The target was reached.
    public var success: Character
    /// A period that ended without reaching the target.
    public var failed: Character
    /// Marked skipped.
    public var skipped: Character
    /// Today's day, or the current week, still to do.
    public var pending: Character
    /// An entry on a day that has no mark of its own (a rest day, a day
    /// before the start, a future day).
    public var logged: Character
    /// Today, drawn instead of the day's own mark; the legend names today's state.
    public var today: Character

    public init(
        success: Character, failed: Character, skipped: Character, pending: Character,
        logged: Character, today: Character
    ) {
        self.success = success
        self.failed = failed
        self.skipped = skipped
        self.pending = pending
        self.logged = logged
        self.today = today
    }

    /// Plain ASCII: `+` done, `x` missed, `~` skipped, `.` to do, `o` logged, `<` today.
    public static let ascii = CalendarSymbols(
        success: "+", failed: "x", skipped: "~", pending: ".", logged: "o", today: "<")

    /// Unicode: `✓` done, `✗` missed, `↷` skipped, `∙` to do, `◦` logged, `◂` today.
    public static let unicode = CalendarSymbols(
        success: "\u{2713}", failed: "\u{2717}", skipped: "\u{21B7}", pending: "\u{2219}",
        logged: "\u{25E6}", today: "\u{25C2}")

    /// The mark for a day in `state`, or `nil` for the states drawn blank
    /// (future, rest, before start).
    public func mark(for state: PeriodState) -> Character? {
        switch state {
        case .success: return success
        case .failed: return failed
        case .skipped: return skipped
        case .pending: return pending
        case .future, .rest, .beforeStart: return nil
        }
    }
}
