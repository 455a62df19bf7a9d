/// Where the client keeps credentials between runs.
///
/// `FileTokenStore` (a 0600 file, Linux and others) and `KeychainTokenStore`
/// (macOS) implement it. Every read-modify-write of credentials and every
/// token refresh runs inside `withExclusiveLock`, which excludes other
/// processes too, so a cron job and an interactive command never refresh the
/// same token at once.
package protocol TokenStore: Sendable {
    /// Where credentials live, for people: "file /home/ann/.config/habits/credentials.json".
    var locationDescription: String { get }

    /// The saved credentials; `.empty` when nothing is saved.
    func load() throws(TokenStoreError) -> StoredCredentials

    /// Replaces the saved credentials, atomically.
    func save(_ credentials: StoredCredentials) throws(TokenStoreError)

    /// Reserves room for saving about `byteCount` bytes of credentials, so a
    /// save that must not fail (after a token refresh) is known to fit before
    /// the refresh is sent. Throws what `save` would throw for a full disk or
    /// an unwritable directory.
    func reserveSlot(byteCount: Int) throws(TokenStoreError) -> any CredentialsSlot

    /// The session's refresh token for signing out, read even from credentials
    /// that `load` refuses (too open, damaged); `nil` when there is none.
    func salvageSession() -> SalvagedSession?

    /// Removes the saved credentials; nothing happens when there are none.
    func clear() throws(TokenStoreError)

    /// Runs `body` while holding a lock that excludes every other holder, in
    /// this process and in others. Waiting for the lock does not block a
    /// Swift concurrency thread.
    func withExclusiveLock<T: Sendable>(
        _ body: @Sendable () async throws(APIError) -> T
    ) async throws(APIError) -> T
}

extension TokenStore {
    /// Stores that cannot hold damaged credentials salvage what `load` reads.
    package func salvageSession() -> SalvagedSession? {
        guard let session = (try? load())?.session else { return nil }
        return SalvagedSession(server: session.server, refreshToken: session.refreshToken)
    }

    /// Stores whose saves cannot run out of room (the Keychain, memory) reserve nothing.
    package func reserveSlot(byteCount: Int) throws(TokenStoreError) -> any CredentialsSlot {
        DirectCredentialsSlot(store: self)
    }
}
