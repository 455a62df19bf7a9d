import CSQLite
import Foundation
import HabitStorage

extension SQLiteStore: AccessTokenRepository {
    package func accessTokens(owner: Int64) throws(StoreError) -> [AccessTokenRecord] {
        try read { connection throws(StoreError) in
            try connection.rows(TokenSQL.selectLive, [.integer(owner)], TokenSQL.record)
        }
    }

    package func accessToken(hash: String) throws(StoreError) -> AccessTokenRecord? {
        try read { connection throws(StoreError) in
            try connection.firstRow(TokenSQL.selectByHash, [.text(hash)], TokenSQL.record)
        }
    }

    package func revokeAccessToken(id: Int64, owner: Int64, now: Date) throws(StoreError) -> Bool {
        try write { connection throws(StoreError) in
            try connection.run(
                TokenSQL.revoke, [.real(now.timeIntervalSince1970), .integer(id), .integer(owner)])
                > 0
        }
    }

    package func recordAccessTokenUse(id: Int64, now: Date, interval: TimeInterval)
        throws(StoreError)
    {
        let instant = now.timeIntervalSince1970
        try write { connection throws(StoreError) in
            _ = try connection.run(
                TokenSQL.touch, [.real(instant), .integer(id), .real(instant - interval)])
        }
    }
}

/// The steps of the shared `createAccessToken` (`AccessTokenStatements`).
extension SQLiteStore: AccessTokenStatements {
    package static func pruneRevokedTokens(
        _ connection: SQLiteConnection, owner: Int64, before: Date
    ) throws(StoreError) {
        try connection.run(TokenSQL.prune, [.integer(owner), .real(before.timeIntervalSince1970)])
    }

    package static func liveTokenNames(_ connection: SQLiteConnection, owner: Int64)
        throws(StoreError) -> [String]
    {
        try connection.rows(TokenSQL.liveNames, [.integer(owner)]) { $0.text(0) }
    }

    package static func insertToken(
        _ connection: SQLiteConnection, _ token: NewAccessToken, owner: Int64
    ) throws(StoreError) -> AccessTokenRecord {
        let record = try connection.firstRow(
            TokenSQL.insert,
            [
                .integer(owner), .text(token.name), .text(token.scope.rawValue),
                token.habitID.map { .integer($0) } ?? .null, .text(token.hash),
                .real(token.createdAt.timeIntervalSince1970),
                token.expiresAt.map { .real($0.timeIntervalSince1970) } ?? .null,
            ], TokenSQL.record)
        guard let record else {
            throw .sqlite(code: SQLITE_INTERNAL, message: "the new access token was not stored")
        }
        return record
    }
}

/// The access-token statements and how rows become records.
private enum TokenSQL {
    static let columns = """
        id, owner_id, name, scope, habit_id, created_at, expires_at, last_used_at, revoked_at
        """
    static let prune = """
        DELETE FROM access_tokens WHERE owner_id = ?1 AND revoked_at IS NOT NULL
        AND revoked_at < ?2
        """
    static let liveNames = """
        SELECT name FROM access_tokens WHERE owner_id = ?1 AND revoked_at IS NULL
        """
    static let insert = """
        INSERT INTO access_tokens (owner_id, name, scope, habit_id, token_hash, created_at,
            expires_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING \(columns)
        """
    static let selectLive = """
        SELECT \(columns) FROM access_tokens WHERE owner_id = ?1 AND revoked_at IS NULL
        ORDER BY id
        """
    static let selectByHash = "SELECT \(columns) FROM access_tokens WHERE token_hash = ?1"
    static let revoke = """
        UPDATE access_tokens SET revoked_at = ?1
        WHERE id = ?2 AND owner_id = ?3 AND revoked_at IS NULL
        """
    static let touch = """
        UPDATE access_tokens SET last_used_at = ?1
        WHERE id = ?2 AND (last_used_at IS NULL OR last_used_at <= ?3)
        """

    static func record(_ row: SQLiteRow) throws(StoreError) -> AccessTokenRecord {
        guard let scope = AccessScope(rawValue: row.text(3)) else {
            throw .sqlite(code: SQLITE_CORRUPT, message: "an access token holds an unknown scope")
        }
        return AccessTokenRecord(
            id: row.int64(0), owner: row.int64(1), name: row.text(2), scope: scope,
            habitID: row.optionalInt64(4), createdAt: Date(timeIntervalSince1970: row.double(5)),
            expiresAt: row.optionalDouble(6).map(Date.init(timeIntervalSince1970:)),
            lastUsedAt: row.optionalDouble(7).map(Date.init(timeIntervalSince1970:)),
            revokedAt: row.optionalDouble(8).map(Date.init(timeIntervalSince1970:)))
    }
}
