import HabitCore

/// Where answers to prompts come from: standard input, or scripted lines in tests.
public protocol LineInput: Sendable {
    /// The next line without its newline, or `nil` at end of input.
    func readLine() -> String?
}

/// The process's standard input.
public struct StandardInput: LineInput {
    public init() {}

    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }
}

/// Lines given up front, handed out one by one; `nil` once they run out.
public final class ScriptedInput: LineInput {
    private let lines: Locked<[String]>

    public init(_ lines: [String]) {
        self.lines = Locked(lines)
    }

    public func readLine() -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
