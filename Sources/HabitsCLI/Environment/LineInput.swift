import HabitConcurrency

/// Where answers to prompts come from: standard input, or scripted lines in tests.
protocol LineInput: Sendable {
    /// The next line without its newline, or `nil` at end of input.
    func readLine() -> String?
}

/// The process's standard input.
struct StandardInput: LineInput {
    func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }
}

/// Lines given up front, handed out one by one; `nil` once they run out.
final class ScriptedInput: LineInput {
    private let lines: Locked<[String]>

    init(_ lines: [String]) {
        self.lines = Locked(lines)
    }

    func readLine() -> String? {
        lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}
