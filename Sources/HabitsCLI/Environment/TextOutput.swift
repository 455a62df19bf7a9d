import HabitConcurrency
import HabitCore

/// Where text goes: standard output, standard error, or a buffer in tests.
protocol TextSink: Sendable {
    func write(_ text: String)
}

/// A `TextOutputStream` over a `TextSink`, so renderers can `print(…, to:)`
/// or `write(_:)` into the real streams and into captured ones alike.
struct TextOutput: TextOutputStream, Sendable {
    let sink: any TextSink

    init(_ sink: any TextSink) {
        self.sink = sink
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
