import Foundation
import HabitStorage

extension PostgresStore: AccessTokenRepository {
    package func accessTokens(owner: Int64) throws(StoreError) -> [AccessTokenRecord] {
        try read { connection throws(StoreError) in
            let rows = try connection.query(TokenSQL.selectLive, [String(owner)])
            return try (0..<rows.count).map { row throws(StoreError) in
                try TokenSQL.record(rows, row)
            }
        }
    }

    package func accessToken(hash: String) throws(StoreError) -> AccessTokenRecord? {
        try read { connection throws(StoreError) in
            let rows = try connection.query(TokenSQL.selectByHash, [hash])
            return rows.count == 0 ? nil : try TokenSQL.record(rows, 0)
        }
    }

    package func revokeAccessToken(id: Int64, owner: Int64, now: Date) throws(StoreError) -> Bool {
        try write { connection throws(StoreError) in
            try connection.run(TokenSQL.revoke, [Self.seconds(now), String(id), String(owner)])
                > 0
        }
    }

    package func recordAccessTokenUse(id: Int64, now: Date, interval: TimeInterval)
        throws(StoreError)
    {
        try read { connection throws(StoreError) in
            _ = try connection.run(
                TokenSQL.touch,
                [Self.seconds(now), String(id), String(now.timeIntervalSince1970 - interval)])
        }
    }
}

/// The steps of the shared `createAccessToken` (`AccessTokenStatements`).
extension PostgresStore: AccessTokenStatements {
    package static func pruneRevokedTokens(
        _ connection: PostgresConnection, owner: Int64, before: Date
    ) throws(StoreError) {
        try connection.query(TokenSQL.prune, [String(owner), seconds(before)])
    }

    package static func liveTokenNames(_ connection: PostgresConnection, owner: Int64)
        throws(StoreError) -> [String]
    {
        let rows = try connection.query(TokenSQL.liveNames, [String(owner)])
        return (0..<rows.count).map { rows.text($0, 0) }
    }

    package static func insertToken(
        _ connection: PostgresConnection, _ token: NewAccessToken, owner: Int64
    ) throws(StoreError) -> AccessTokenRecord {
        let rows = try connection.query(
            TokenSQL.insert,
            [
                String(owner), token.name, token.scope.rawValue, token.habitID.map(String.init),
                token.hash, seconds(token.createdAt), token.expiresAt.map(seconds),
            ])
        guard rows.count == 1 else { throw internalError("the new access token was not stored") }
        return try TokenSQL.record(rows, 0)
    }
}

/// The access-token statements and how rows become records.
private enum TokenSQL {
    static let columns = """
        id, owner_id, name, scope, habit_id, extract(epoch FROM created_at)::float8,
        extract(epoch FROM expires_at)::float8, extract(epoch FROM last_used_at)::float8,
        extract(epoch FROM revoked_at)::float8
        """
    static let prune = """
        DELETE FROM access_tokens WHERE owner_id = $1::bigint AND revoked_at IS NOT NULL
        AND revoked_at < to_timestamp($2::float8)
        """
    static let liveNames = """
        SELECT name FROM access_tokens WHERE owner_id = $1::bigint AND revoked_at IS NULL
        """
    static let insert = """
        INSERT INTO access_tokens (owner_id, name, scope, habit_id, token_hash, created_at,
            expires_at)
        VALUES ($1::bigint, $2, $3, $4::bigint, $5, to_timestamp($6::float8),
            to_timestamp($7::float8))
        RETURNING \(columns)
        """
    static let selectLive = """
        SELECT \(columns) FROM access_tokens WHERE owner_id = $1::bigint AND revoked_at IS NULL
        ORDER BY id
        """
    static let selectByHash = "SELECT \(columns) FROM access_tokens WHERE token_hash = $1"
    static let revoke = """
        UPDATE access_tokens SET revoked_at = to_timestamp($1::float8)
        WHERE id = $2::bigint AND owner_id = $3::bigint AND revoked_at IS NULL
        """
    // Repeating it changes nothing more: safe for `read`'s one retry.
    static let touch = """
        UPDATE access_tokens SET last_used_at = to_timestamp($1::float8)
        WHERE id = $2::bigint
        AND (last_used_at IS NULL OR last_used_at <= to_timestamp($3::float8))
        """

    static func record(_ rows: PostgresResult, _ row: Int) throws(StoreError)
        -> AccessTokenRecord
    {
        guard let id = rows.int64(row, 0), let owner = rows.int64(row, 1),
            let scope = AccessScope(rawValue: rows.text(row, 3)),
            let created = rows.double(row, 5), let expires = rows.optionalDouble(row, 6),
            let used = rows.optionalDouble(row, 7), let revoked = rows.optionalDouble(row, 8)
        else { throw PostgresStore.unreadable("an access token") }
        return AccessTokenRecord(
            id: id, owner: owner, name: rows.text(row, 2), scope: scope,
            habitID: rows.isNull(row, 4) ? nil : rows.int64(row, 4),
            createdAt: PostgresStore.date(created),
            expiresAt: expires.map(PostgresStore.date), lastUsedAt: used.map(PostgresStore.date),
            revokedAt: revoked.map(PostgresStore.date))
    }
}
