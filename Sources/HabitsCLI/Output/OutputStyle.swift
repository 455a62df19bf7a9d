/// How a command writes: JSON or text, with or without colour, Unicode or
/// ASCII symbols, and how wide the lines may be.
///
/// Colour only when standard output is a terminal, NO_COLOR is unset (or
/// empty), TERM is not `dumb` and `--no-color` is absent. Unicode symbols only
/// when standard output is a terminal, the locale (the first set of LC_ALL,
/// LC_CTYPE, LANG) is UTF-8 and `--ascii` is absent. Pipes and cron therefore
/// get plain ASCII without escape codes.
struct OutputStyle: Hashable, Sendable {
    var json: Bool
    var color: Bool
    var unicode: Bool
    var width: Int

    init(json: Bool = false, color: Bool = false, unicode: Bool = false, width: Int = 80) {
        self.json = json
        self.color = color
        self.unicode = unicode
        self.width = width
    }

    /// The style for `arguments` in `environment`.
    init(arguments: BoundArguments, environment: CLIEnvironment) {
        let variables = environment.variables
        let terminal = environment.terminal.outputIsTerminal
        json = arguments.flag("json")
        color =
            terminal && !arguments.flag("no-color") && (variables["NO_COLOR"] ?? "").isEmpty
            && variables["TERM"] != "dumb"
        unicode = terminal && !arguments.flag("ascii") && Self.localeIsUTF8(variables)
        width = environment.width
    }

    /// Whether the effective locale's character set is UTF-8.
    static func localeIsUTF8(_ variables: [String: String]) -> Bool {
        let locale =
            ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty }
            ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// ANSI styling that is a no-op when colour is off.
    var palette: Palette { Palette(enabled: color) }
}

/// ANSI SGR styling, applied only when enabled.
struct Palette: Hashable, Sendable {
    var enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func red(_ text: String) -> String { wrap(text, "31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
