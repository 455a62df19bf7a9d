import Foundation
import HabitClient
import HabitConcurrency
import HabitCore
import HabitServer
import HabitStorage
import HabitStore
import ServerTestSupport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real `FileTokenStore` whose writes fail while `full` is set, as on a
/// full disk: a fault this machine cannot make for real (tests run as root,
/// so permissions do not stop writes, and no small file system can be
/// mounted here).
final class FullDiskTokenStore: TokenStore {
    let base: FileTokenStore
    let full = Locked(false)

    init(_ base: FileTokenStore) { self.base = base }

    private func refuseWhenFull() throws(TokenStoreError) {
        if full.withLock({ $0 }) {
            throw .unwritable(path: base.credentialsPath, reason: "No space left on device")
        }
    }

    var locationDescription: String { base.locationDescription }
    func load() throws(TokenStoreError) -> StoredCredentials { try base.load() }
    func save(_ credentials: StoredCredentials) throws(TokenStoreError) {
        try refuseWhenFull()
        try base.save(credentials)
    }
    func reserveSlot(byteCount: Int) throws(TokenStoreError) -> any CredentialsSlot {
        try refuseWhenFull()
        return try base.reserveSlot(byteCount: byteCount)
    }
    func clear() throws(TokenStoreError) { try base.clear() }
    func withExclusiveLock<T: Sendable>(
        _ body: @Sendable () async throws(APIError) -> T
    ) async throws(APIError) -> T {
        try await base.withExclusiveLock(body)
    }
}

@Suite struct CredentialSafetyTests {
    /// The access token has expired and the disk is full: the refresh is not
    /// sent (the server would rotate the token, and the new one could not be
    /// saved), the command fails saying so, and once there is room again the
    /// saved refresh token still works.
    @Test func aRefreshThatCannotBeSavedIsNotSent() async throws {
        let server = try APITestServer(
            settings: APISettings(accessTokenLifetime: 300), start: TestClock.epoch)
        let device = TestClock(TestClock.epoch)
        let user = try await SignedInUser.signIn("ann@example.com", to: server, deviceClock: device)
        let store = FullDiskTokenStore(user.store)
        let client = HabitAPIClient(
            configuration: try APIConfiguration(baseURL: server.baseURL),
            transport: user.transport, tokenStore: store, clock: device.wallClock(timeZone: .utc))
        server.clock.advance(by: 400)
        device.advance(by: 400)
        let before = try user.store.load()

        store.full.withLock { $0 = true }
        await #expect(
            throws: HabitClient.APIError.storage(
                .unwritable(path: user.store.credentialsPath, reason: "No space left on device"))
        ) { try await client.me() }
        #expect(user.transport.refreshCount == 0)
        #expect(try user.store.load() == before)

        store.full.withLock { $0 = false }
        #expect(try await client.me().email == "ann@example.com")
        #expect(user.transport.refreshCount == 1)
        #expect(try user.store.load().session?.refreshToken != before.session?.refreshToken)
    }

    /// A reserved slot that is dropped unfilled leaves no temporary file and
    /// the credentials as they were; a filled one replaces them, 0600.
    @Test func aReservedSlotIsAllOrNothing() throws {
        let directory = try TemporaryDirectory()
        let store = FileTokenStore(directory: directory.appending("habits"))
        try store.save(StoredCredentials(pendingEmail: "a@example.com"))
        do {
            _ = try store.reserveSlot(byteCount: 8192)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory)
        #expect(names.allSatisfy { !$0.hasSuffix(".tmp") }, "\(names)")
        #expect(try store.load() == StoredCredentials(pendingEmail: "a@example.com"))

        let slot = try store.reserveSlot(byteCount: 8192)
        try slot.fill(StoredCredentials(pendingEmail: "b@example.com"))
        #expect(try store.load() == StoredCredentials(pendingEmail: "b@example.com"))
        var info = stat()
        #expect(stat(store.credentialsPath, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(Int(info.st_size) < 8192, "cut to the credentials' length")
        #expect(throws: TokenStoreError.self) {
            try slot.fill(StoredCredentials(pendingEmail: "c@example.com"))
        }
    }

    /// A credentials file left readable by others (0644) is refused for use,
    /// but signing out still revokes its session on the server before
    /// removing it: the stolen-file case is exactly when revoking matters.
    @Test(arguments: ["too open", "damaged"])
    func signingOutRevokesTheSessionOfAnUnusableFile(problem: String) async throws {
        let server = try APITestServer(start: TestClock.epoch)
        let device = TestClock(TestClock.epoch)
        let user = try await SignedInUser.signIn("bo@example.com", to: server, deviceClock: device)
        let refresh = try #require(try user.store.load().session?.refreshToken)
        if problem == "too open" {
            #expect(chmod(user.store.credentialsPath, 0o644) == 0)
        } else {
            // Cut off mid-file, as a crash of another program might leave it.
            let data = try Data(contentsOf: URL(fileURLWithPath: user.store.credentialsPath))
            try data.prefix(data.count - 30).write(
                to: URL(fileURLWithPath: user.store.credentialsPath))
        }
        await #expect(throws: HabitClient.APIError.self) { try await user.client.me() }

        #expect(try await user.client.signOut() == .revoked)
        #expect(!FileManager.default.fileExists(atPath: user.store.credentialsPath))

        // The revoked token no longer renews anything.
        let response = try await DefaultTransport().send(
            TransportRequest(
                method: .post, url: URL(string: server.baseURL + "auth/token/refresh/")!,
                headers: ["Content-Type": "application/json"],
                body: try JSONSerialization.data(withJSONObject: ["refresh": refresh])))
        #expect(response.status == 401)
    }
}
