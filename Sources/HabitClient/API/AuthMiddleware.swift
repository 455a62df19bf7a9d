import Foundation
import HabitCore

/// Adds the bearer token to requests and renews it unseen.
///
/// - Before a request, an access token that has expired by the `ServerClock`
///   rule is refreshed first.
/// - After a 401 "token_not_valid" (or a 401 without a code), the token is
///   refreshed once and the original request is sent once more; a second
///   refusal goes to the caller.
/// - Within the process, concurrent requests share one refresh (see
///   `TokenRefresher`). Across processes, a refresh runs under the token
///   store's exclusive lock: the saved tokens are read again once the lock is
///   held, and refreshed only if they are still stale, since another process
///   may have done it meanwhile.
/// - The session is read from the store for every request, so a sign-out or a
///   refresh by another process takes effect at once.
/// - When the refresh itself gets a 401, the store is read again: newer tokens
///   written by another process are used; otherwise the session is removed
///   and the error is `.sessionExpired`. Any other failure (no network, a
///   server error) keeps the saved tokens.
package actor AuthMiddleware: ClientMiddleware {
    private typealias Waiter = CheckedContinuation<String, any Error>

    private let configuration: APIConfiguration
    private let tokenStore: any TokenStore
    private let clock: WallClock
    private let transport: any HTTPTransport
    private var refresher = TokenRefresher<Waiter>()

    /// - Parameters:
    ///   - configuration: the server the session must belong to.
    ///   - tokenStore: where the session is read and saved.
    ///   - clock: the device clock, for expiry and clock-offset measurement.
    ///   - transport: how refresh requests are sent (not through this middleware).
    package init(
        configuration: APIConfiguration, tokenStore: any TokenStore, clock: WallClock,
        transport: any HTTPTransport
    ) {
        self.configuration = configuration
        self.tokenStore = tokenStore
        self.clock = clock
        self.transport = transport
    }

    package func intercept(
        _ request: TransportRequest,
        next: @Sendable (TransportRequest) async throws -> TransportResponse
    ) async throws -> TransportResponse {
        let token = try await accessToken(rejecting: nil)
        var authorised = request
        authorised.setHeader("Authorization", "Bearer \(token)")
        let response = try await next(authorised)
        // A 401 without a code (a bare `{"detail": …}`, a proxy's page) is
        // treated as a refused token too; "not_authenticated" and other codes
        // say the token was not the problem, so no refresh would help.
        guard response.status == 401,
            ServerErrorBody(response: response)?.code.map({ $0 == APIErrorCode.tokenNotValid })
                ?? true
        else { return response }
        let renewed = try await accessToken(rejecting: token)
        authorised.setHeader("Authorization", "Bearer \(renewed)")
        return try await next(authorised)
    }

    // MARK: - Tokens

    /// The access token to send: the saved one, or a renewed one when it has
    /// expired or `rejecting` (the token the server just refused) is still saved.
    private func accessToken(rejecting rejected: String?) async throws -> String {
        let session = try readSession()
        let now = clock.now()
        return try await withCheckedThrowingContinuation { (waiter: Waiter) in
            let action: TokenRefresher<Waiter>.Action
            if let rejected {
                action = refresher.tokenRejected(rejected, session: session, waiter: waiter)
            } else {
                action = refresher.tokenNeeded(session: session, deviceNow: now, waiter: waiter)
            }
            switch action {
            case .useToken(let token):
                waiter.resume(returning: token)
            case .fail(let error):
                waiter.resume(throwing: error)
            case .wait:
                break
            case .startRefresh(let reason):
                // Unstructured on purpose: a refresh, once sent, must be seen
                // through and saved even if the caller that started it is cancelled.
                Task { await self.runRefresh(reason) }
            }
        }
    }

    private func runRefresh(_ reason: TokenRefresher<Waiter>.Reason) async {
        let result: Result<StoredSession, APIError>
        do throws(APIError) {
            let session = try await tokenStore.withExclusiveLock {
                () async throws(APIError) -> StoredSession in
                try await self.refreshHoldingLock(reason)
            }
            result = .success(session)
        } catch {
            result = .failure(error)
        }
        for (waiter, outcome) in refresher.refreshFinished(result) {
            waiter.resume(with: outcome.mapError { $0 as any Error })
        }
    }

    /// Refreshes the saved session unless another holder of the lock already
    /// did; runs with the store's exclusive lock held.
    private func refreshHoldingLock(_ reason: TokenRefresher<Waiter>.Reason) async throws(APIError)
        -> StoredSession
    {
        guard let stored = try readSession() else { throw .signedOut }
        if stored.accessToken != reason.accessToken
            && !stored.accessTokenHasExpired(deviceNow: clock.now())
        {
            return stored
        }
        // Room for the renewed tokens first: once the server rotates the
        // refresh token the old one is spent, so a save that fails afterwards
        // (a full disk) would sign the person out. Failing here sends nothing.
        let slot: any CredentialsSlot
        do {
            let current = try tokenStore.load()
            slot = try tokenStore.reserveSlot(byteCount: Self.reservation(for: current))
        } catch {
            throw .storage(error)
        }
        var request = TransportRequest(
            method: .post, url: configuration.url("auth/token/refresh/"),
            headers: ["Accept": "application/json", "Content-Type": "application/json"])
        request.body = try JSONBody.encode(["refresh": stored.refreshToken])
        let sentAt = clock.now()
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw APIError(transportError: error, host: configuration.hostDescription)
        }
        let receivedAt = clock.now()
        if (200..<300).contains(response.status) {
            let grant = try TokenGrant(
                response: response, path: request.pathDescription, sentAt: sentAt,
                receivedAt: receivedAt)
            let renewed = StoredSession(
                server: stored.server, email: stored.email, accessToken: grant.accessToken,
                refreshToken: grant.refreshToken ?? stored.refreshToken,
                serverClock: grant.serverClock)
            do {
                var credentials = try tokenStore.load()
                credentials.session = renewed
                try slot.fill(credentials)
            } catch {
                throw .storage(error)
            }
            return renewed
        }
        let error = APIError(
            response: response, context: .refresh, path: request.pathDescription,
            deviceNow: receivedAt)
        guard error == .sessionExpired else { throw error }
        // Another process may have rotated the token before this one was sent.
        if let latest = try readSession(), latest.refreshToken != stored.refreshToken {
            return latest
        }
        try updateCredentials { $0.session = nil }
        throw .sessionExpired
    }

    // MARK: - Storage

    /// Bytes to reserve for credentials renewed from `current`: new tokens
    /// are about as long as the old ones, so twice the current size (at least
    /// 4 KiB) leaves ample room for a server that lengthens them.
    static func reservation(for current: StoredCredentials) -> Int {
        let size = (try? JSONEncoder().encode(current).count) ?? 0
        return max(4096, 2 * size)
    }

    /// The saved session, checked to belong to the configured server.
    private func readSession() throws(APIError) -> StoredSession? {
        let credentials: StoredCredentials
        do {
            credentials = try tokenStore.load()
        } catch {
            throw .storage(error)
        }
        guard let session = credentials.session else { return nil }
        guard session.server == configuration.baseURLString else {
            throw .signedInElsewhere(server: session.server)
        }
        return session
    }

    private func updateCredentials(_ change: (inout StoredCredentials) -> Void) throws(APIError) {
        do {
            var credentials = try tokenStore.load()
            change(&credentials)
            if credentials.isEmpty {
                try tokenStore.clear()
            } else {
                try tokenStore.save(credentials)
            }
        } catch {
            throw .storage(error)
        }
    }
}
