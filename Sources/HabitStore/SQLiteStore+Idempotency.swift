import Foundation
import HabitStorage

extension SQLiteStore: IdempotencyRepository {
    /// Expired keys removed by each write that records one: enough to keep
    /// up with any rate of new keys, small enough to keep each write short.
    static let idempotencyPurgeBatch = 32

    package func forgetAnswer(for request: IdempotencyRequest) throws(StoreError) {
        try write { connection throws(StoreError) in
            _ = try connection.run(
                IdempotencySQL.delete,
                [.text(request.scope), .text(request.key), .text(request.fingerprint)])
        }
    }
}

/// The idempotency-key statements.
private enum IdempotencySQL {
    static let select = """
        SELECT fingerprint, status, body, created_at FROM idempotency_keys
        WHERE scope = ?1 AND key = ?2
        """
    // The key may still have an expired entry the purge has not reached.
    static let upsert = """
        INSERT INTO idempotency_keys (scope, key, fingerprint, status, body, created_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint,
            status = excluded.status, body = excluded.body, created_at = excluded.created_at
        """
    static let delete = """
        DELETE FROM idempotency_keys WHERE scope = ?1 AND key = ?2 AND fingerprint = ?3
        """
    // Keeps the newest `maximumPerScope` of a scope, walking its time index.
    static let trimScope = """
        DELETE FROM idempotency_keys WHERE rowid IN (
            SELECT rowid FROM idempotency_keys WHERE scope = ?1
            ORDER BY created_at DESC LIMIT -1 OFFSET ?2)
        """
    static let purge = """
        DELETE FROM idempotency_keys WHERE rowid IN (
            SELECT rowid FROM idempotency_keys WHERE created_at <= ?1 ORDER BY created_at LIMIT ?2)
        """
}

/// The key steps of the shared idempotent writes (`StoreStatements`).
extension SQLiteStore {
    /// Writers take turns for the whole database: nothing to lock.
    package static func lockKey(_ connection: SQLiteConnection, _ request: IdempotencyRequest) {}

    /// The entry stored under `request`'s key, live or expired, or `nil`.
    package static func storedAnswer(
        _ connection: SQLiteConnection, _ request: IdempotencyRequest
    )
        throws(StoreError) -> IdempotencyReplay.StoredEntry?
    {
        try connection.firstRow(IdempotencySQL.select, [.text(request.scope), .text(request.key)]) {
            row in
            IdempotencyReplay.StoredEntry(
                fingerprint: row.text(0),
                answer: IdempotentAnswer(status: Int(row.int64(1)), body: Data(row.text(2).utf8)),
                createdAt: row.double(3))
        }
    }

    /// Stores `answer` under `request`'s key, after purging a bounded batch of
    /// expired keys, and forgets the scope's oldest keys past
    /// `IdempotencyRequest.maximumPerScope`. Bodies are the API's JSON, so
    /// they are kept as text.
    package static func storeAnswer(
        _ connection: SQLiteConnection, _ request: IdempotencyRequest, _ answer: IdempotentAnswer,
        now: Date
    ) throws(StoreError) {
        let instant = now.timeIntervalSince1970
        try connection.run(
            IdempotencySQL.purge,
            [
                .real(instant - IdempotencyRequest.retention),
                .integer(Int64(SQLiteStore.idempotencyPurgeBatch)),
            ])
        try connection.run(
            IdempotencySQL.upsert,
            [
                .text(request.scope), .text(request.key), .text(request.fingerprint),
                .integer(Int64(answer.status)), .text(String(decoding: answer.body, as: UTF8.self)),
                .real(instant),
            ])
        try connection.run(
            IdempotencySQL.trimScope,
            [.text(request.scope), .integer(Int64(IdempotencyRequest.maximumPerScope))])
    }

    package static func savepoint(_ connection: SQLiteConnection, _ step: SavepointStep)
        throws(StoreError)
    {
        try connection.run(step.statement)
    }
}
