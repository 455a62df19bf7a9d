import Foundation
import HabitClient
import HabitCore
import HabitServer
import HabitStorage
import HabitStore
import ServerTestSupport
import TestSupport

/// One user of the server: a client with its own credentials directory.
struct SignedInUser {
    let client: HabitAPIClient
    let store: FileTokenStore
    let transport: RecordingTransport
    let directory: TemporaryDirectory
    let email: String

    /// Signs `email` in to `server` through the real flow, the device clock
    /// reading `deviceClock`.
    static func signIn(
        _ email: String, to server: APITestServer, deviceClock: TestClock
    ) async throws -> SignedInUser {
        let directory = try TemporaryDirectory()
        let store = FileTokenStore(directory: directory.appending("habits"))
        let transport = RecordingTransport()
        let client = HabitAPIClient(
            configuration: try APIConfiguration(baseURL: server.baseURL), transport: transport,
            tokenStore: store, clock: deviceClock.wallClock(timeZone: .utc))
        try await client.requestCode(email: email)
        try await client.signIn(email: email, code: try server.latestCode(for: email))
        return SignedInUser(
            client: client, store: store, transport: transport, directory: directory, email: email)
    }
}
