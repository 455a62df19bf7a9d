import Foundation
import HabitStorage

extension PostgresStore: IdempotencyRepository {
    package func forgetAnswer(for request: IdempotencyRequest) throws(StoreError) {
        try read { connection throws(StoreError) in
            _ = try connection.run(
                IdempotencySQL.delete, [request.scope, request.key, request.fingerprint])
        }
    }
}

/// The idempotency-key statements.
private enum IdempotencySQL {
    static let lock = "SELECT pg_advisory_xact_lock(26002, hashtext($1))"
    static let select = """
        SELECT fingerprint, status, body, extract(epoch FROM created_at)::float8
        FROM idempotency_keys WHERE scope = $1 AND key = $2
        """
    // The key may still have an expired entry the purge has not reached.
    static let upsert = """
        INSERT INTO idempotency_keys (scope, key, fingerprint, status, body, created_at)
        VALUES ($1, $2, $3, $4::integer, $5, to_timestamp($6::float8))
        ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint,
            status = excluded.status, body = excluded.body, created_at = excluded.created_at
        """
    static let delete = """
        DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND fingerprint = $3
        """
    // SKIP LOCKED: two servers purging at once take different batches
    // instead of waiting for each other.
    static let purge = """
        DELETE FROM idempotency_keys WHERE (scope, key) IN (
            SELECT scope, key FROM idempotency_keys
            WHERE created_at <= to_timestamp($1::float8)
            ORDER BY created_at LIMIT $2::integer FOR UPDATE SKIP LOCKED)
        """

    // Keeps the newest `maximumPerScope` keys of a scope, as SQLite does, so
    // one user's storage stays bounded; the scope's advisory lock is held.
    static let trimScope = """
        DELETE FROM idempotency_keys WHERE scope = $1 AND key IN (
            SELECT key FROM idempotency_keys WHERE scope = $1
            ORDER BY created_at DESC OFFSET $2::integer)
        """
}

/// The key steps of the shared idempotent writes (`StoreStatements`).
extension PostgresStore {
    /// A transaction-level advisory lock on the scope and key
    /// (`pg_advisory_xact_lock`): two requests with one key can arrive at
    /// two servers at once, and neither finds the key yet; the second
    /// waits until the first commits, then finds its answer.
    package static func lockKey(_ connection: PostgresConnection, _ request: IdempotencyRequest)
        throws(StoreError)
    {
        try connection.query(IdempotencySQL.lock, [request.scope + "\n" + request.key])
    }

    /// The entry stored under `request`'s key, live or expired, or `nil`.
    package static func storedAnswer(
        _ connection: PostgresConnection, _ request: IdempotencyRequest
    ) throws(StoreError) -> IdempotencyReplay.StoredEntry? {
        let rows = try connection.query(IdempotencySQL.select, [request.scope, request.key])
        guard rows.count > 0, let createdAt = rows.double(0, 3) else { return nil }
        return IdempotencyReplay.StoredEntry(
            fingerprint: rows.text(0, 0),
            answer: IdempotentAnswer(
                status: Int(rows.int64(0, 1) ?? 0), body: Data(rows.text(0, 2).utf8)),
            createdAt: createdAt)
    }

    package static func storeAnswer(
        _ connection: PostgresConnection, _ request: IdempotencyRequest,
        _ answer: IdempotentAnswer, now: Date
    ) throws(StoreError) {
        let instant = now.timeIntervalSince1970
        try connection.query(
            IdempotencySQL.purge,
            [
                String(instant - IdempotencyRequest.retention),
                String(PostgresStore.idempotencyPurgeBatch),
            ])
        try connection.query(
            IdempotencySQL.upsert,
            [
                request.scope, request.key, request.fingerprint, String(answer.status),
                String(decoding: answer.body, as: UTF8.self), String(instant),
            ])
        try connection.query(
            IdempotencySQL.trimScope, [request.scope, String(IdempotencyRequest.maximumPerScope)])
    }

    package static func savepoint(_ connection: PostgresConnection, _ step: SavepointStep)
        throws(StoreError)
    {
        try connection.execute(step.statement)
    }
}
