import CSQLite
import Foundation
import HabitStorage

extension SQLiteStore: IdempotencyRepository {
    /// Expired keys removed by each write that records one: enough to keep
    /// up with any rate of new keys, small enough to keep each write short.
    static let idempotencyPurgeBatch = 32

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
        try write { connection throws(StoreError) in
            _ = try connection.run(
                IdempotencySQL.delete,
                [.text(request.scope), .text(request.key), .text(request.fingerprint)])
        }
    }

    /// Runs `operation` in one `BEGIN IMMEDIATE` transaction on the writer,
    /// with `record`'s key looked up and its answer stored in the same
    /// transaction (see `IdempotencyRecord` for the rules). Without a record
    /// it is just the transaction.
    func writeOnce<Value: Sendable>(
        _ record: IdempotencyRecord<Value>?,
        _ operation: (SQLiteConnection) throws(StoreError) -> Value
    ) throws(StoreError) -> Idempotent<Value> {
        let outcome = try write { connection throws(StoreError) in
            try connection.transaction(.immediate) {
                () throws(StoreError) -> Result<Idempotent<Value>, StoreError> in
                guard let record else { return .success(.performed(try operation(connection))) }
                let request = record.request
                let earlier: Idempotent<Value>? = try IdempotencySQL.lookup(
                    connection, request, now: record.now)
                if let earlier { return .success(earlier) }
                // A savepoint, so a failure whose answer is remembered can
                // undo the operation's writes and still commit the key.
                try connection.run("SAVEPOINT idempotent_operation")
                let result: Result<Value, StoreError>
                do throws(StoreError) {
                    result = .success(try operation(connection))
                } catch {
                    result = .failure(error)
                }
                guard let answer = record.answer(result) else {
                    if case .failure(let error) = result { throw error }
                    try connection.run("RELEASE idempotent_operation")
                    return .success(.performed(try result.get()))
                }
                if case .failure = result {
                    try connection.run("ROLLBACK TO idempotent_operation")
                }
                try connection.run("RELEASE idempotent_operation")
                try IdempotencySQL.store(connection, request, answer, now: record.now)
                return result.map { .performed($0) }
            }
        }
        return try outcome.get()
    }
}

/// The idempotency-key statements.
enum IdempotencySQL {
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

    /// The earlier outcome for `request`'s key, or `nil` when the key is free
    /// (never used, or its entry has expired).
    static func lookup<Value>(
        _ connection: SQLiteConnection, _ request: IdempotencyRequest, now: Date
    ) throws(StoreError) -> Idempotent<Value>? {
        let found = try connection.firstRow(select, [.text(request.scope), .text(request.key)]) {
            row in
            IdempotencyReplay.StoredEntry(
                fingerprint: row.text(0),
                answer: IdempotentAnswer(status: Int(row.int64(1)), body: Data(row.text(2).utf8)),
                createdAt: row.double(3))
        }
        return IdempotencyReplay.decide(stored: found, for: request, now: now).outcome()
    }

    /// Stores `answer` under `request`'s key, after purging a bounded batch of
    /// expired keys, and forgets the scope's oldest keys past
    /// `IdempotencyRequest.maximumPerScope`. Bodies are the API's JSON, so
    /// they are kept as text.
    static func store(
        _ connection: SQLiteConnection, _ request: IdempotencyRequest, _ answer: IdempotentAnswer,
        now: Date
    ) throws(StoreError) {
        let instant = now.timeIntervalSince1970
        try connection.run(
            purge,
            [
                .real(instant - IdempotencyRequest.retention),
                .integer(Int64(SQLiteStore.idempotencyPurgeBatch)),
            ])
        try connection.run(
            upsert,
            [
                .text(request.scope), .text(request.key), .text(request.fingerprint),
                .integer(Int64(answer.status)), .text(String(decoding: answer.body, as: UTF8.self)),
                .real(instant),
            ])
        try connection.run(
            trimScope,
            [.text(request.scope), .integer(Int64(IdempotencyRequest.maximumPerScope))])
    }
}
