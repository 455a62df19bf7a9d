import Foundation
import HabitAPI
import HabitCore
import HabitHTTP
import HabitStorage

/// The auth routes: codes by mail, token pairs, rotation, logout.
extension APIResponder {
    /// `POST /api/auth/email/`: sends a code, with the same answer whether or
    /// not the address has an account. Takes an `Idempotency-Key`, scoped to
    /// the address: a repeat gets the first answer and sends no second mail.
    ///
    /// An address the sign-up policy refuses goes the same way as any other,
    /// so neither the answers nor their timing tell which addresses may sign
    /// in: it is counted under the same limits (a second request within a
    /// minute gets 429), a code is stored for it (which nobody is told, and
    /// which `issueTokens` refuses anyway, as it asks the policy again), and
    /// its message is rehearsed (`Mailer.rehearse`) instead of sent.
    func requestCode(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let keyText = try idempotencyKey(request)
        let object = try bodyObject(request)
        let email = try validated { () throws(ValidationError) in
            try AuthInput.email(from: object)
        }
        let key = idempotencyRequest(request, key: keyText, scope: pseudonyms.scope(email))
        let now = now()
        let code = codes.generate(using: random)
        let hash = codes.hash(code: code, email: email)
        let expiresAt = now.addingTimeInterval(TimeInterval(settings.codeLifetime))
        let accepted = JSONBody.response(
            status: 202,
            ["message": "A sign-in code is on its way to \(email) if it can receive mail."])
        let admitted = try admitsSignIn(email.value)
        // The limit check and the write are one store transaction, so simultaneous
        // requests, even to several servers sharing the database, cannot all pass.
        // A refusal (429) is not remembered under the key: it is worth retrying.
        let limit = codeRequestLimit
        let since = now.addingTimeInterval(-limit.longestWindow)
        let clients = limit.clientKeys(settings.trustedProxies.client(of: request))
        let refusal = { (history: CodeSendHistory) -> CodeRequestLimit.Decision? in
            let decision = limit.decide(history, now: now)
            return decision == .allow ? nil : decision
        }
        let outcome = try stored {
            () throws(StoreError) -> Idempotent<CodeRequestLimit.Decision?> in
            guard
                let record = record(
                    key, now: now,
                    { (outcome: Result<CodeRequestLimit.Decision?, StoreError>) -> HTTPResponse? in
                        guard case .success(nil) = outcome else { return nil }
                        return accepted
                    })
            else {
                return .performed(
                    try store.storeCode(
                        email: email.value, clients: clients, codeHash: hash, sentAt: now,
                        expiresAt: expiresAt, sendTimesSince: since, refusal: refusal))
            }
            return try store.storeCode(
                email: email.value, clients: clients, codeHash: hash, sentAt: now,
                expiresAt: expiresAt, sendTimesSince: since, refusal: refusal,
                idempotency: record)
        }
        return try answer(outcome) {
            (refused: CodeRequestLimit.Decision?) throws(APIError) -> HTTPResponse in
            if case .refuse(let wait, let cause) = refused {
                metrics.codeRefused()
                if cause == .client { log.info("auth: code request refused: client limit reached") }
                throw .rateLimited(retryAfter: wait, byClient: cause == .client)
            }
            let message = MailMessage.signInCode(
                code, to: email, from: settings.mailSender, date: now,
                lifetime: TimeInterval(settings.codeLifetime))
            guard admitted else {
                mailer.rehearse(message)
                metrics.codeRefused()
                return accepted
            }
            do {
                let destination = try mailer.send(message)
                metrics.codeSent()
                log.info("mail: code sent to \(pseudonyms.logTag(email)) via \(destination)")
            } catch {
                log.error("mail: cannot send a code to \(pseudonyms.logTag(email)): \(error)")
                // The mail did not leave: a repeat of the request must try again.
                if let key {
                    try stored { () throws(StoreError) in try store.forgetAnswer(for: key) }
                }
                throw .mailFailed
            }
            return accepted
        }
    }

    /// `POST /api/auth/token/`: a correct code buys the first pair of a new
    /// token family (and creates the account on first sign-in).
    func issueTokens(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let object = try bodyObject(request)
        let credentials = try validated { () throws(ValidationError) in
            try AuthInput.credentials(from: object)
        }
        let now = now()
        let check = try stored { () throws(StoreError) in
            try store.checkCode(
                email: credentials.email.value, now: now,
                maximumAttempts: settings.maximumCodeAttempts,
                matches: { stored in
                    codes.matches(
                        storedHash: stored, code: credentials.code, email: credentials.email)
                })
        }
        guard check == .accepted else {
            log.debug("auth: code refused for \(pseudonyms.logTag(credentials.email)): \(check)")
            throw .invalidCode
        }
        // The policy may have changed since the code was sent.
        guard try admitsSignIn(credentials.email.value) else { throw .invalidCode }
        let user = try stored { () throws(StoreError) in
            try store.findOrCreateUser(email: credentials.email.value, now: now)
        }
        let issuedAt = Self.wholeSeconds(now)
        let record = RefreshTokenRecord(
            jti: random.identifier(), familyID: random.identifier(), parentJTI: nil,
            userID: user.id, issuedAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(TimeInterval(settings.refreshTokenLifetime)))
        try stored { () throws(StoreError) in try store.insertRefreshToken(record) }
        return tokenPair(refresh: record, now: now, for: request)
    }

    /// `POST /api/auth/token/refresh/`: rotates a refresh token (see
    /// `RefreshRotation` for the rules of reuse and the grace window).
    func refreshTokens(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let token = try presentedRefreshToken(request)
        let now = now()
        let claims: TokenClaims
        do {
            claims = try signer.verify(token, as: .refresh, now: now)
        } catch {
            log.debug("auth: refresh token refused: \(error)")
            throw .tokenNotValid
        }
        let issuedAt = Self.wholeSeconds(now)
        let lifetime = TimeInterval(settings.refreshTokenLifetime)
        let rotation = try stored { () throws(StoreError) in
            try store.rotateRefreshToken(
                jti: claims.jti, now: now, grace: TimeInterval(settings.refreshGrace),
                makeChild: { parent in
                    RefreshTokenRecord(
                        jti: random.identifier(), familyID: parent.familyID,
                        parentJTI: parent.jti, userID: parent.userID, issuedAt: issuedAt,
                        expiresAt: issuedAt.addingTimeInterval(lifetime))
                })
        }
        switch rotation {
        case .rotated(let new):
            return tokenPair(refresh: new, now: now, for: request)
        case .replayedWithinGrace(let newest):
            log.debug("auth: refresh replayed within the grace window for user \(newest.userID)")
            return tokenPair(refresh: newest, now: now, for: request)
        case .reuseDetected:
            log.warning(
                "auth: refresh token reuse for user \(claims.userID); its family is revoked")
            throw .tokenNotValid
        case .invalid:
            throw .tokenNotValid
        }
    }

    /// `POST /api/auth/logout/`: revokes the token's family. Idempotent, and
    /// an expired (but genuine) refresh token is accepted.
    func logout(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
        let token = try presentedRefreshToken(request)
        let claims: TokenClaims
        do {
            claims = try signer.verify(token, as: .refresh, now: now(), checkingExpiry: false)
        } catch {
            log.debug("auth: logout token refused: \(error)")
            throw .tokenNotValid
        }
        try stored { () throws(StoreError) in try store.revokeFamily(ofToken: claims.jti) }
        var response = JSONBody.noContent
        if isWebClient(request) {
            for cookie in refreshCookies(nil, secure: cookiesAreSecure(request)) {
                response.headers.add(name: "Set-Cookie", value: cookie)
            }
        }
        return response
    }

    /// `{"access", "refresh", "server_time"}` for `refresh` and a new access token.
    ///
    /// The refresh token is signed from the record alone, so signing the same
    /// record twice (the grace replay) gives the same token. In cookie mode
    /// the refresh token is the cookie and the body leaves it out.
    private func tokenPair(refresh: RefreshTokenRecord, now: Date, for request: HTTPRequest)
        -> HTTPResponse
    {
        let asCookie = isWebClient(request)
        let issuedAt = Int64(Self.wholeSeconds(now).timeIntervalSince1970)
        let access = TokenClaims(
            tokenType: .access, expiresAt: issuedAt + Int64(settings.accessTokenLifetime),
            issuedAt: issuedAt, jti: random.identifier(), userID: refresh.userID)
        let refreshClaims = TokenClaims(
            tokenType: .refresh,
            expiresAt: Int64(refresh.expiresAt.timeIntervalSince1970.rounded(.down)),
            issuedAt: Int64(refresh.issuedAt.timeIntervalSince1970.rounded(.down)),
            jti: refresh.jti, userID: refresh.userID)
        let refreshToken = signer.sign(refreshClaims)
        var response = JSONBody.response(
            status: 200,
            TokenPairBody(
                access: signer.sign(access), refresh: asCookie ? nil : refreshToken,
                serverTime: RFC3339.string(from: now)))
        if asCookie {
            for cookie in refreshCookies(refreshToken, secure: cookiesAreSecure(request)) {
                response.headers.add(name: "Set-Cookie", value: cookie)
            }
            // A token in a header must not be kept by a cache on the way.
            response.headers.add(name: "Cache-Control", value: "no-store")
        }
        return response
    }

    /// `date` without its fraction of a second: JWT times are whole seconds.
    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}

private struct TokenPairBody: Encodable {
    var access: String
    /// Left out in cookie mode.
    var refresh: String?
    var serverTime: String

    enum CodingKeys: String, CodingKey {
        case access, refresh
        case serverTime = "server_time"
    }
}
