import HabitCore

/// Where text goes: standard output, standard error, or a buffer in tests.
public protocol TextSink: Sendable {
    func write(_ text: String)
}

/// A `TextOutputStream` over a `TextSink`, so renderers can `print(…, to:)`
/// or `write(_:)` into the real streams and into captured ones alike.
public struct TextOutput: TextOutputStream, Sendable {
    public let sink: any TextSink

    public init(_ sink: any TextSink) {
        self.sink = sink
    }

    public mutating func write(_ string: String) {
        sink.write(string)
    }

    /// Writes `text` followed by a newline.
    public func line(_ text: String = "") {
        sink.write(text + "\n")
    }

    /// Writes `text` as it is.
    public func send(_ text: String) {
        sink.write(text)
    }
}

/// Text kept in memory: what tests read after running a command.
public final class CapturedText: TextSink {
    private let buffer = Locked("")

    public init() {}

    public func write(_ text: String) {
        buffer.withLock { $0 += text }
    }

    /// Everything written so far.
    public var text: String {
        buffer.withLock { $0 }
    }
}
