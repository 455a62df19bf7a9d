/// The API's lifetimes and limits, in seconds where they are times.
package struct APISettings: Hashable, Sendable {
    /// Access token lifetime: 5 minutes by default.
    package var accessTokenLifetime: Int
    /// Refresh token lifetime: 7 days by default.
    package var refreshTokenLifetime: Int
    /// How long after its rotation the parent of the newest refresh token may
    /// be presented again and get the same pair (racing clients).
    package var refreshGrace: Int
    /// How long a sign-in code is valid.
    package var codeLifetime: Int
    /// Wrong tries after which a code is burned.
    package var maximumCodeAttempts: Int
    /// The From: of sign-in messages.
    package var mailSender: String
    /// Code requests one client (an IPv4 address, an IPv6 /64) may make in
    /// any hour (`--code-requests-per-client-hour`); 0 turns the limit off.
    package var codeRequestsPerClientHour: Int
    /// Peers whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    var trustedProxies = TrustedProxies()
    /// Who may create an account (`--signup`); existing accounts always sign in.
    package var signup = SignupPolicy()
    /// Whether the browser's refresh cookie is always marked `Secure`: when
    /// the server listens on an address other than loopback, or its
    /// `--public-url` is `https://`. Otherwise (plain HTTP on the same
    /// machine, where browsers treat the origin as secure anyway) it is
    /// marked per request, when a trusted proxy forwards one that came by
    /// HTTPS (`X-Forwarded-Proto: https`).
    package var secureCookies = true

    package init(
        accessTokenLifetime: Int = 300, refreshTokenLifetime: Int = 604_800,
        refreshGrace: Int = 30, codeLifetime: Int = 600, maximumCodeAttempts: Int = 5,
        mailSender: String = "habits-server <noreply@localhost>",
        codeRequestsPerClientHour: Int = 20
    ) {
        self.accessTokenLifetime = accessTokenLifetime
        self.refreshTokenLifetime = refreshTokenLifetime
        self.refreshGrace = refreshGrace
        self.codeLifetime = codeLifetime
        self.maximumCodeAttempts = maximumCodeAttempts
        self.mailSender = mailSender
        self.codeRequestsPerClientHour = codeRequestsPerClientHour
    }
}
