import Testing

@testable import HabitClient
@testable import HabitCore

@Suite struct TerminalSafeTextTests {
    @Test(arguments: [
        // OSC (set the title), ended by BEL or by ST.
        ("\u{1B}]0;pwned\u{07}Run", "Run"),
        ("\u{1B}]2;title\u{1B}\\Run", "Run"),
        // CSI: clear screen, colour, cursor moves; 8-bit CSI too.
        ("\u{1B}[2J\u{1B}[31mRed\u{1B}[0m", "Red"),
        ("a\u{9B}1mb", "ab"),
        ("\u{1B}[10;20HMove", "Move"),
        // DCS and APC strings, two-byte escapes, bare controls.
        ("\u{1B}Pq#0;2;0;0;0\u{1B}\\ok", "ok"),
        ("\u{1B}_apc\u{07}ok", "ok"),
        ("\u{1B}cReset", "Reset"),
        ("\u{1B}(BCharset", "Charset"),
        ("bell\u{07}\u{08}\u{7F}\u{85}", "bell"),
        ("two\nlines\tand\rtab", "two lines and tab"),
        // A lone ESC at the end goes too.
        ("end\u{1B}", "end"),
        // Plain text and other scripts are untouched.
        ("Drink water 💧", "Drink water 💧"),
        ("читать", "читать"),
    ])
    func escapeSequencesAndControlsGoWhole(input: String, expected: String) {
        #expect(TerminalSafeText.clean(input) == expected)
        #expect(TerminalSafeText.isClean(expected))
    }

    @Test func bidirectionalControlsStayOnlyWhenClosed() {
        // Closed within the text: kept (a Hebrew name in an LTR line, say).
        #expect(TerminalSafeText.clean("a\u{202B}שלום\u{202C}b") == "a\u{202B}שלום\u{202C}b")
        #expect(TerminalSafeText.clean("a\u{2067}x\u{2069}b") == "a\u{2067}x\u{2069}b")
        // Left open, it would reorder the rest of the line: removed.
        #expect(TerminalSafeText.clean("Read\u{202E}") == "Read")
        #expect(TerminalSafeText.clean("\u{2066}Read") == "Read")
        // Closers without an opener go.
        #expect(TerminalSafeText.clean("a\u{202C}b\u{2069}") == "ab")
        // A PDI closes its isolate and the embedding left open inside it.
        #expect(TerminalSafeText.clean("\u{2067}a\u{202E}b\u{2069}") == "\u{2067}ab\u{2069}")
        // A PDF does not close across an isolate.
        #expect(TerminalSafeText.clean("\u{202D}\u{2066}a\u{202C}") == "a")
    }
}
