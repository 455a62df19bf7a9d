#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which standard streams are terminals, and how wide the terminal is.
struct TerminalTraits: Hashable, Sendable {
    var inputIsTerminal: Bool
    var outputIsTerminal: Bool
    var errorIsTerminal: Bool
    /// Columns of the terminal on standard output, when known.
    var width: Int?

    init(
        inputIsTerminal: Bool = false, outputIsTerminal: Bool = false,
        errorIsTerminal: Bool = false, width: Int? = nil
    ) {
        self.inputIsTerminal = inputIsTerminal
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.width = width
    }

    /// No terminal anywhere: what cron and pipes see.
    static let none = TerminalTraits()

    /// The process's own streams, measured with isatty(3) and TIOCGWINSZ.
    static func current() -> TerminalTraits {
        TerminalTraits(
            inputIsTerminal: isatty(0) == 1, outputIsTerminal: isatty(1) == 1,
            errorIsTerminal: isatty(2) == 1, width: windowWidth(descriptor: 1))
    }

    private static func windowWidth(descriptor: Int32) -> Int? {
        var size = winsize()
        #if canImport(Glibc)
            let result = ioctl(descriptor, UInt(TIOCGWINSZ), &size)
        #else
            // Darwin's TIOCGWINSZ is a function-like macro Swift cannot import:
            // _IOR('t', 104, struct winsize).
            let result = ioctl(descriptor, UInt(0x4008_7468), &size)
        #endif
        guard result == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
