/// A progress bar on standard error for imports that take longer than a
/// second: only on a terminal, redrawn ten times a second, erased at the end.
struct ImportProgressBar: Sendable {
    static let delay = Duration.seconds(1)
    static let frameInterval = Duration.milliseconds(100)

    let output: TextOutput
    let enabled: Bool
    let unicode: Bool
    let width: Int
    var delay: Duration = Self.delay

    /// Runs `body`, drawing `progress` once it has taken longer than the delay.
    func during<T: Sendable>(
        _ progress: ImportProgress, _ body: () async throws(CommandError) -> T
    ) async throws(CommandError) -> T {
        guard enabled else { return try await body() }
        let unicode = unicode
        let width = width
        return try await TerminalStatusLine(
            output: output, delay: delay, frameInterval: Self.frameInterval
        ).during(
            frame: { _ in
                let (done, total) = progress.snapshot
                return Self.line(done: done, total: total, width: width, unicode: unicode)
            }, body)
    }

    /// One frame: `Importing [#####-----] 1200/5000 entries`, fitting `width`
    /// columns; without a total yet, `Importing: reading…`.
    static func line(done: Int, total: Int?, width: Int, unicode: Bool) -> String {
        guard let total, total > 0 else { return "Importing: reading…" }
        let counts = " \(min(done, total))/\(total) entries"
        let label = "Importing "
        let barWidth = max(10, min(40, width - label.count - counts.count - 3))
        let filled = min(barWidth, done * barWidth / total)
        let full = unicode ? "█" : "#"
        let empty = unicode ? "░" : "-"
        return label + "[" + String(repeating: full, count: filled)
            + String(repeating: empty, count: barWidth - filled) + "]" + counts
    }
}
