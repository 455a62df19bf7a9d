import HabitClient
import HabitConcurrency

/// Where text goes: standard output, standard error, or a buffer in tests.
protocol TextSink: Sendable {
    func write(_ text: String)
}

/// A `TextOutputStream` over a `TextSink`, so renderers can `print(…, to:)`
/// or `write(_:)` into the real streams and into captured ones alike.
///
/// Once `terminalSafe(keepingStyle:)` has wrapped it (`HabitsCommandLine`
/// does for both streams before anything runs), every text write passes the
/// terminal-safe filter (`TerminalSafeText.output`): names, units, notes and
/// messages from a server, a file, the database or the configuration cannot
/// act on the terminal. Data formats (`--json`, a CSV or JSON export on
/// standard output) and the status line's own control sequences go through
/// `sendUnfiltered`.
struct TextOutput: TextOutputStream, Sendable {
    let sink: any TextSink
    /// The stream itself, without the filter.
    private let unfiltered: any TextSink

    init(_ sink: any TextSink) {
        self.sink = sink
        unfiltered = sink
    }

    private init(filtered: any TextSink, unfiltered: any TextSink) {
        sink = filtered
        self.unfiltered = unfiltered
    }

    /// This output with every text write made terminal-safe; `keepingStyle`
    /// (the stream is a terminal) keeps the colour sequences of `Palette`.
    func terminalSafe(keepingStyle: Bool) -> TextOutput {
        TextOutput(
            filtered: TerminalSafeSink(base: unfiltered, keepingStyle: keepingStyle),
            unfiltered: unfiltered)
    }

    /// Writes `text` exactly, past the terminal-safe filter: for JSON (whose
    /// strings escape what a terminal would act on), an export's data, and
    /// this program's own control sequences.
    func sendUnfiltered(_ text: String) {
        unfiltered.write(text)
    }

    mutating func write(_ string: String) {
        sink.write(string)
    }

    /// Writes `text` followed by a newline.
    func line(_ text: String = "") {
        sink.write(text + "\n")
    }

    /// Writes `text` as it is.
    func send(_ text: String) {
        sink.write(text)
    }
}

/// A sink that passes every write through `TerminalSafeText.output` first.
struct TerminalSafeSink: TextSink {
    let base: any TextSink
    let keepingStyle: Bool

    func write(_ text: String) {
        base.write(TerminalSafeText.output(text, keepingStyle: keepingStyle))
    }
}

/// Text kept in memory: what tests read after running a command.
final class CapturedText: TextSink {
    private let buffer = Locked("")

    init() {}

    func write(_ text: String) {
        buffer.withLock { $0 += text }
    }

    /// Everything written so far.
    var text: String {
        buffer.withLock { $0 }
    }
}
