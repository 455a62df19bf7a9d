import CSQLite
import Foundation
import HabitStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Backups of a habits SQLite database, taken while servers use it, and
/// restoring one into an empty database.
///
/// A backup is `VACUUM INTO` a private file beside the destination: one read
/// snapshot of the database (WAL lets writers go on meanwhile), so the copy
/// is consistent at one instant whatever the load. The file is made 0600
/// (it holds sign-in code hashes), synced, and only then given its name,
/// which never replaces an existing file; a failure leaves no file behind.
package enum SQLiteBackup {
    /// What a restore put in place.
    package struct Counts: Hashable, Sendable {
        package var accounts: Int
        package var habits: Int
        package var progress: Int
    }

    /// Writes a consistent copy of the database at `source` to `destination`,
    /// a file that must not exist yet.
    package static func copy(database source: String, to destination: String)
        throws(SQLiteBackupError)
    {
        if FileManager.default.fileExists(atPath: destination) {
            throw .destinationExists(path: destination)
        }
        let directory = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        let partial = (directory.isEmpty ? "." : directory) + "/.\(name).partial-\(getpid())"
        do {
            let connection = try SQLiteConnection(path: source, create: false)
            defer { connection.close() }
            try connection.setBusyTimeout(milliseconds: SQLiteStore.busyTimeoutMilliseconds)
            guard try schemaVersion(connection) > 0 else {
                throw SQLiteBackupError.notAHabitsDatabase(path: source)
            }
            try createPrivateFile(partial, exclusive: true)
            try connection.run("VACUUM INTO ?1", [.text(partial)])
        } catch {
            unlink(partial)
            throw backupError(error)
        }
        defer { unlink(partial) }
        try syncFile(partial)
        // link(2), not rename(2): a file that appeared under the name meanwhile is kept.
        guard link(partial, destination) == 0 else {
            if errno == EEXIST { throw .destinationExists(path: destination) }
            throw .store(.cannotOpen(path: destination, reason: String(cString: strerror(errno))))
        }
        try syncFile(directory.isEmpty ? "." : directory)
    }

    /// Copies the backup at `backup` into the database at `target`, which
    /// must be missing, an empty file, or a habits database without accounts;
    /// then brings it to this build's schema.
    ///
    /// A server with `target` open would go on with what it has cached and
    /// serve the restored rows at once, so a restore holds `target`'s
    /// `SQLiteServerLock` exclusively throughout and changes nothing when a
    /// server holds it. The source's sign-in state (pending codes, when codes
    /// went out and who asked) is left behind: it belongs to the source's
    /// server, and would refuse the first code request of the new one.
    @discardableResult
    package static func restore(from backup: String, into target: String)
        throws(SQLiteBackupError) -> Counts
    {
        let lock: SQLiteServerLock
        do throws(SQLiteServerLock.Failure) {
            lock = try SQLiteServerLock(database: target, mode: .restoring)
        } catch {
            switch error {
            case .held: throw .databaseInUse(path: target)
            case .cannotOpen(let path, let reason):
                throw .store(.cannotOpen(path: path, reason: reason))
            }
        }
        defer { lock.release() }
        do {
            guard FileManager.default.fileExists(atPath: backup) else {
                throw StoreError.cannotOpen(path: backup, reason: "there is no such file")
            }
            let source = try SQLiteConnection(path: backup, create: false)
            defer { source.close() }
            try source.execute("PRAGMA query_only = ON")
            try checkBackup(source, path: backup)
            try checkEmpty(target)
            try createPrivateFile(target, exclusive: false)
            let destination = try SQLiteConnection(path: target, create: false)
            try destination.setBusyTimeout(milliseconds: SQLiteStore.busyTimeoutMilliseconds)
            do {
                try source.copyContents(into: destination)
            } catch {
                destination.close()
                throw error
            }
            destination.close()
            // Opening migrates an older backup to this build's schema.
            let store = try SQLiteStore(path: target, readerCount: 0)
            defer { store.close() }
            return try store.write { connection throws(StoreError) in
                for table in ["login_codes", "code_sends", "code_requests"] {
                    try connection.run("DELETE FROM \(table)")
                }
                func count(_ table: String) throws(StoreError) -> Int {
                    Int(
                        try connection.firstRow("SELECT count(*) FROM \(table)") { $0.int64(0) }
                            ?? 0)
                }
                return Counts(
                    accounts: try count("users"), habits: try count("habits"),
                    progress: try count("progress"))
            }
        } catch {
            throw backupError(error)
        }
    }

    /// Errors of the untyped steps, as the one type callers see.
    private static func backupError(_ error: any Error) -> SQLiteBackupError {
        if let error = error as? SQLiteBackupError { return error }
        if let error = error as? StoreError { return .store(error) }
        return .store(.sqlite(code: SQLITE_ERROR, message: "\(error)"))
    }

    private static func schemaVersion(_ connection: SQLiteConnection) throws(StoreError) -> Int {
        Int(try connection.firstRow("PRAGMA user_version") { $0.int64(0) } ?? 0)
    }

    /// The backup must be an undamaged habits database this build can read.
    private static func checkBackup(_ connection: SQLiteConnection, path: String) throws {
        let check: String?
        do {
            check = try connection.firstRow("PRAGMA quick_check") { $0.text(0) }
        } catch {
            throw SQLiteBackupError.notAHabitsDatabase(path: path)
        }
        guard check == "ok" else { throw SQLiteBackupError.damaged(path: path) }
        let version = try schemaVersion(connection)
        let hasUsers = try connection.firstRow(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'"
        ) { _ in true }
        guard version > 0, hasUsers == true else {
            throw SQLiteBackupError.notAHabitsDatabase(path: path)
        }
        guard version <= Schema.version else {
            throw SQLiteBackupError.newerSchema(found: version, supported: Schema.version)
        }
    }

    /// Refuses a target that holds anything: accounts, or tables of another kind.
    private static func checkEmpty(_ target: String) throws {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: target) else {
            return
        }
        if (attributes[.size] as? NSNumber)?.intValue == 0 { return }
        let connection = try SQLiteConnection(path: target, create: false)
        defer { connection.close() }
        try connection.setBusyTimeout(milliseconds: SQLiteStore.busyTimeoutMilliseconds)
        let tables: Int
        do {
            tables = Int(
                try connection.firstRow(
                    "SELECT count(*) FROM sqlite_master WHERE name = 'users'"
                ) { $0.int64(0) } ?? 0)
        } catch {
            throw SQLiteBackupError.notAHabitsDatabase(path: target)
        }
        let anyTables =
            try connection.firstRow("SELECT 1 FROM sqlite_master LIMIT 1") { _ in true } ?? false
        guard tables == 1 else {
            if anyTables { throw SQLiteBackupError.notAHabitsDatabase(path: target) }
            return
        }
        let accounts = Int(
            try connection.firstRow("SELECT count(*) FROM users") { $0.int64(0) } ?? 0)
        let habits = Int(
            try connection.firstRow("SELECT count(*) FROM habits") { $0.int64(0) } ?? 0)
        if accounts > 0 || habits > 0 {
            throw SQLiteBackupError.targetNotEmpty(path: target, accounts: accounts)
        }
    }

    private static func createPrivateFile(_ path: String, exclusive: Bool) throws(StoreError) {
        let flags = O_RDWR | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : 0)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        _ = close(descriptor)
    }

    /// Flushes a file (or directory) to disk, so a backup that has its name survives a crash.
    private static func syncFile(_ path: String) throws(SQLiteBackupError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .store(.cannotOpen(path: path, reason: String(cString: strerror(errno))))
        }
        defer { _ = close(descriptor) }
        _ = fsync(descriptor)
    }
}
