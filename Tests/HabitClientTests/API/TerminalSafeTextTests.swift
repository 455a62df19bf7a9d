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

    @Test func bidirectionalControlsGoEvenWhenClosed() {
        // Closed within the text they still reorder what they enclose (a
        // name shown as another): removed, the text kept.
        #expect(TerminalSafeText.clean("a\u{202B}שלום\u{202C}b") == "aשלוםb")
        #expect(TerminalSafeText.clean("a\u{2067}x\u{2069}b") == "axb")
        #expect(TerminalSafeText.clean("\u{2066}\u{202E}gnp.exe\u{202C}\u{2069}") == "gnp.exe")
        #expect(TerminalSafeText.clean("\u{202A}a\u{202C}\u{202D}b\u{202C}") == "ab")
        // Left open, or closers alone: removed as before.
        #expect(TerminalSafeText.clean("Read\u{202E}") == "Read")
        #expect(TerminalSafeText.clean("\u{2066}Read") == "Read")
        #expect(TerminalSafeText.clean("a\u{202C}b\u{2069}") == "ab")
        // Right-to-left text needs none and is kept as it is.
        #expect(TerminalSafeText.clean("שלום") == "שלום")
    }

    @Test func outputKeepsLinesAndOnlyTheStyleSequencesOfATerminal() {
        let text = "\u{1B}[1mTitle\u{1B}[0m\n\tRun\u{1B}]0;x\u{07}\u{1B}[2J\r\u{9B}2J\n"
        #expect(
            TerminalSafeText.output(text, keepingStyle: true)
                == "\u{1B}[1mTitle\u{1B}[0m\n\tRun\n")
        #expect(TerminalSafeText.output(text, keepingStyle: false) == "Title\n\tRun\n")
        // An SGR with anything but digits and `;` is not style.
        #expect(TerminalSafeText.output("a\u{1B}[?25lb", keepingStyle: true) == "ab")
        // An unterminated string ends at the line: the next lines are kept.
        #expect(
            TerminalSafeText.output("a\u{1B}]0;title\nnext\n", keepingStyle: false)
                == "a\nnext\n")
        // Bidirectional controls go, closed or not.
        #expect(
            TerminalSafeText.output("a\u{202E}b\nc\u{2067}d\u{2069}", keepingStyle: false)
                == "ab\ncd")
    }

    @Test func echoCutsLongDataWithAnEllipsis() {
        #expect(TerminalSafeText.echo("short\u{1B}[2J") == "short")
        let long = String(repeating: "x", count: 100_000)
        let echoed = TerminalSafeText.echo(long)
        #expect(echoed.count == TerminalSafeText.echoLimit)
        #expect(echoed.hasSuffix("\u{2026}"))
        #expect(TerminalSafeText.echo(String(repeating: "y", count: 60)).count == 60)
        // A cut never leaves a bidirectional control open.
        let bidi =
            String(repeating: "a", count: 30) + "\u{2067}" + String(repeating: "b", count: 60)
            + "\u{2069}"
        #expect(!TerminalSafeText.echo(bidi).unicodeScalars.contains("\u{2067}"))
    }
}
