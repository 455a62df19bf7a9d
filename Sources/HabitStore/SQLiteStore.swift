import CSQLite
import Foundation
import HabitConcurrency
import HabitStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The SQLite store behind the server and the command line's local mode.
///
/// One connection writes; with a server's database file, a few more read at
/// the same time (WAL lets readers run beside the writer, each on its own
/// snapshot), opened as they are first needed. Each connection is used by one
/// thread at a time behind a lock, so the store is safe to share between
/// threads. Writes that decide something run in `BEGIN IMMEDIATE`
/// transactions, which also keeps them atomic against other processes using
/// the same file.
///
/// Durability: a server's journal is WAL with `synchronous = NORMAL`. A
/// transaction is in the WAL file (the operating system's page cache) before
/// `COMMIT` returns, so killing the process, even with `kill -9`, never loses
/// a committed transaction and leaves a readable database. Only a power loss
/// or a kernel crash can lose the last transactions before a checkpoint,
/// never corrupting the file; `FULL` would close that gap at the cost of an
/// `fsync` per write, which a habit tracker does not need. A client's file
/// (`Role.client`: one short command at a time, mostly reading) has a
/// rollback journal with `synchronous = FULL`, which SQLite needs to be safe
/// from corruption there: a read makes no files, and a commit is on disk
/// when `COMMIT` returns.
package final class SQLiteStore: Sendable {
    /// The path that opens a private database in memory, gone when closed.
    package static let inMemoryPath = ":memory:"

    /// The schema version this build reads and writes.
    package static var schemaVersion: Int { Schema.version }

    /// How long a connection waits for another's lock before failing with
    /// `SQLITE_BUSY` (another process writing the same file).
    package static let busyTimeoutMilliseconds: Int32 = 5000

    /// Read connections beside the writer by default: one per processor (at
    /// least 2, at most 8), as more cannot run at once. Each is opened only
    /// when concurrent reads first need it.
    package static var defaultReaderCount: Int {
        min(8, max(2, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// Where the database lives, as given.
    package let path: String

    private let writer: LockedConnection
    /// Empty for in-memory databases (each connection would see its own
    /// database) and when the file cannot use WAL: then the writer reads too.
    private let readers: [LockedConnection]
    private let nextReader = AtomicCounter()
    private let writes = AtomicCounter()

    /// How many writes this store has begun (wrapping): a value read before
    /// and after some work differs when the store wrote in between, for a
    /// caller that keeps what it read until its next write.
    package var writeCount: UInt { writes.count }

    /// Opens the database at `path`, creating the file (mode 0600: it holds
    /// sign-in code hashes) when missing, and migrating it to this build's
    /// schema. The directory must exist. `":memory:"` opens a private
    /// in-memory database.
    ///
    /// Throws `.cannotOpen` when the file cannot be opened or is not a habits
    /// database, and `.newerSchema` when a newer habits wrote it.
    package convenience init(path: String) throws(StoreError) {
        try self.init(path: path, readerCount: Self.defaultReaderCount)
    }

    /// Opens the database with up to `readerCount` read connections (0: the
    /// writer does everything, the cheapest for a short-lived process).
    ///
    /// Opening checks the file's consistency as far as it costs the same for
    /// any amount of data: SQLite reads its header and schema, and the
    /// tables, columns, indexes and triggers must be this version's
    /// (`SchemaShape`). Rows are checked as they are read. Throws `.damaged`
    /// when the check fails.
    ///
    /// Opening writes nothing when nothing needs migrating, so a database on
    /// a full disk still opens for reading: when the shared-memory index WAL
    /// needs cannot grow for lack of space, the connection is opened again in
    /// exclusive locking mode, which keeps that index in the process's memory
    /// (and holds the file's lock until `close()`, shutting other processes
    /// out for the life of this one). Writes then fail with `.diskFull`.
    ///
    /// `role` says whose database a new file becomes and which shape an
    /// existing one must have (`Role`). A client opens a server's file as
    /// it is; a server refuses a client's with `.cannotOpen`.
    ///
    /// With `checkingSchema` false the shape is not compared: for reading
    /// what a damaged file still holds (`salvage(owner:)`), nothing else.
    /// With a `schemaCheckMemo`, a file whose stamp the memo recalls (it
    /// passed the check and its schema has not changed since) is not
    /// compared again, and a file that passes has its stamp remembered.
    package init(
        path: String, readerCount: Int, role: Role = .server, checkingSchema: Bool = true,
        schemaCheckMemo: (any SchemaCheckMemo)? = nil
    ) throws(StoreError) {
        self.path = path
        let inMemory = path == Self.inMemoryPath
        let writerConnection: SQLiteConnection
        let usesWAL: Bool
        do {
            if !inMemory { try createPrivateFileIfMissing(path) }
            do {
                (writerConnection, usesWAL) = try Self.openWriter(
                    path: path, inMemory: inMemory, exclusive: false, role: role,
                    checkingSchema: checkingSchema, memo: schemaCheckMemo)
            } catch .sqlite(let code, _) where code & 0xFF == SQLITE_FULL && !inMemory {
                (writerConnection, usesWAL) = try Self.openWriter(
                    path: path, inMemory: false, exclusive: true, role: role,
                    checkingSchema: checkingSchema, memo: schemaCheckMemo)
            }
        } catch {
            throw Self.openingError(error, path: path)
        }
        writer = LockedConnection(writerConnection)
        if usesWAL {
            readers = (0..<max(0, readerCount)).map { _ in
                LockedConnection(opening: { () throws(StoreError) -> SQLiteConnection in
                    try Self.openReader(path: path)
                })
            }
        } else {
            readers = []
        }
    }

    /// The writer connection, the schema migrated and checked, and whether
    /// readers can run beside it (WAL, shared between processes). With
    /// `exclusive`, the journal mode is only read, not set: the file is WAL
    /// already when this fallback runs. The mode is set last, so a file
    /// refused (a client's opened by a server) is left as it was.
    private static func openWriter(
        path: String, inMemory: Bool, exclusive: Bool, role: Role, checkingSchema: Bool,
        memo: (any SchemaCheckMemo)?
    ) throws(StoreError) -> (SQLiteConnection, usesWAL: Bool) {
        let connection = try SQLiteConnection(path: path, create: true)
        try connection.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
        try connection.execute("PRAGMA foreign_keys = ON")
        if exclusive { try connection.execute("PRAGMA locking_mode = EXCLUSIVE") }
        try Self.migrate(connection, path: path, role: role)
        if checkingSchema {
            let stamp = try memo.flatMap { _ throws(StoreError) in
                try SchemaCheckStamp.of(connection, path: path)
            }
            if stamp == nil || memo?.recalled() != stamp {
                let shape = try SchemaShape.read(connection)
                if let problem = shape.problem(expected: try SchemaShape.current(for: role)) {
                    // A client's file: whole, without any of the server's tables.
                    if role == .server, shape.lacksServerTables,
                        shape.problem(expected: try SchemaShape.current(for: .client)) == nil
                    {
                        throw .cannotOpen(
                            path: path,
                            reason: "it is the database of a habits client (local mode or a "
                                + "server's replica), which has no sign-in or reminder tables")
                    }
                    throw .damaged(path: path, reason: problem)
                }
                if let stamp { memo?.remember(stamp) }
            }
        }
        guard !inMemory else { return (connection, false) }
        let mode =
            try exclusive
            ? Self.journalMode(connection) : Self.setJournalMode(connection, role: role)
        // NORMAL is safe from corruption only with WAL; a rollback journal
        // needs FULL's syncs around each commit.
        try connection.execute(
            mode == "wal" ? "PRAGMA synchronous = NORMAL" : "PRAGMA synchronous = FULL")
        return (connection, mode == "wal" && !exclusive)
    }

    /// The file's journal mode, lowercased (`wal`, `delete`, …).
    private static func journalMode(_ connection: SQLiteConnection) throws(StoreError) -> String {
        try connection.firstRow("PRAGMA journal_mode") { row in row.text(0).lowercased() } ?? ""
    }

    /// Sets the journal mode `role` wants and returns the mode the file
    /// has after. A server's file is WAL: readers run beside the writer.
    /// A client's has a rollback journal: its commands run one at a time
    /// and mostly only read, and a read then needs no `-wal` and `-shm`
    /// files made, mapped and removed at every start (0.2 ms of the 3.5 ms
    /// a `list` of 15 habits takes here). Leaving WAL needs the file
    /// to itself: while another process has a client's WAL file open, it
    /// stays WAL until a later start finds it alone.
    private static func setJournalMode(
        _ connection: SQLiteConnection, role: Role
    ) throws(StoreError) -> String {
        // Setting the mode a file already has writes nothing.
        let wanted = role == .server ? "wal" : "delete"
        do {
            return try connection.firstRow("PRAGMA journal_mode = \(wanted)") { row in
                row.text(0).lowercased()
            } ?? ""
        } catch {
            guard case .sqlite(let code, _) = error, code & 0xFF == SQLITE_BUSY, role == .client
            else { throw error }
            return try journalMode(connection)
        }
    }

    deinit {
        close()
    }

    /// Finalizes every statement and closes every connection, waiting for
    /// calls in progress. Later calls throw; closing again does nothing.
    package func close() {
        // Readers first: the last connection to close checkpoints the WAL
        // into the database file and removes it, which the writer can do.
        for reader in readers { reader.close() }
        writer.close()
    }

    /// `PRAGMA data_version` of the writer connection: it changes when any
    /// other connection, in this process or another, commits to the file,
    /// and not for the writer's own commits (every write of this store).
    /// Without `waiting`, `nil` when another thread holds the writer.
    package func externalWriteStamp(waiting: Bool) throws(StoreError) -> Int64? {
        func stamp(_ connection: SQLiteConnection) throws(StoreError) -> Int64? {
            try connection.firstRow("PRAGMA data_version") { $0.int64(0) }
        }
        guard !waiting else { return try writer.use(stamp) }
        return try writer.useIfAvailable(stamp) ?? nil
    }

    /// Runs `body` on the writer connection.
    func write<Result: Sendable>(
        _ body: (SQLiteConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        _ = writes.next()
        do {
            return try writer.use(body)
        } catch {
            throw classified(error)
        }
    }

    /// Runs `body` on a read connection: the first free one, else waits for
    /// one in turn.
    package func read<Result: Sendable>(
        _ body: (SQLiteConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        do {
            guard !readers.isEmpty else { return try writer.use(body) }
            let count = UInt(readers.count)
            let start = nextReader.next()
            for offset in 0..<count {
                let reader = readers[Int((start &+ offset) % count)]
                if let result = try reader.useIfAvailable(body) { return result }
            }
            return try readers[Int(start % count)].use(body)
        } catch {
            throw classified(error)
        }
    }

    /// A damaged file or a full disk named with the file's path; other
    /// errors as they are.
    private func classified(_ error: StoreError) -> StoreError {
        guard case .sqlite(let code, let message) = error else { return error }
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .damaged(path: path, reason: message)
        case SQLITE_FULL: return .diskFull(path: path)
        default: return error
        }
    }

    private static func openReader(path: String) throws(StoreError) -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path, create: false)
        try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        // A reader must never write, even by a mistake in this module.
        try connection.execute("PRAGMA query_only = ON")
        return connection
    }

    /// Brings the schema to `Schema.version`, all steps in one transaction,
    /// each step as the file's role takes it: a new file's is `role`; an
    /// existing one is a server's while it has the server's tables, unless a
    /// client opens it before `Schema.clientTablesVersion` and they hold no
    /// rows (a client's file from before that version, which had them too).
    /// So a client never drops a server's data, and a file never changes
    /// role once it has taken that version.
    private static func migrate(_ connection: SQLiteConnection, path: String, role: Role)
        throws(StoreError)
    {
        let stored = try userVersion(connection)
        if stored == Schema.version { return }
        if stored > Schema.version {
            throw .newerSchema(found: stored, supported: Schema.version)
        }
        // A step that makes a table again needs foreign keys off, which
        // SQLite only changes outside a transaction (`Migration.rebuildsTables`).
        let rebuilding = Schema.migrations[max(0, stored)...].contains(where: \.rebuildsTables)
        if rebuilding { try connection.execute("PRAGMA foreign_keys = OFF") }
        defer { if rebuilding { try? connection.execute("PRAGMA foreign_keys = ON") } }
        try connection.transaction(.immediate) { () throws(StoreError) in
            // Read again under the write lock: another process may have
            // migrated since.
            let found = try userVersion(connection)
            if found > Schema.version {
                throw .newerSchema(found: found, supported: Schema.version)
            }
            if found == Schema.version { return }
            if found == 0 {
                let tables = try connection.firstRow("SELECT count(*) FROM sqlite_master") { row in
                    row.int64(0)
                }
                if let tables, tables > 0 {
                    throw .cannotOpen(
                        path: path, reason: "it is a SQLite database of another program")
                }
            }
            let fileRole =
                found == 0 ? role : try existingRole(connection, version: found, opener: role)
            for step in Schema.migrations[max(0, found)...] {
                try connection.execute(step.sql(for: fileRole))
            }
            if rebuilding {
                // Every reference must still lead to a row, as it would
                // have had to with foreign keys on.
                let broken = try connection.firstRow("PRAGMA foreign_key_check") { _ in true }
                if broken == true {
                    throw .damaged(
                        path: path, reason: "a row refers to one that is not there")
                }
            }
            // The version is an integer constant of this module, not user data.
            try connection.execute("PRAGMA user_version = \(Schema.version)")
        }
    }

    /// The role an existing file at `version` migrates as (see `migrate`).
    private static func existingRole(_ connection: SQLiteConnection, version: Int, opener: Role)
        throws(StoreError) -> Role
    {
        // Table names are constants of this module (Schema.serverTables).
        let present = try connection.rows(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
        ) { row in row.text(0) }.filter(Schema.serverTables.contains)
        if present.isEmpty { return .client }
        guard opener == .client, version < Schema.clientTablesVersion else { return .server }
        for table in present {
            let holdsRows = try connection.firstRow("SELECT EXISTS (SELECT 1 FROM \(table))") {
                row in row.int64(0) != 0
            }
            if holdsRows == true { return .server }
        }
        return .client
    }

    private static func userVersion(_ connection: SQLiteConnection) throws(StoreError) -> Int {
        Int(try connection.firstRow("PRAGMA user_version") { row in row.int64(0) } ?? 0)
    }

    /// Errors while opening, worded for the person who chose the path.
    private static func openingError(_ error: StoreError, path: String) -> StoreError {
        guard case .sqlite(let code, let message) = error else { return error }
        switch code & 0xFF {
        case SQLITE_NOTADB:
            return .cannotOpen(path: path, reason: "the file is not a SQLite database")
        case SQLITE_CORRUPT:
            return .damaged(path: path, reason: message)
        case SQLITE_FULL:
            return .diskFull(path: path)
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .cannotOpen(path: path, reason: "another program holds the database locked")
        case SQLITE_READONLY:
            return .cannotOpen(path: path, reason: "the database is read-only")
        default:
            return .cannotOpen(path: path, reason: message)
        }
    }
}

/// Creates an empty file with mode 0600 at `path` unless one exists, so
/// SQLite, which gives its WAL and shared-memory files the database file's
/// mode, never makes them readable by others.
private func createPrivateFileIfMissing(_ path: String) throws(StoreError) {
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
        throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    _ = close(descriptor)
}
