import Foundation
import HabitStorage

extension PostgresStore: IdempotencyRepository {
    public func recordAnswer(_ answer: IdempotentAnswer, for request: IdempotencyRequest, now: Date)
        throws(StoreError) -> Idempotent<Void>
    {
        let record = IdempotencyRecord<Void>(request: request, now: now) { _ in answer }
        return try writeOnce(record) { _ throws(StoreError) in () }
    }

    public func earlierAnswer(for request: IdempotencyRequest, now: Date)
        throws(StoreError) -> Idempotent<Void>?
    {
        try read { connection throws(StoreError) in
            try IdempotencySQL.lookup(connection, request, now: now)
        }
    }

    public func forgetAnswer(for request: IdempotencyRequest) throws(StoreError) {
        try read { connection throws(StoreError) in
            _ = try connection.run(
                IdempotencySQL.delete, [request.scope, request.key, request.fingerprint])
        }
    }

    /// Runs `operation` in one transaction with `record`'s key looked up and
    /// its answer stored in the same transaction (see `IdempotencyRecord`).
    ///
    /// Two requests with one key can arrive at two servers at once, and
    /// neither finds the key yet: a transaction-level advisory lock on the
    /// scope and key (`pg_advisory_xact_lock`) makes the second wait until
    /// the first commits, then find its answer. Without a record it is just
    /// the transaction.
    func writeOnce<Value>(
        _ record: IdempotencyRecord<Value>?,
        _ operation: (PostgresConnection) throws(StoreError) -> Value
    ) throws(StoreError) -> Idempotent<Value> {
        let outcome = try transaction {
            connection throws(StoreError) -> Result<Idempotent<Value>, StoreError> in
            guard let record else { return .success(.performed(try operation(connection))) }
            let request = record.request
            try connection.query(IdempotencySQL.lock, [request.scope + "\n" + request.key])
            if let earlier: Idempotent<Value> = try IdempotencySQL.lookup(
                connection, request, now: record.now)
            {
                return .success(earlier)
            }
            // A savepoint, so a failure whose answer is remembered can undo
            // the operation's writes and still commit the key.
            try connection.execute("SAVEPOINT idempotent_operation")
            let result: Result<Value, StoreError>
            do throws(StoreError) {
                result = .success(try operation(connection))
            } catch {
                result = .failure(error)
            }
            guard let answer = record.answer(result) else {
                if case .failure(let error) = result { throw error }
                try connection.execute("RELEASE SAVEPOINT idempotent_operation")
                return .success(.performed(try result.get()))
            }
            if case .failure(let error) = result {
                // A database failure aborts the transaction: it is retried or
                // reported as a whole, never remembered.
                switch error {
                case .postgres, .unavailable: throw error
                default: break
                }
                try connection.execute("ROLLBACK TO SAVEPOINT idempotent_operation")
            }
            try connection.execute("RELEASE SAVEPOINT idempotent_operation")
            try IdempotencySQL.store(connection, request, answer, now: record.now)
            return result.map { .performed($0) }
        }
        return try outcome.get()
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

    static func lookup<Value>(
        _ connection: PostgresConnection, _ request: IdempotencyRequest, now: Date
    ) throws(StoreError) -> Idempotent<Value>? {
        let rows = try connection.query(select, [request.scope, request.key])
        var found: IdempotencyReplay.StoredEntry?
        if rows.count > 0, let createdAt = rows.double(0, 3) {
            found = IdempotencyReplay.StoredEntry(
                fingerprint: rows.text(0, 0),
                answer: IdempotentAnswer(
                    status: Int(rows.int64(0, 1) ?? 0), body: Data(rows.text(0, 2).utf8)),
                createdAt: createdAt)
        }
        return IdempotencyReplay.decide(stored: found, for: request, now: now).outcome()
    }

    static func store(
        _ connection: PostgresConnection, _ request: IdempotencyRequest,
        _ answer: IdempotentAnswer, now: Date
    ) throws(StoreError) {
        let instant = now.timeIntervalSince1970
        try connection.query(
            purge,
            [
                String(instant - IdempotencyRequest.retention),
                String(PostgresStore.idempotencyPurgeBatch),
            ])
        try connection.query(
            upsert,
            [
                request.scope, request.key, request.fingerprint, String(answer.status),
                String(decoding: answer.body, as: UTF8.self), String(instant),
            ])
        try connection.query(
            trimScope, [request.scope, String(IdempotencyRequest.maximumPerScope)])
    }
}
