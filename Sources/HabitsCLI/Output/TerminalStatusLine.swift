/// A line on a terminal's standard error, redrawn while work runs: it
/// appears only once the work has taken longer than `delay`, is redrawn
/// every `frameInterval`, and is erased when the work ends, so quick work
/// sees nothing. The spinner and the import's progress bar are two frames
/// drawn by it.
struct TerminalStatusLine: Sendable {
    let output: TextOutput
    let delay: Duration
    let frameInterval: Duration

    /// Runs `body`, drawing `frame(n)` (n = 0, 1, …) while it lasts beyond the delay.
    func during<T: Sendable>(
        frame: @escaping @Sendable (Int) -> String, _ body: () async throws(CommandError) -> T
    ) async throws(CommandError) -> T {
        let output = output
        let delay = delay
        let interval = frameInterval
        let drawer = Task<Bool, Never> {
            do {
                try await Task.sleep(for: delay)
            } catch {
                return false
            }
            var count = 0
            while !Task.isCancelled {
                // Our own frame and control sequences: past the filter.
                output.sendUnfiltered("\r" + frame(count))
                count += 1
                do {
                    try await Task.sleep(for: interval)
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
        drawer.cancel()
        if await drawer.value { output.sendUnfiltered("\r\u{1B}[K") }
        return try result.get()
    }
}
