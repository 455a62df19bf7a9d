import Foundation
import HabitClient
import HabitCore
import HabitFiles
import HabitStorage
import HabitStore

/// This device's copy of the account on a server, found from the name kept
/// beside the session (`ReplicaName.kept(server:)`) rather than from the
/// session itself.
///
/// A command that cannot read the session (the file damaged, a directory,
/// unreadable, or signed out) still finds the copy and the changes waiting
/// in it, so it can say they are kept instead of naming another cause, and
/// `logout` does not forget the copy while they wait.
struct KeptReplica: Sendable {
    /// The copy's file.
    let path: String

    /// The copy kept for `server` (a base URL as a session saves it), when
    /// a name is kept for it and its file exists.
    static func find(server: String, paths: CLIPaths) -> KeptReplica? {
        guard let name = ReplicaName(path: paths.replicaNameFile).kept(server: server) else {
            return nil
        }
        let path = AtomicFile.join(paths.dataDirectory, name)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return KeptReplica(path: path)
    }

    /// The copy kept for the server `client` talks to.
    static func find(client: HabitAPIClient, paths: CLIPaths) -> KeptReplica? {
        find(server: client.configuration.baseURLString, paths: paths)
    }

    /// Deletes the copy's files (with `logout`, when nothing waits in it).
    func remove() {
        // -wal and -shm: a replica from before its journal was rollback.
        for suffix in ["", "-journal", "-wal", "-shm", ".lock"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    /// How many changes wait in the copy to be sent, the refused ones
    /// included.
    /// - Throws: when the copy cannot be read (cut short, damaged): what
    ///   waits in it is not known, so nothing may treat it as nothing.
    func waiting(paths: CLIPaths, clock: WallClock) throws(CommandError) -> Int {
        try ReplicaBackend.checkNotCutShort(path)
        do {
            let store = try SQLiteStore(
                path: path, readerCount: 0, role: .client,
                schemaCheckMemo: SchemaCheckFile(path: paths.schemaCheckFile(for: path)))
            defer { store.close() }
            let owner = try store.localUser(now: clock.now()).id
            return try store.replicaSnapshot(owner: owner) { replica throws(StoreError) in
                try replica.outbox().count
            }
        } catch {
            throw CommandError.store(error)
        }
    }
}
