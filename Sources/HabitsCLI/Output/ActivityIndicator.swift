/// A spinner on standard error while a network call is slow.
///
/// It appears only after 300 ms, only when standard error is a terminal, and
/// erases itself when the call ends, so quick calls and pipes see nothing.
struct ActivityIndicator: Sendable {
    static let delay = Duration.milliseconds(300)
    static let frameInterval = Duration.milliseconds(100)

    let output: TextOutput
    let enabled: Bool
    let unicode: Bool
    var delay: Duration = Self.delay

    /// Runs `body`, spinning with `label` if it takes longer than the delay.
    func during<T: Sendable>(
        _ label: String, _ body: () async throws(CommandError) -> T
    ) async throws(CommandError) -> T {
        guard enabled else { return try await body() }
        let frames =
            unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", #"\"#]
        return try await TerminalStatusLine(
            output: output, delay: delay, frameInterval: Self.frameInterval
        ).during(frame: { "\(frames[$0 % frames.count]) \(label)" }, body)
    }
}
