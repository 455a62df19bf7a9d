import Foundation
import Testing

/// Golden-text comparison against `<folder>/<name>.txt`, for any test target
/// that keeps its snapshots as a resource folder.
///
/// Run with `SNAPSHOT_RECORD=1` to write the current output as the new golden
/// text; the test then fails, saying so, so a recording run never passes by
/// accident. Snapshots are read from the test bundle (where SwiftPM copies
/// them) and written to the source folder.
package struct GoldenText {
    /// The test target's bundle (`Bundle.module` there), holding `Snapshots/`.
    let bundle: Bundle
    /// The source folder the snapshots are recorded into.
    let folder: URL

    package init(bundle: Bundle, folder: URL) {
        self.bundle = bundle
        self.folder = folder
    }

    package func expect(
        _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1" {
            let url = folder.appendingPathComponent("\(name).txt")
            do {
                try Data(actual.utf8).write(to: url, options: .atomic)
                Issue.record(
                    "Recorded snapshot \(name) at \(url.path); run again without SNAPSHOT_RECORD.",
                    sourceLocation: sourceLocation)
            } catch {
                Issue.record(
                    "Could not record snapshot \(name) at \(url.path): \(error)",
                    sourceLocation: sourceLocation)
            }
            return
        }
        guard
            let url = bundle.url(
                forResource: name, withExtension: "txt", subdirectory: "Snapshots"),
            let data = FileManager.default.contents(atPath: url.path)
        else {
            Issue.record(
                "No snapshot \(name).txt; run with SNAPSHOT_RECORD=1 to record it.",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard actual != expected else { return }
        let message =
            "Snapshot \(name) differs; first difference:\n\(Self.firstDifference(expected, actual))\n"
            + "Run with SNAPSHOT_RECORD=1 to accept the new output."
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// The first line that differs, shown with visible escapes.
    private static func firstDifference(_ expected: String, _ actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? String(old[index]) : "<end>"
            let after = index < new.count ? String(new[index]) : "<end>"
            if before != after {
                return "line \(index + 1)\n  expected: \(before.debugDescription)\n"
                    + "  actual:   \(after.debugDescription)"
            }
        }
        return "(none)"
    }
}
