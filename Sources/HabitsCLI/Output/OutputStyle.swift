import HabitCore

/// How a command writes: JSON or text, with or without colour, Unicode or
/// ASCII symbols, and how wide the lines may be.
///
/// Colour only when standard output is a terminal, NO_COLOR is unset (or
/// empty), TERM is not `dumb` and `--no-color` is absent. Unicode symbols only
/// when standard output is a terminal, the locale (the first set of LC_ALL,
/// LC_CTYPE, LANG) is UTF-8 and `--ascii` is absent. Pipes and cron therefore
/// get plain ASCII without escape codes. A habit's colour is sent as 24-bit
/// colour when COLORTERM says the terminal has it (`truecolor`, `24bit`),
/// else as the nearest of the 256 colours.
struct OutputStyle: Hashable, Sendable {
    var json: Bool
    var color: Bool
    var unicode: Bool
    var width: Int
    var trueColor: Bool

    init(
        json: Bool = false, color: Bool = false, unicode: Bool = false, width: Int = 80,
        trueColor: Bool = false
    ) {
        self.json = json
        self.color = color
        self.unicode = unicode
        self.width = width
        self.trueColor = trueColor
    }

    /// The style for `arguments` in `environment`.
    init(arguments: BoundArguments, environment: CLIEnvironment) {
        let variable = environment.variable
        let terminal = environment.terminal.outputIsTerminal
        json = arguments[GlobalOptions.json]
        color =
            terminal && !arguments[GlobalOptions.noColor] && (variable("NO_COLOR") ?? "").isEmpty
            && variable("TERM") != "dumb"
        unicode = terminal && !arguments[GlobalOptions.ascii] && Self.localeIsUTF8(variable)
        width = environment.width
        trueColor = ["truecolor", "24bit"].contains(variable("COLORTERM")?.lowercased() ?? "")
    }

    /// Whether the effective locale's character set is UTF-8, for the
    /// environment `variable` reads by name.
    static func localeIsUTF8(_ variable: (String) -> String?) -> Bool {
        // The first of them set and not empty decides, as the C library reads them.
        var locale = ""
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = variable(name), !value.isEmpty {
                locale = value
                break
            }
        }
        // The character set, as bytes: `String.contains(_:)` comes from
        // _StringProcessing unspecialised, and its first call had the
        // runtime scan its conformance table (0.4 M instructions, a tenth
        // of `habits list`; Tests/Load/README.md).
        let lowered = Array(locale.lowercased().utf8)
        return contains(lowered, "utf-8") || contains(lowered, "utf8")
    }

    /// Whether `text` holds the bytes of `part`.
    private static func contains(_ text: [UInt8], _ part: StaticString) -> Bool {
        let needle = Array(
            UnsafeBufferPointer(start: part.utf8Start, count: part.utf8CodeUnitCount))
        guard needle.count <= text.count else { return false }
        for start in 0...(text.count - needle.count) {
            var index = 0
            while index < needle.count, text[start + index] == needle[index] { index += 1 }
            if index == needle.count { return true }
        }
        return false
    }

    /// ANSI styling that is a no-op when colour is off.
    var palette: Palette { Palette(enabled: color, trueColor: trueColor) }
}

/// ANSI SGR styling, applied only when enabled.
struct Palette: Hashable, Sendable {
    var enabled: Bool
    var trueColor = false

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    /// `text` in a habit's colour (`#rrggbb`): 24-bit when the terminal has
    /// it, else the nearest colour of the 256-colour cube or grey ramp.
    func color(_ hex: String, _ text: String) -> String {
        guard let (red, green, blue) = HabitFields.components(color: hex) else { return text }
        if trueColor { return wrap(text, "38;2;\(red);\(green);\(blue)") }
        return wrap(text, "38;5;\(Self.xterm256(red: red, green: green, blue: blue))")
    }

    /// The xterm 256-colour index nearest to a 24-bit colour: the 6×6×6
    /// cube (16–231, levels 0, 95, 135, 175, 215, 255) or the 24 greys
    /// (232–255, 8 to 238 by 10), whichever is closer.
    static func xterm256(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
        }
        let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let grey = min(23, max(0, (average - 3) / 10))
        let greyValue = 8 + grey * 10
        func distance(_ c: (Int, Int, Int)) -> Int {
            let d = (c.0 - Int(red), c.1 - Int(green), c.2 - Int(blue))
            return d.0 * d.0 + d.1 * d.1 + d.2 * d.2
        }
        let cube = distance((levels[r], levels[g], levels[b]))
        let greyDistance = distance((greyValue, greyValue, greyValue))
        return greyDistance < cube ? 232 + grey : 16 + 36 * r + 6 * g + b
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
