/// How a calendar is drawn: which marks, and whether with ANSI colour.
///
/// The renderer never decides about colour itself: the caller turns it on only
/// when writing to a terminal with `NO_COLOR` unset. Without colour, every
/// state and today are still told apart by their marks alone.
public struct CalendarStyle: Hashable, Sendable {
    public var symbols: CalendarSymbols
    public var useColor: Bool

    public init(symbols: CalendarSymbols = .ascii, useColor: Bool = false) {
        self.symbols = symbols
        self.useColor = useColor
    }
}
