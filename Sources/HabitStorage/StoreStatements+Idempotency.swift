import Foundation

/// `IdempotencyRepository` and the idempotent transaction every keyed
/// write runs in, written once for both stores.
extension StoreStatements {
    package func recordAnswer(
        _ answer: IdempotentAnswer, for request: IdempotencyRequest, now: Date
    )
        throws(StoreError) -> Idempotent<Void>
    {
        let record = IdempotencyRecord<Void>(request: request, now: now) { _ in answer }
        return try writeOnce(record) { _ throws(StoreError) in () }
    }

    package func earlierAnswer(for request: IdempotencyRequest, now: Date)
        throws(StoreError) -> Idempotent<Void>?
    {
        try read { connection throws(StoreError) in
            try Self.earlierOutcome(connection, request, now: now)
        }
    }

    /// Runs `operation` in one write transaction with `record`'s key looked
    /// up and its answer stored in the same transaction (see
    /// `IdempotencyRecord` for the rules). Without a record it is just the
    /// transaction.
    ///
    /// The key's lock (`lockKey`) makes a second request with the key, on
    /// any connection, wait for the first to commit and then find its
    /// answer. A failure of the database itself aborts the transaction: it
    /// is retried or reported as a whole, never remembered.
    package func writeOnce<Value: Sendable>(
        _ record: IdempotencyRecord<Value>?,
        _ operation: (Connection) throws(StoreError) -> Value
    ) throws(StoreError) -> Idempotent<Value> {
        let outcome = try writeTransaction {
            connection throws(StoreError) -> Result<Idempotent<Value>, StoreError> in
            guard let record else { return .success(.performed(try operation(connection))) }
            let request = record.request
            try Self.lockKey(connection, request)
            if let earlier: Idempotent<Value> = try Self.earlierOutcome(
                connection, request, now: record.now)
            {
                return .success(earlier)
            }
            // A savepoint, so a failure whose answer is remembered can undo
            // the operation's writes and still commit the key.
            try Self.savepoint(connection, .begin)
            let result: Result<Value, StoreError>
            do throws(StoreError) {
                result = .success(try operation(connection))
            } catch {
                if error.isDatabaseFailure { throw error }
                result = .failure(error)
            }
            guard let answer = record.answer(result) else {
                if case .failure(let error) = result { throw error }
                try Self.savepoint(connection, .release)
                return .success(.performed(try result.get()))
            }
            if case .failure = result { try Self.savepoint(connection, .rollBack) }
            try Self.savepoint(connection, .release)
            try Self.storeAnswer(connection, request, answer, now: record.now)
            return result.map { .performed($0) }
        }
        return try outcome.get()
    }

    /// The earlier outcome for `request`'s key, or `nil` when the key is
    /// free (never used, or its entry has expired).
    private static func earlierOutcome<Value>(
        _ connection: Connection, _ request: IdempotencyRequest, now: Date
    ) throws(StoreError) -> Idempotent<Value>? {
        let stored = try storedAnswer(connection, request)
        return IdempotencyReplay.decide(stored: stored, for: request, now: now).outcome()
    }
}

extension StoreError {
    /// Whether the database itself failed (not a rule of the store's):
    /// such a failure is never an operation's remembered answer.
    var isDatabaseFailure: Bool {
        switch self {
        // A missing owner is the database's state, not the request's: never
        // remembered, as when it was the backend's foreign-key error.
        case .sqlite, .postgres, .unavailable, .diskFull, .damaged, .cannotOpen, .ownerMissing:
            return true
        case .habitLimit, .totalHabitLimit, .valueLimit, .nameTaken, .newerSchema: return false
        }
    }
}
