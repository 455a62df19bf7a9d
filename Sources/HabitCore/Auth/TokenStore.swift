/// Where the client keeps credentials between runs.
///
/// `FileTokenStore` (a 0600 file, Linux and others) and `KeychainTokenStore`
/// (macOS) implement it. Every read-modify-write of credentials and every
/// token refresh runs inside `withExclusiveLock`, which excludes other
/// processes too, so a cron job and an interactive command never refresh the
/// same token at once.
public protocol TokenStore: Sendable {
    /// Where credentials live, for people: "file /home/ann/.config/habits/credentials.json".
    var locationDescription: String { get }

    /// The saved credentials; `.empty` when nothing is saved.
    func load() throws(TokenStoreError) -> StoredCredentials

    /// Replaces the saved credentials, atomically.
    func save(_ credentials: StoredCredentials) throws(TokenStoreError)

    /// Removes the saved credentials; nothing happens when there are none.
    func clear() throws(TokenStoreError)

    /// Runs `body` while holding a lock that excludes every other holder, in
    /// this process and in others. Waiting for the lock does not block a
    /// Swift concurrency thread.
    func withExclusiveLock<T: Sendable>(
        _ body: @Sendable () async throws(APIError) -> T
    ) async throws(APIError) -> T
}
