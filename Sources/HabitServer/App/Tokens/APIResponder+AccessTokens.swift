import Foundation
import HabitAPI
import HabitCore
import HabitHTTP
import HabitStorage

/// Personal access tokens: managing them from a signed-in session, and
/// authenticating a request that carries one.
extension APIResponder {
    /// The owner of a personal access token that covers `route`: 401
    /// `token_not_valid` for an unknown, revoked or expired token, 403
    /// `insufficient_scope` when its scope does not cover the route.
    func personalAccessOwner(_ text: String, route: Route, reach: TokenReach, now: Date)
        throws(APIError) -> Int64
    {
        let token = try usableAccessToken(text, now: now)
        guard
            AccessPermission.allows(token.scope, habitID: token.habitID, route: route, reach: reach)
        else {
            log.debug("auth: access token \(token.id) refused: outside its scope")
            throw .insufficientScope
        }
        return token.owner
    }

    /// The stored token `text` stands for, if it may be used at `now`, its
    /// use recorded (at most once a minute); else 401 `token_not_valid`.
    func usableAccessToken(_ text: String, now: Date) throws(APIError) -> AccessTokenRecord {
        guard PersonalAccessToken.isToken(text) else { throw .tokenNotValid }
        let hash = PersonalAccessToken.hash(text)
        let found = try stored { () throws(StoreError) in try store.accessToken(hash: hash) }
        guard let token = found, token.isUsable(at: now) else {
            log.debug("auth: access token refused: unknown, revoked or expired")
            throw .tokenNotValid
        }
        let interval = PersonalAccessToken.useRecordInterval
        if tokenUses.shouldRecord(token.id, now: now, interval: interval) {
            // Recording the use is not worth failing the request for.
            do {
                try store.recordAccessTokenUse(id: token.id, now: now, interval: interval)
            } catch {
                log.warning("store: cannot record an access token's use: \(error)")
            }
        }
        return token
    }

    /// `GET /api/me/tokens/`: the account's tokens that are not revoked,
    /// oldest first; never a token's text.
    func listAccessTokens(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        let tokens = try stored { () throws(StoreError) in try store.accessTokens(owner: owner) }
        return JSONBody.response(status: 200, DataList(data: tokens.map(AccessTokenBody.init)))
    }

    /// `POST /api/me/tokens/` with `{"name", "scope", "habit_id"?,
    /// "expires_at"?}`: 201 with the token's text, the only time it is
    /// shown. No `Idempotency-Key`: the answer holds the secret, which is
    /// never stored; a repeat is 409 `token_name_taken`.
    func createAccessToken(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        let object = try bodyObject(request)
        let now = now()
        let input = try validated { () throws(ValidationError) in
            try AccessTokenInput(object, now: now)
        }
        let text = PersonalAccessToken.generate(using: random)
        let new = NewAccessToken(
            name: input.name, scope: input.scope, habitID: input.habitID,
            hash: PersonalAccessToken.hash(text), createdAt: now, expiresAt: input.expiresAt)
        let creation = try stored { () throws(StoreError) in
            try store.createAccessToken(
                new, owner: owner, maximum: PersonalAccessToken.maximumPerUser)
        }
        switch creation {
        case .created(let record):
            log.info(
                "tokens: user \(owner) created access token \(record.id) (\(record.scope.rawValue))"
            )
            var body = AccessTokenBody(record)
            body.token = text
            return JSONBody.response(status: 201, body)
        case .nameTaken:
            throw .tokenNameTaken
        case .limitReached(let maximum):
            throw .tokenLimit(maximum: maximum)
        case .habitNotFound:
            throw .invalid("habit_id", AccessTokenInput.habitMessage)
        }
    }

    /// `DELETE /api/me/tokens/{id}/`: revokes the token at once; 404 when
    /// the account has no such token (or it is revoked already).
    func revokeAccessToken(_ request: HTTPRequest, owner: Int64, id: Int64) throws(APIError)
        -> HTTPResponse
    {
        let now = now()
        let revoked = try stored { () throws(StoreError) in
            try store.revokeAccessToken(id: id, owner: owner, now: now)
        }
        guard revoked else { throw .tokenNotFound }
        log.info("tokens: user \(owner) revoked access token \(id)")
        return JSONBody.noContent
    }
}

/// A token as the API shows it: every field, `null` when empty; `token`
/// only in the answer that created it.
struct AccessTokenBody: Encodable {
    var id: Int64
    var name: String
    var scope: String
    var habitID: Int64?
    var createdAt: Date
    var expiresAt: Date?
    var lastUsedAt: Date?
    var token: String?

    init(_ record: AccessTokenRecord) {
        id = record.id
        name = record.name
        scope = record.scope.rawValue
        habitID = record.habitID
        createdAt = record.createdAt
        expiresAt = record.expiresAt
        lastUsedAt = record.lastUsedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, scope, token
        case habitID = "habit_id"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
        case lastUsedAt = "last_used_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(scope, forKey: .scope)
        try container.encode(habitID, forKey: .habitID)
        try container.encode(RFC3339.string(from: createdAt), forKey: .createdAt)
        try container.encode(expiresAt.map(RFC3339.string(from:)), forKey: .expiresAt)
        try container.encode(lastUsedAt.map(RFC3339.string(from:)), forKey: .lastUsedAt)
        try container.encodeIfPresent(token, forKey: .token)
    }
}
