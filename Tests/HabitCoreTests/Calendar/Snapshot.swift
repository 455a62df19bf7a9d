import Foundation
import TestSupport
import Testing

/// Golden-text comparison against `Tests/HabitCoreTests/Snapshots/<name>.txt`
/// (`GoldenText`; `SNAPSHOT_RECORD=1` records).
enum Snapshot {
    static func expect(
        _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Snapshots")
        GoldenText(bundle: .module, folder: folder)
            .expect(actual, named: name, sourceLocation: sourceLocation)
    }
}
