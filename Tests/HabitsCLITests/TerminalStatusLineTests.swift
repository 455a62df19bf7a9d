import Testing

@testable import HabitsCLI

/// The line that spinners and the import's progress bar draw on a
/// terminal: nothing for work shorter than the delay, frames after it, and
/// erased at the end.
@Suite struct TerminalStatusLineTests {
    @Test func workShorterThanTheDelayDrawsNothing() async throws {
        let captured = CapturedText()
        let line = TerminalStatusLine(
            output: TextOutput(captured), delay: .seconds(86_400), frameInterval: .seconds(1))
        let value = try await line.during(
            frame: { "frame \($0)" }, { () async throws(CommandError) -> Int in 7 })
        #expect(value == 7)
        #expect(captured.text.isEmpty)
    }

    @Test func longerWorkDrawsFramesThenErasesTheLine() async throws {
        let captured = CapturedText()
        let line = TerminalStatusLine(
            output: TextOutput(captured), delay: .zero, frameInterval: .milliseconds(1))
        // The work lasts until two frames are drawn: no clock decides it.
        let value = try await line.during(
            frame: { "frame \($0)" },
            { () async throws(CommandError) -> Int in
                while !captured.text.contains("frame 1") { await Task.yield() }
                return 7
            })
        #expect(value == 7)
        #expect(captured.text.hasPrefix("\rframe 0\rframe 1"))
        #expect(captured.text.hasSuffix("\r\u{1B}[K"))
    }

    @Test func anErrorStillErasesTheLine() async throws {
        let captured = CapturedText()
        let line = TerminalStatusLine(
            output: TextOutput(captured), delay: .zero, frameInterval: .milliseconds(1))
        await #expect(throws: CommandError.self) {
            try await line.during(
                frame: { "frame \($0)" },
                { () async throws(CommandError) -> Int in
                    while !captured.text.contains("frame 0") { await Task.yield() }
                    throw CommandError(.failure, "No.")
                })
        }
        #expect(captured.text.hasSuffix("\r\u{1B}[K"))
    }
}
