/// How signing out went. In every case the local credentials are gone, and the
/// caller should also delete any cached account data.
package enum SignOutOutcome: Hashable, Sendable {
    /// The server revoked the session, and the local credentials were removed.
    case revoked
    /// The local credentials were removed, but the server could not be told
    /// (the reason); the session's tokens lapse on their own.
    case removedLocally(APIError)
    /// There was no session; any pending sign-in was forgotten.
    case wasSignedOut
}
