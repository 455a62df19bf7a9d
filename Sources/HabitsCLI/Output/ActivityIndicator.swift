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

    /// Runs `body`, spinning with `label` if it takes longer than the delay.
    func during<T: Sendable>(
        _ label: String, _ body: () async throws(CommandError) -> T
    ) async throws(CommandError) -> T {
        guard enabled else { return try await body() }
        let output = output
        let frames =
            unicode ? ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] : ["|", "/", "-", #"\"#]
        let spinner = Task<Bool, Never> {
            do {
                try await Task.sleep(for: Self.delay)
            } catch {
                return false
            }
            var frame = 0
            while !Task.isCancelled {
                output.send("\r\(frames[frame % frames.count]) \(label)")
                frame += 1
                do {
                    try await Task.sleep(for: Self.frameInterval)
                } catch {
                    break
                }
            }
            return true
        }
        let result: Result<T, CommandError>
        do {
            result = .success(try await body())
        } catch {
            result = .failure(error)
        }
        spinner.cancel()
        if await spinner.value { output.send("\r\u{1B}[K") }
        return try result.get()
    }
}
