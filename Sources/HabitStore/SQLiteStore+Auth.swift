import CSQLite
import Foundation
import HabitCore
import HabitStorage

extension SQLiteStore: AuthRepository {
    package func user(id: Int64) throws(StoreError) -> User? {
        try read { connection throws(StoreError) in
            try connection.firstRow(AuthSQL.selectUserByID, [.integer(id)], AuthSQL.user)
        }
    }

    package func findOrCreateUser(email: String, now: Date) throws(StoreError) -> User {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) -> User in
                try connection.run(
                    AuthSQL.insertUser, [.text(email), .real(now.timeIntervalSince1970)])
                guard
                    let user = try connection.firstRow(
                        AuthSQL.selectUserByEmail, [.text(email)], AuthSQL.user)
                else {
                    throw .sqlite(code: SQLITE_INTERNAL, message: "the new account was not stored")
                }
                return user
            }
        }
    }

    /// Decided by `CodeCheckDecision` on the code's row, read and changed
    /// inside one write transaction. `matches` runs inside the transaction
    /// and must not call the store.
    package func checkCode(
        email: String, now: Date, maximumAttempts: Int, matches: (String) -> Bool
    ) throws(StoreError) -> CodeCheck {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) -> CodeCheck in
                let pending = try connection.firstRow(AuthSQL.selectCode, [.text(email)]) { row in
                    CodeCheckDecision.PendingCode(
                        codeHash: row.text(0), expiresAt: row.double(1), attempts: row.int64(2))
                }
                let decision = CodeCheckDecision.decide(
                    pending: pending, now: now, maximumAttempts: maximumAttempts,
                    matches: matches)
                switch decision.effect {
                case .none: break
                case .deleteCode: try connection.run(AuthSQL.deleteCode, [.text(email)])
                case .countAttempt: try connection.run(AuthSQL.countAttempt, [.text(email)])
                }
                return decision.answer
            }
        }
    }

    /// Also prunes refresh tokens and families that expired by
    /// `record.issuedAt`: presenting one is `.invalid` either way.
    package func insertRefreshToken(_ record: RefreshTokenRecord) throws(StoreError) {
        let now = record.issuedAt.timeIntervalSince1970
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) in
                try connection.run(AuthSQL.pruneFamilies, [.real(now)])
                try connection.run(AuthSQL.pruneTokens, [.real(now)])
                try connection.run(
                    AuthSQL.insertFamily,
                    [
                        .text(record.familyID), .integer(record.userID),
                        .real(record.expiresAt.timeIntervalSince1970),
                    ])
                try connection.run(AuthSQL.insertToken, AuthSQL.values(record))
            }
        }
    }

    /// Decided by `RefreshRotationDecision` on the presented token's row
    /// (and its child's, once rotated), read and changed inside one write
    /// transaction. `makeChild` runs inside the transaction and must not
    /// call the store.
    package func rotateRefreshToken(
        jti: String, now: Date, grace: TimeInterval,
        makeChild: (RefreshTokenRecord) -> RefreshTokenRecord
    ) throws(StoreError) -> RefreshRotation {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) -> RefreshRotation in
                try SQLiteRefreshTokenRows(connection: connection).carryOut(
                    jti: jti, now: now, grace: grace, makeChild: makeChild)
            }
        }
    }

    package func revokeFamily(ofToken jti: String) throws(StoreError) {
        try write { connection throws(StoreError) in
            _ = try connection.run(AuthSQL.revokeFamilyOfToken, [.text(jti)])
        }
    }

    package func setTimeZone(_ identifier: String, userID: Int64) throws(StoreError) -> User? {
        try write { connection throws(StoreError) in
            try connection.firstRow(
                AuthSQL.updateTimeZone, [.text(identifier), .integer(userID)], AuthSQL.user)
        }
    }

    package func setDayStartsAt(_ boundary: DayBoundary, userID: Int64) throws(StoreError)
        -> User?
    {
        try write { connection throws(StoreError) in
            try connection.firstRow(
                AuthSQL.updateDayStartsAt, [.text(boundary.text), .integer(userID)], AuthSQL.user)
        }
    }

    /// The address the command line's local mode signs in as.
    package static let localUserEmail = "local@localhost"

    /// The single user of the command line's local mode, created on first use.
    package func localUser(now: Date) throws(StoreError) -> User {
        let existing = try read { connection throws(StoreError) in
            try connection.firstRow(
                AuthSQL.selectUserByEmail, [.text(Self.localUserEmail)], AuthSQL.user)
        }
        if let existing { return existing }
        return try findOrCreateUser(email: Self.localUserEmail, now: now)
    }
}

/// The refresh tokens as rotation reaches them inside a write transaction.
private struct SQLiteRefreshTokenRows: RefreshTokenRows {
    let connection: SQLiteConnection

    func token(jti: String) throws(StoreError) -> RefreshRotationDecision.StoredToken? {
        try connection.firstRow(AuthSQL.selectToken, [.text(jti)], AuthSQL.token)
    }

    func child(of jti: String) throws(StoreError) -> RefreshRotationDecision.StoredToken? {
        try connection.firstRow(AuthSQL.selectChild, [.text(jti)], AuthSQL.token)
    }

    func store(child: RefreshTokenRecord, rotating parent: String, at rotatedAt: TimeInterval)
        throws(StoreError)
    {
        try connection.run(AuthSQL.insertToken, AuthSQL.values(child))
        try connection.run(AuthSQL.markRotated, [.real(rotatedAt), .text(parent)])
        try connection.run(
            AuthSQL.extendFamily,
            [.real(child.expiresAt.timeIntervalSince1970), .text(child.familyID)])
    }

    func revokeFamily(_ familyID: String) throws(StoreError) {
        try connection.run(AuthSQL.revokeFamily, [.text(familyID)])
    }
}

/// The sign-in statements and how rows become values.
private enum AuthSQL {
    static let selectUserByID =
        "SELECT id, email, time_zone, day_starts_at FROM users WHERE id = ?1"
    static let selectUserByEmail =
        "SELECT id, email, time_zone, day_starts_at FROM users WHERE email = ?1"
    static let updateTimeZone = """
        UPDATE users SET time_zone = ?1 WHERE id = ?2
            RETURNING id, email, time_zone, day_starts_at
        """
    // NULL is midnight, so an account that never set one reads as before.
    static let updateDayStartsAt = """
        UPDATE users SET day_starts_at = nullif(?1, '00:00') WHERE id = ?2
            RETURNING id, email, time_zone, day_starts_at
        """
    static let insertUser = """
        INSERT INTO users (email, created_at) VALUES (?1, ?2) ON CONFLICT (email) DO NOTHING
        """

    static let selectSendTimes = """
        SELECT sent_at FROM code_sends WHERE email = ?1 AND sent_at >= ?2 ORDER BY sent_at
        """
    static let insertSend = "INSERT INTO code_sends (email, sent_at) VALUES (?1, ?2)"
    static let pruneSends = "DELETE FROM code_sends WHERE sent_at < ?1"
    static let selectRequestTimes = """
        SELECT requested_at FROM code_requests WHERE client = ?1 AND requested_at >= ?2
        ORDER BY requested_at
        """
    static let insertRequest = "INSERT INTO code_requests (client, requested_at) VALUES (?1, ?2)"
    static let pruneRequests = "DELETE FROM code_requests WHERE requested_at < ?1"
    static let pruneCodes = "DELETE FROM login_codes WHERE expires_at < ?1"
    static let upsertCode = """
        INSERT INTO login_codes (email, code_hash, expires_at, attempts) VALUES (?1, ?2, ?3, 0)
        ON CONFLICT (email) DO UPDATE
        SET code_hash = excluded.code_hash, expires_at = excluded.expires_at, attempts = 0
        """
    static let selectCode = """
        SELECT code_hash, expires_at, attempts FROM login_codes WHERE email = ?1
        """
    static let deleteCode = "DELETE FROM login_codes WHERE email = ?1"
    static let countAttempt = "UPDATE login_codes SET attempts = attempts + 1 WHERE email = ?1"

    static let tokenColumns = """
        t.jti, t.family_id, t.parent_jti, t.user_id, t.issued_at, t.expires_at, t.rotated_at,
        f.revoked
        """
    static let selectToken = """
        SELECT \(tokenColumns) FROM refresh_tokens t
        JOIN refresh_families f ON f.family_id = t.family_id WHERE t.jti = ?1
        """
    static let selectChild = """
        SELECT \(tokenColumns) FROM refresh_tokens t
        JOIN refresh_families f ON f.family_id = t.family_id WHERE t.parent_jti = ?1
        """
    static let insertToken = """
        INSERT INTO refresh_tokens (jti, family_id, parent_jti, user_id, issued_at, expires_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        """
    static let insertFamily = """
        INSERT INTO refresh_families (family_id, user_id, revoked, expires_at) VALUES (?1, ?2, 0, ?3)
        """
    static let markRotated = "UPDATE refresh_tokens SET rotated_at = ?1 WHERE jti = ?2"
    static let extendFamily = """
        UPDATE refresh_families SET expires_at = max(expires_at, ?1) WHERE family_id = ?2
        """
    static let revokeFamily = "UPDATE refresh_families SET revoked = 1 WHERE family_id = ?1"
    static let revokeFamilyOfToken = """
        UPDATE refresh_families SET revoked = 1
        WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE jti = ?1)
        """
    // Deleting a family deletes its tokens (ON DELETE CASCADE).
    static let pruneFamilies = "DELETE FROM refresh_families WHERE expires_at <= ?1"
    static let pruneTokens = "DELETE FROM refresh_tokens WHERE expires_at <= ?1"

    static func user(_ row: SQLiteRow) -> User {
        User(
            id: row.int64(0), email: row.text(1), timeZone: row.optionalText(2),
            dayStartsAt: row.optionalText(3).flatMap(DayBoundary.init) ?? .midnight)
    }

    static func token(_ row: SQLiteRow) -> RefreshRotationDecision.StoredToken {
        let record = RefreshTokenRecord(
            jti: row.text(0), familyID: row.text(1), parentJTI: row.optionalText(2),
            userID: row.int64(3), issuedAt: Date(timeIntervalSince1970: row.double(4)),
            expiresAt: Date(timeIntervalSince1970: row.double(5)))
        return RefreshRotationDecision.StoredToken(
            record: record, rotatedAt: row.optionalDouble(6), familyRevoked: row.int64(7) != 0)
    }

    static func values(_ record: RefreshTokenRecord) -> [SQLiteValue] {
        [
            .text(record.jti), .text(record.familyID), record.parentJTI.map { .text($0) } ?? .null,
            .integer(record.userID), .real(record.issuedAt.timeIntervalSince1970),
            .real(record.expiresAt.timeIntervalSince1970),
        ]
    }
}

/// The code step of the shared keyed write (`StoreStatements`).
extension SQLiteStore {
    /// Stores a new code unless `refusal` objects; the caller holds the
    /// write transaction.
    package static func insertCode<Refusal>(
        _ connection: SQLiteConnection, email: String, clients: [String], codeHash: String,
        sentAt: Date, expiresAt: Date, since: Date, refusal: (CodeSendHistory) -> Refusal?
    ) throws(StoreError) -> Refusal? {
        let sent = sentAt.timeIntervalSince1970
        let start = SQLiteValue.real(since.timeIntervalSince1970)
        let sendTimes = try connection.rows(AuthSQL.selectSendTimes, [.text(email), start]) { row in
            Date(timeIntervalSince1970: row.double(0))
        }
        var requestTimes: [[Date]] = []
        for client in clients {
            requestTimes.append(
                try connection.rows(AuthSQL.selectRequestTimes, [.text(client), start]) { row in
                    Date(timeIntervalSince1970: row.double(0))
                })
        }
        if let refused = refusal(CodeSendHistory(email: sendTimes, clients: requestTimes)) {
            return refused
        }
        let horizon = sent - SQLiteStore.authRecordRetention
        try connection.run(AuthSQL.pruneSends, [.real(horizon)])
        try connection.run(AuthSQL.pruneRequests, [.real(horizon)])
        try connection.run(AuthSQL.pruneCodes, [.real(horizon)])
        try connection.run(
            AuthSQL.upsertCode,
            [.text(email), .text(codeHash), .real(expiresAt.timeIntervalSince1970)])
        try connection.run(AuthSQL.insertSend, [.text(email), .real(sent)])
        for client in clients {
            try connection.run(AuthSQL.insertRequest, [.text(client), .real(sent)])
        }
        return nil
    }
}
