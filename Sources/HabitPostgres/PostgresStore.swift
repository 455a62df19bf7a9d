import Dispatch
import Foundation
import HabitStorage

/// The PostgreSQL store: the same repositories as `SQLiteStore`, for several
/// server processes on one database.
///
/// Each process keeps a small pool of connections. Every decision that must
/// be atomic is one transaction whose locks make it atomic across processes
/// too; each method says which. Transactions run at READ COMMITTED: each
/// statement sees what was committed before it began, and a row lock taken
/// with `FOR UPDATE`/`FOR NO KEY UPDATE` (or an `ON CONFLICT DO UPDATE`)
/// waits for the holder and then sees its committed row. A transaction that
/// still fails with a serialization failure (40001) or a deadlock (40P01) is
/// run again, up to `maximumAttempts` times in all.
///
/// A lost connection (the database restarting) fails the call with
/// `.unavailable`, never a wrong answer: a transaction whose COMMIT had not
/// been sent is run again once on a new connection, one whose COMMIT was
/// sent but not answered is reported unavailable, as its outcome is unknown.
package final class PostgresStore: Sendable {
    /// The schema version this build reads and writes.
    package static var schemaVersion: Int { PostgresSchema.version }

    /// Connections per process by default.
    package static let defaultPoolSize = 8

    /// How many times a transaction runs at most when PostgreSQL reports a
    /// serialization failure or a deadlock.
    static let maximumAttempts = 5

    /// Expired idempotency keys removed by each write that records one.
    static let idempotencyPurgeBatch = 32

    /// The database, as it may be shown (no password).
    package let url: PostgresURL
    let pool: PostgresPool

    /// Connects to `url`, checking that the database can be reached and
    /// signed in to, and brings its schema to this build's version.
    ///
    /// Throws `.cannotOpen` naming the URL without its password and saying
    /// why (a wrong password, an unknown database, no server listening), and
    /// `.newerSchema` when a newer habits migrated the database.
    package init(
        url: PostgresURL, poolSize: Int = PostgresStore.defaultPoolSize,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(StoreError) {
        self.url = url
        pool = PostgresPool(url: url, size: poolSize, environment: environment)
        let first: PostgresConnection
        do {
            first = try PostgresConnection(url: url, environment: environment)
        } catch {
            throw Self.openingError(error, url: url)
        }
        do {
            try Self.migrate(first, url: url)
        } catch {
            first.close()
            throw Self.openingError(error, url: url)
        }
        pool.adopt(first)
    }

    deinit {
        pool.close()
    }

    /// Closes the connections; calls in progress finish first. Later calls
    /// throw `.unavailable`.
    package func close() {
        pool.close()
    }

    /// Runs statements outside an explicit transaction (each one atomic on
    /// its own snapshot), once more on a new connection if the first was
    /// lost: a read, or a single statement that did not commit.
    package func read<Result>(
        _ body: (PostgresConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        do throws(StoreError) {
            return try pool.withConnection(body)
        } catch .unavailable(let reason) {
            if reason == pool.busyReason { throw .unavailable(reason: reason) }
            return try pool.withConnection(body)
        }
    }

    /// Runs one statement whose answer would change if it were run twice
    /// (a DELETE that says whether it removed something): never repeated.
    func write<Result>(
        _ body: (PostgresConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        try pool.withConnection(body)
    }

    /// Runs `body` in one READ COMMITTED transaction (its locks are the
    /// caller's to take), retried as the type's comment says.
    func transaction<Result>(
        _ body: (PostgresConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        var attempt = 1
        var reconnected = false
        while true {
            var commitSent = false
            do throws(StoreError) {
                return try pool.withConnection { connection throws(StoreError) -> Result in
                    try connection.execute("BEGIN")
                    let result: Result
                    do throws(StoreError) {
                        result = try body(connection)
                        // A write route's webhook event commits with its write.
                        let pending = try Self.queuePendingEvent(connection, for: result)
                        commitSent = true
                        try connection.execute("COMMIT")
                        pending?.committed()
                    } catch {
                        if connection.isUsable { try? connection.execute("ROLLBACK") }
                        throw error
                    }
                    return result
                }
            } catch .unavailable(let reason) {
                // A pooled connection can have died with the server; only
                // a transaction that never reached COMMIT is safe to repeat.
                guard !commitSent, !reconnected, reason != pool.busyReason else {
                    throw .unavailable(reason: reason)
                }
                reconnected = true
            } catch .postgres(let state, let message) {
                guard Self.isRetryable(state), attempt < Self.maximumAttempts else {
                    throw .postgres(state: state, message: message)
                }
                attempt += 1
                // A short, growing, jittered pause so the competitors part.
                usleep(UInt32.random(in: 1_000...5_000) * UInt32(attempt))
            }
        }
    }

    static func isRetryable(_ state: String) -> Bool {
        state == "40001" || state == "40P01"
    }

    /// Brings the schema to `PostgresSchema.version` in one transaction,
    /// holding a transaction-level advisory lock (`pg_advisory_xact_lock`,
    /// released by COMMIT or ROLLBACK), so a second server starting at the
    /// same time waits and then finds the work done.
    private static func migrate(_ connection: PostgresConnection, url: PostgresURL)
        throws(StoreError)
    {
        try connection.execute("BEGIN")
        do throws(StoreError) {
            try connection.query(
                "SELECT pg_advisory_xact_lock($1::bigint)", [String(PostgresSchema.migrationLock)])
            let found = try storedVersion(connection)
            if found > PostgresSchema.version {
                throw .newerSchema(found: found, supported: PostgresSchema.version)
            }
            if found < PostgresSchema.version {
                if found == 0 {
                    let existing = try connection.query("SELECT to_regclass('habits') IS NOT NULL")
                    if existing.bool(0, 0) {
                        throw .cannotOpen(
                            path: url.description,
                            reason: "it holds a habits table that habits did not create")
                    }
                }
                for step in PostgresSchema.migrations[found...] {
                    try connection.execute(step)
                }
                try connection.execute("DELETE FROM schema_version")
                try connection.query(
                    "INSERT INTO schema_version (version) VALUES ($1::integer)",
                    [String(PostgresSchema.version)])
            }
            try connection.execute("COMMIT")
        } catch {
            if connection.isUsable { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    private static func storedVersion(_ connection: PostgresConnection) throws(StoreError) -> Int {
        try connection.execute(PostgresSchema.versionTable)
        let rows = try connection.query("SELECT max(version) FROM schema_version")
        return rows.isNull(0, 0) ? 0 : Int(rows.int64(0, 0) ?? 0)
    }

    /// Errors while starting, worded for the person who chose the URL.
    private static func openingError(_ error: StoreError, url: PostgresURL) -> StoreError {
        switch error {
        case .unavailable(let reason), .postgres(_, let reason):
            return .cannotOpen(path: url.description, reason: url.redacting(reason))
        default:
            return error
        }
    }
}

/// Text forms of parameters.
extension PostgresStore {
    static func seconds(_ date: Date) -> String {
        String(date.timeIntervalSince1970)
    }

    static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: seconds)
    }

    static func unreadable(_ what: String) -> StoreError {
        .postgres(state: "XX001", message: "\(what) holds a value this version cannot read")
    }

    static func internalError(_ what: String) -> StoreError {
        .postgres(state: "XX000", message: what)
    }
}
