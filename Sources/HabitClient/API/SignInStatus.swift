import Foundation

/// What is saved on this device about signing in, read without the network:
/// for a status command. It never holds a token.
package struct SignInStatus: Hashable, Sendable {
    /// The address a code was requested for and not yet entered.
    package var pendingEmail: String?
    /// The saved session, if any.
    package var session: SessionSummary?
    /// Where credentials are kept, for people ("file …/credentials.json", "macOS Keychain").
    package var storage: String
}

/// A saved session described without its tokens.
package struct SessionSummary: Hashable, Sendable {
    package var email: String
    /// The server the session belongs to.
    package var server: String
    /// Whether `server` is the one the client is configured for.
    package var isForConfiguredServer: Bool
    /// The account id from the access token, when it carries one.
    package var userID: String?
    /// When the session can no longer be renewed, on the device's clock
    /// (corrected by the measured server clock); `nil` when unknown.
    package var renewableUntil: Date?

    init(
        email: String, server: String, isForConfiguredServer: Bool, userID: String?,
        renewableUntil: Date?
    ) {
        self.email = email
        self.server = server
        self.isForConfiguredServer = isForConfiguredServer
        self.userID = userID
        self.renewableUntil = renewableUntil
    }

    /// Describes `session` as seen by a client configured for `configuredServer`.
    init(_ session: StoredSession, configuredServer: String) {
        let refreshExpiry = session.refreshExpiresAt
        self.init(
            email: session.email, server: session.server,
            isForConfiguredServer: session.server == configuredServer,
            userID: (try? JWTPayload(token: session.accessToken))?.userID,
            renewableUntil: refreshExpiry.map { session.serverClock.deviceTime(atServerTime: $0) })
    }
}
