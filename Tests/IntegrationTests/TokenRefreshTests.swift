import Foundation
import HabitClient
import HabitCore
import HabitServer
import HabitStorage
import HabitStore
import ServerTestSupport
import TestSupport
import Testing

/// Automatic token renewal against the real server, with clocks the tests move.
@Suite struct TokenRefreshTests {
    /// With the device clock two hours off either way, the client never sends
    /// an access token the server would refuse and never renews one that is
    /// still fresh.
    @Test(arguments: [-7200.0, 7200.0])
    func deviceClockTwoHoursOff(skew: TimeInterval) async throws {
        let server = try APITestServer(
            settings: APISettings(accessTokenLifetime: 300), start: TestClock.epoch)
        let device = TestClock(TestClock.epoch.addingTimeInterval(skew))
        let user = try await SignedInUser.signIn("ann@example.com", to: server, deviceClock: device)
        func advance(_ seconds: TimeInterval) {
            server.clock.advance(by: seconds)
            device.advance(by: seconds)
        }

        // Fresh for 270 s (300 s less the 30 s margin): no refresh.
        for _ in 0..<4 {
            advance(60)
            _ = try await user.client.me()
        }
        #expect(user.transport.refreshCount == 0)

        // 20 s left on the server's clock: renewed before sending.
        advance(40)
        _ = try await user.client.me()
        #expect(user.transport.refreshCount == 1)

        // Long expired on the server: renewed before sending again.
        advance(900)
        _ = try await user.client.habits()
        #expect(user.transport.refreshCount == 2)

        // The server never had to refuse a token.
        #expect(user.transport.unauthorizedCount == 0)
        let offset = try #require(try user.store.load().session?.serverClock.offset)
        #expect(abs(offset + skew) < 2)
    }

    @Test func twentyConcurrentCallsShareOneRefresh() async throws {
        let server = try APITestServer(
            settings: APISettings(accessTokenLifetime: 300), start: TestClock.epoch)
        let device = TestClock(TestClock.epoch)
        let user = try await SignedInUser.signIn("ann@example.com", to: server, deviceClock: device)
        _ = try await user.client.createHabit(ClientFlowTests.reading())
        server.clock.advance(by: 400)
        device.advance(by: 400)

        let client = user.client
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask {
                    index.isMultiple(of: 2)
                        ? try await client.habits(on: ClientFlowTests.today).count
                        : (try await client.me().email.isEmpty ? 0 : 1)
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: 1, count: 20))
        #expect(user.transport.refreshCount == 1)
        #expect(user.transport.unauthorizedCount == 0)
    }

    /// Eight clients, each with its own store on one credentials directory
    /// (as eight processes would be), all holding an expired access token:
    /// the file lock lets one refresh and the rest reuse its tokens, so reuse
    /// detection never fires and nobody is signed out.
    @Test func eightClientsOnOneCredentialsDirectory() async throws {
        let server = try APITestServer(
            settings: APISettings(accessTokenLifetime: 300), start: TestClock.epoch)
        let device = TestClock(TestClock.epoch)
        let user = try await SignedInUser.signIn("ann@example.com", to: server, deviceClock: device)
        server.clock.advance(by: 400)
        device.advance(by: 400)

        let transport = RecordingTransport()
        let baseURL = server.baseURL
        let directory = user.store.directory
        let emails = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let client = HabitAPIClient(
                        configuration: try APIConfiguration(baseURL: baseURL),
                        transport: transport, tokenStore: FileTokenStore(directory: directory),
                        clock: device.wallClock(timeZone: .utc))
                    return try await client.me().email
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(emails == Array(repeating: "ann@example.com", count: 8))
        #expect(transport.refreshCount == 1)
        #expect(transport.unauthorizedCount == 0)
        #expect(try user.store.load().session != nil)
        // The session the eight left behind still works.
        #expect(try await user.client.me().email == "ann@example.com")
    }

    /// The server's clock jumps two hours ahead: it refuses the access token
    /// the client thought fresh; the client renews once, retries once,
    /// re-measures the clock and carries on. Data survives the jumps.
    @Test func aServerWhoseClockJumps() async throws {
        let server = try APITestServer(
            settings: APISettings(accessTokenLifetime: 300), start: TestClock.epoch)
        let device = TestClock(TestClock.epoch)
        let user = try await SignedInUser.signIn("ann@example.com", to: server, deviceClock: device)
        let habit = try await user.client.createHabit(ClientFlowTests.reading())

        server.clock.advance(by: 7200)
        #expect(try await user.client.habit(id: habit.id) == habit)
        #expect(user.transport.refreshCount == 1)
        #expect(user.transport.unauthorizedCount == 1)
        let offset = try #require(try user.store.load().session?.serverClock.offset)
        #expect(abs(offset - 7200) < 2)

        // Measured anew, the clock needs no more renewals.
        device.advance(by: 60)
        server.clock.advance(by: 60)
        #expect(try await user.client.habits().map(\.habit.id) == [habit.id])
        #expect(user.transport.refreshCount == 1)

        // Back four hours: the tokens the server issued "later" still pass its
        // checks; the next renewal measures the new offset.
        server.clock.advance(by: -14_400)
        #expect(try await user.client.habits().map(\.habit.id) == [habit.id])
        device.advance(by: 400)
        server.clock.advance(by: 400)
        #expect(try await user.client.habit(id: habit.id) == habit)
        let backwards = try #require(try user.store.load().session?.serverClock.offset)
        #expect(abs(backwards + 7200) < 2)
        #expect(try user.store.load().session != nil)
    }

    /// When the server refuses the refresh token, the session ends and the
    /// error says to sign in again.
    @Test func anExpiredRefreshTokenEndsTheSession() async throws {
        let server = try APITestServer(
            settings: APISettings(accessTokenLifetime: 300, refreshTokenLifetime: 3600),
            start: TestClock.epoch)
        let device = TestClock(TestClock.epoch)
        let user = try await SignedInUser.signIn("ann@example.com", to: server, deviceClock: device)
        server.clock.advance(by: 7200)
        device.advance(by: 7200)
        await #expect(throws: HabitClient.APIError.sessionExpired) { try await user.client.me() }
        #expect(try user.store.load().session == nil)
        await #expect(throws: HabitClient.APIError.signedOut) { try await user.client.me() }
    }
}
