import Foundation
import HabitCore
import HabitStorage

extension PostgresStore: AuthRepository {
    package func user(id: Int64) throws(StoreError) -> User? {
        try read { connection throws(StoreError) in
            let rows = try connection.query(AuthSQL.selectUserByID, [String(id)])
            return rows.count == 0 ? nil : try AuthSQL.user(rows)
        }
    }

    /// `ON CONFLICT DO NOTHING` waits for a concurrent insert of the same
    /// address and then does nothing; the SELECT after it sees that row.
    package func findOrCreateUser(email: String, now: Date) throws(StoreError) -> User {
        try read { connection throws(StoreError) in
            try connection.query(AuthSQL.insertUser, [email, Self.seconds(now)])
            let rows = try connection.query(AuthSQL.selectUserByEmail, [email])
            guard rows.count == 1 else {
                throw Self.internalError("the new account was not stored")
            }
            return try AuthSQL.user(rows)
        }
    }

    /// Decided by `CodeCheckDecision` on the code's row locked with
    /// `FOR UPDATE`: two servers checking one code take turns, so a code is
    /// accepted once and every wrong try is counted.
    package func checkCode(
        email: String, now: Date, maximumAttempts: Int, matches: (String) -> Bool
    ) throws(StoreError) -> CodeCheck {
        try transaction { connection throws(StoreError) -> CodeCheck in
            let rows = try connection.query(AuthSQL.selectCodeForUpdate, [email])
            var pending: CodeCheckDecision.PendingCode?
            if rows.count == 1 {
                guard let expiresAt = rows.double(0, 1), let attempts = rows.int64(0, 2) else {
                    throw Self.unreadable("the pending code")
                }
                pending = CodeCheckDecision.PendingCode(
                    codeHash: rows.text(0, 0), expiresAt: expiresAt, attempts: attempts)
            }
            let decision = CodeCheckDecision.decide(
                pending: pending, now: now, maximumAttempts: maximumAttempts, matches: matches)
            switch decision.effect {
            case .none: break
            case .deleteCode: try connection.query(AuthSQL.deleteCode, [email])
            case .countAttempt: try connection.query(AuthSQL.countAttempt, [email])
            }
            return decision.answer
        }
    }

    /// Also prunes refresh tokens and families that expired by
    /// `record.issuedAt`, as SQLite's does.
    package func insertRefreshToken(_ record: RefreshTokenRecord) throws(StoreError) {
        let now = Self.seconds(record.issuedAt)
        try transaction { connection throws(StoreError) in
            try connection.query(AuthSQL.pruneFamilies, [now])
            try connection.query(AuthSQL.pruneTokens, [now])
            try connection.query(
                AuthSQL.insertFamily,
                [record.familyID, String(record.userID), Self.seconds(record.expiresAt)])
            try connection.query(AuthSQL.insertToken, AuthSQL.values(record))
        }
    }

    /// Decided by `RefreshRotationDecision` on the presented token's row
    /// and its family's row locked (`FOR NO KEY UPDATE`): racing
    /// presentations of one token from any server take turns, so the first
    /// rotates it and the others see it rotated (and its child committed),
    /// which makes them replays within the grace window, not reuse.
    package func rotateRefreshToken(
        jti: String, now: Date, grace: TimeInterval,
        makeChild: (RefreshTokenRecord) -> RefreshTokenRecord
    ) throws(StoreError) -> RefreshRotation {
        try transaction { connection throws(StoreError) -> RefreshRotation in
            try PostgresRefreshTokenRows(connection: connection).carryOut(
                jti: jti, now: now, grace: grace, makeChild: makeChild)
        }
    }

    package func setTimeZone(_ identifier: String, userID: Int64) throws(StoreError) -> User? {
        try read { connection throws(StoreError) in
            let rows = try connection.query(AuthSQL.updateTimeZone, [identifier, String(userID)])
            return rows.count == 0 ? nil : try AuthSQL.user(rows)
        }
    }

    package func setDayStartsAt(_ boundary: DayBoundary, userID: Int64) throws(StoreError)
        -> User?
    {
        try read { connection throws(StoreError) in
            let rows = try connection.query(
                AuthSQL.updateDayStartsAt, [boundary.text, String(userID)])
            return rows.count == 0 ? nil : try AuthSQL.user(rows)
        }
    }

    package func revokeFamily(ofToken jti: String) throws(StoreError) {
        try read { connection throws(StoreError) in
            _ = try connection.run(AuthSQL.revokeFamilyOfToken, [jti])
        }
    }
}

/// The refresh tokens as rotation reaches them inside a transaction: the
/// presented token's row and its family's are read locked.
private struct PostgresRefreshTokenRows: RefreshTokenRows {
    let connection: PostgresConnection

    func token(jti: String) throws(StoreError) -> RefreshRotationDecision.StoredToken? {
        try AuthSQL.token(connection.query(AuthSQL.selectTokenForUpdate, [jti]))
    }

    func child(of jti: String) throws(StoreError) -> RefreshRotationDecision.StoredToken? {
        try AuthSQL.token(connection.query(AuthSQL.selectChild, [jti]))
    }

    func store(child: RefreshTokenRecord, rotating parent: String, at rotatedAt: TimeInterval)
        throws(StoreError)
    {
        try connection.query(AuthSQL.insertToken, AuthSQL.values(child))
        try connection.query(AuthSQL.markRotated, [String(rotatedAt), parent])
        try connection.query(
            AuthSQL.extendFamily, [PostgresStore.seconds(child.expiresAt), child.familyID])
    }

    func revokeFamily(_ familyID: String) throws(StoreError) {
        try connection.query(AuthSQL.revokeFamily, [familyID])
    }
}

/// The sign-in statements and how rows become values.
private enum AuthSQL {
    static let selectUserByID =
        "SELECT id, email, time_zone, day_starts_at FROM users WHERE id = $1"
    static let selectUserByEmail =
        "SELECT id, email, time_zone, day_starts_at FROM users WHERE email = $1"
    // Setting the same zone twice leaves the same row: safe to repeat.
    static let updateTimeZone = """
        UPDATE users SET time_zone = $1 WHERE id = $2::bigint
            RETURNING id, email, time_zone, day_starts_at
        """
    // NULL is midnight, so an account that never set one reads as before.
    static let updateDayStartsAt = """
        UPDATE users SET day_starts_at = nullif($1, '00:00') WHERE id = $2::bigint
            RETURNING id, email, time_zone, day_starts_at
        """
    static let insertUser = """
        INSERT INTO users (email, created_at) VALUES ($1, to_timestamp($2::float8))
        ON CONFLICT (email) DO NOTHING
        """

    static let selectSendTimes = """
        SELECT extract(epoch FROM sent_at)::float8 FROM code_sends
        WHERE email = $1 AND sent_at >= to_timestamp($2::float8) ORDER BY sent_at
        """
    static let insertSend = """
        INSERT INTO code_sends (email, sent_at) VALUES ($1, to_timestamp($2::float8))
        """
    static let pruneSends = "DELETE FROM code_sends WHERE sent_at < to_timestamp($1::float8)"
    static let pruneCodes = "DELETE FROM login_codes WHERE expires_at < to_timestamp($1::float8)"
    static let upsertCode = """
        INSERT INTO login_codes (email, code_hash, expires_at, attempts)
        VALUES ($1, $2, to_timestamp($3::float8), 0)
        ON CONFLICT (email) DO UPDATE
        SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0
        """
    static let selectCodeForUpdate = """
        SELECT code_hash, extract(epoch FROM expires_at)::float8, attempts FROM login_codes
        WHERE email = $1 FOR UPDATE
        """
    static let deleteCode = "DELETE FROM login_codes WHERE email = $1"
    static let countAttempt = "UPDATE login_codes SET attempts = attempts + 1 WHERE email = $1"
    // Serialises code sends to one address across servers: the send times
    // it reads cannot change before its own send commits. The address has
    // no row to lock before its first code, hence an advisory lock (class
    // 26001; a collision of hashes only makes two addresses take turns).
    static let lockAddress = "SELECT pg_advisory_xact_lock(26001, hashtext($1))"
    /// The same for a client key (class 26002), taken after the address's
    /// and in sorted order, so two requests never wait for each other's locks.
    static let lockClient = "SELECT pg_advisory_xact_lock(26002, hashtext($1))"
    static let selectRequestTimes = """
        SELECT extract(epoch FROM requested_at)::float8 FROM code_requests
        WHERE client = $1 AND requested_at >= to_timestamp($2::float8) ORDER BY requested_at
        """
    static let insertRequest = """
        INSERT INTO code_requests (client, requested_at) VALUES ($1, to_timestamp($2::float8))
        """
    static let pruneRequests = """
        DELETE FROM code_requests WHERE requested_at < to_timestamp($1::float8)
        """

    static let tokenColumns = """
        t.jti, t.family_id, t.parent_jti, t.user_id, extract(epoch FROM t.issued_at)::float8,
        extract(epoch FROM t.expires_at)::float8, extract(epoch FROM t.rotated_at)::float8,
        f.revoked
        """
    static let selectTokenForUpdate = """
        SELECT \(tokenColumns) FROM refresh_tokens t
        JOIN refresh_families f ON f.family_id = t.family_id WHERE t.jti = $1
        FOR NO KEY UPDATE OF t, f
        """
    static let selectChild = """
        SELECT \(tokenColumns) FROM refresh_tokens t
        JOIN refresh_families f ON f.family_id = t.family_id WHERE t.parent_jti = $1
        """
    static let insertToken = """
        INSERT INTO refresh_tokens (jti, family_id, parent_jti, user_id, issued_at, expires_at)
        VALUES ($1, $2, $3, $4::bigint, to_timestamp($5::float8), to_timestamp($6::float8))
        """
    static let insertFamily = """
        INSERT INTO refresh_families (family_id, user_id, revoked, expires_at)
        VALUES ($1, $2::bigint, false, to_timestamp($3::float8))
        """
    static let markRotated = """
        UPDATE refresh_tokens SET rotated_at = to_timestamp($1::float8) WHERE jti = $2
        """
    static let extendFamily = """
        UPDATE refresh_families SET expires_at = greatest(expires_at, to_timestamp($1::float8))
        WHERE family_id = $2
        """
    static let revokeFamily = "UPDATE refresh_families SET revoked = true WHERE family_id = $1"
    static let revokeFamilyOfToken = """
        UPDATE refresh_families SET revoked = true
        WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE jti = $1)
        """
    // Deleting a family deletes its tokens (ON DELETE CASCADE).
    static let pruneFamilies = """
        DELETE FROM refresh_families WHERE expires_at <= to_timestamp($1::float8)
        """
    static let pruneTokens = """
        DELETE FROM refresh_tokens WHERE expires_at <= to_timestamp($1::float8)
        """

    static func sendTimes(
        _ connection: PostgresConnection, _ query: String = selectSendTimes, email: String,
        since: Date
    ) throws(StoreError) -> [Date] {
        let rows = try connection.query(query, [email, PostgresStore.seconds(since)])
        return try (0..<rows.count).map { row throws(StoreError) in
            guard let seconds = rows.double(row, 0) else {
                throw PostgresStore.unreadable("a send time")
            }
            return PostgresStore.date(seconds)
        }
    }

    static func user(_ rows: PostgresResult) throws(StoreError) -> User {
        guard let id = rows.int64(0, 0) else { throw PostgresStore.unreadable("an account") }
        return User(
            id: id, email: rows.text(0, 1), timeZone: rows.optionalText(0, 2),
            dayStartsAt: rows.optionalText(0, 3).flatMap(DayBoundary.init) ?? .midnight)
    }

    /// The token in the first of `rows`, `nil` when there is none.
    static func token(_ rows: PostgresResult) throws(StoreError)
        -> RefreshRotationDecision.StoredToken?
    {
        guard rows.count > 0 else { return nil }
        guard let userID = rows.int64(0, 3), let issuedAt = rows.double(0, 4),
            let expiresAt = rows.double(0, 5), let rotatedAt = rows.optionalDouble(0, 6)
        else { throw PostgresStore.unreadable("a refresh token") }
        let record = RefreshTokenRecord(
            jti: rows.text(0, 0), familyID: rows.text(0, 1),
            parentJTI: rows.optionalText(0, 2), userID: userID,
            issuedAt: PostgresStore.date(issuedAt), expiresAt: PostgresStore.date(expiresAt))
        return RefreshRotationDecision.StoredToken(
            record: record, rotatedAt: rotatedAt, familyRevoked: rows.bool(0, 7))
    }

    static func values(_ record: RefreshTokenRecord) -> [String?] {
        [
            record.jti, record.familyID, record.parentJTI, String(record.userID),
            PostgresStore.seconds(record.issuedAt), PostgresStore.seconds(record.expiresAt),
        ]
    }
}

/// The code step of the shared keyed write (`StoreStatements`).
extension PostgresStore {
    /// Stores a new code unless `refusal` objects, holding the address's
    /// advisory lock (see `lockAddress`).
    package static func insertCode<Refusal>(
        _ connection: PostgresConnection, email: String, clients: [String], codeHash: String,
        sentAt: Date, expiresAt: Date, since: Date, refusal: (CodeSendHistory) -> Refusal?
    ) throws(StoreError) -> Refusal? {
        try connection.query(AuthSQL.lockAddress, [email])
        for client in Set(clients).sorted() { try connection.query(AuthSQL.lockClient, [client]) }
        let sendTimes = try AuthSQL.sendTimes(connection, email: email, since: since)
        var requestTimes: [[Date]] = []
        for client in clients {
            requestTimes.append(
                try AuthSQL.sendTimes(
                    connection, AuthSQL.selectRequestTimes, email: client, since: since))
        }
        if let refused = refusal(CodeSendHistory(email: sendTimes, clients: requestTimes)) {
            return refused
        }
        let horizon = String(sentAt.timeIntervalSince1970 - PostgresStore.authRecordRetention)
        try connection.query(AuthSQL.pruneSends, [horizon])
        try connection.query(AuthSQL.pruneRequests, [horizon])
        try connection.query(AuthSQL.pruneCodes, [horizon])
        try connection.query(
            AuthSQL.upsertCode, [email, codeHash, PostgresStore.seconds(expiresAt)])
        try connection.query(AuthSQL.insertSend, [email, PostgresStore.seconds(sentAt)])
        for client in clients {
            try connection.query(AuthSQL.insertRequest, [client, PostgresStore.seconds(sentAt)])
        }
        return nil
    }
}
