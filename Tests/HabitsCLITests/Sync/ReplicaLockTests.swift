import Foundation
import Testing

@testable import HabitsCLI

/// One sync at a time per replica: the lock file's `flock`.
@Suite struct ReplicaLockTests {
    static func lockPath() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("replica-lock-\(UUID().uuidString).lock").path
    }

    @Test func aSecondTakerFindsTheLockBusyUntilTheFirstReleasesIt() throws {
        let path = Self.lockPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var first: ReplicaLock? = nil
        if case .taken(let lock) = ReplicaLock.take(path) { first = lock }
        #expect(first != nil)
        // Another open file description, as another process would have.
        if case .busy = ReplicaLock.take(path) {
        } else {
            Issue.record("the lock was taken twice")
        }
        first = nil
        if case .taken = ReplicaLock.take(path) {
        } else {
            Issue.record("the lock was not released")
        }
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aLockFileThatCannotBeOpenedIsUnavailableNotBusy() {
        if case .unavailable = ReplicaLock.take("/nonexistent-directory/replica.lock") {
        } else {
            Issue.record("expected unavailable")
        }
    }
}
