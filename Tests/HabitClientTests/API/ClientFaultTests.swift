import Foundation
import HabitConcurrency
import TestSupport
import Testing

@testable import HabitClient
@testable import HabitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The client against a server that misbehaves on a real socket: each fault
/// gives its clear error and leaves the saved credentials exactly as they were.
@Suite struct ClientFaultTests {
    static let deviceNow = Date(timeIntervalSince1970: 1_796_065_200)

    /// A client of `server` with a saved session whose access token has
    /// `accessSecondsLeft` seconds left (offset 0).
    struct Setup {
        let temp: TemporaryDirectory
        let store: FileTokenStore
        let client: HabitAPIClient
        let session: StoredSession
        let clock: TestClock

        init(
            baseURL: String, accessSecondsLeft: TimeInterval = 300,
            requestTimeout: TimeInterval = 10
        ) throws {
            temp = try TemporaryDirectory()
            store = FileTokenStore(directory: temp.appending("habits"))
            clock = TestClock(ClientFaultTests.deviceNow)
            session = StoredSession(
                server: try APIConfiguration(baseURL: baseURL).baseURLString,
                email: "ann@example.com",
                accessToken: UnsignedToken.access(
                    expiringAt: ClientFaultTests.deviceNow.addingTimeInterval(accessSecondsLeft)),
                refreshToken: UnsignedToken.refresh(
                    expiringAt: ClientFaultTests.deviceNow.addingTimeInterval(604_800)),
                serverClock: ServerClock(offset: 0))
            try store.save(StoredCredentials(session: session))
            client = HabitAPIClient(
                configuration: try APIConfiguration(baseURL: baseURL),
                transport: DefaultTransport(requestTimeout: requestTimeout), tokenStore: store,
                clock: clock.wallClock)
        }

        var savedBytes: Data {
            (try? Data(contentsOf: URL(fileURLWithPath: store.credentialsPath))) ?? Data()
        }
    }

    static func tokenBody(access: String, refresh: String, serverTime: Date) -> String {
        #"{"access":"\#(access)","refresh":"\#(refresh)","server_time":"\#(RFC3339.string(from: serverTime))"}"#
    }

    static let habitJSON =
        #"{"id":1,"name":"Read","frequency":"DAILY","measurement_type":"pages","start_date":"2026-11-01","action_days":[1,2,3,4,5,6,7],"target_value":10.0,"status":"ACTIVE"}"#

    @Test(arguments: ["corrupt", "too open"])
    func signingOutRemovesAnUnusableCredentialsFile(problem: String) async throws {
        let setup = try Setup(baseURL: "http://127.0.0.1:9/api/")
        let path = setup.store.credentialsPath
        if problem == "corrupt" {
            try Data("{\"session\": ".utf8).write(to: URL(fileURLWithPath: path))
        } else {
            #expect(chmod(path, 0o644) == 0)
        }
        // Everything else refuses the file and leaves it in place…
        await #expect(throws: APIError.self) { try await setup.client.me() }
        #expect(TemporaryDirectory.mode(of: path) != nil)
        // …but signing out is asked for explicitly, so the file goes. A file
        // that still yields its refresh token has it revoked first (the
        // server at port 9 cannot be reached, so that part fails here).
        let outcome = try await setup.client.signOut()
        if problem == "corrupt" {
            #expect(outcome == .wasSignedOut)
        } else {
            #expect(outcome == .removedLocally(.unreachable(host: "127.0.0.1:9")))
        }
        #expect(TemporaryDirectory.mode(of: path) == nil)
    }

    @Test func connectionResetMidResponseIsAConnectionLost() async throws {
        let server = try FaultHTTPServer { _ in
            .truncated(200, declaredLength: 4000, body: #"{"data":[\#(Self.habitJSON),"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let before = setup.savedBytes
        await #expect(throws: APIError.connectionLost(host: "127.0.0.1:\(server.port)")) {
            try await setup.client.habits()
        }
        #expect(setup.savedBytes == before)
        // A read is sent twice (it changes nothing), then reported as it is.
        #expect(server.requests.count == 2)
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try FaultHTTPServer { _ in .silence }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL, requestTimeout: 0.5)
        let before = setup.savedBytes
        await #expect(throws: APIError.timeout(host: "127.0.0.1:\(server.port)")) {
            try await setup.client.me()
        }
        #expect(setup.savedBytes == before)
    }

    @Test func serverErrorWithAnHTMLPage() async throws {
        let server = try FaultHTTPServer { _ in
            .http(
                500, headers: ["Content-Type": "text/html"],
                body: "<html><body><h1>Internal Server Error</h1></body></html>")
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let before = setup.savedBytes
        await #expect(throws: APIError.server(status: 500)) { try await setup.client.me() }
        #expect(setup.savedBytes == before)
    }

    @Test func rateLimitedWithRetryAfter() async throws {
        let server = try FaultHTTPServer { _ in
            .http(
                429, headers: ["Retry-After": "37"],
                body: #"{"code":"rate_limited","message":"Too many codes."}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let before = setup.savedBytes
        await #expect(throws: APIError.rateLimited(retryAfter: 37)) {
            try await setup.client.requestCode(email: "bob@example.com")
        }
        // The pending address is only remembered once a code is on its way.
        #expect(setup.savedBytes == before)
        #expect(try setup.client.pendingEmail() == nil)
    }

    @Test func truncatedJSONIsAnUnexpectedResponse() async throws {
        let server = try FaultHTTPServer { _ in .http(200, body: #"{"data":[{"id":1,"na"#) }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let before = setup.savedBytes
        await #expect(
            throws: APIError.unexpectedResponse(status: 200, path: "/api/me/habits/")
        ) { try await setup.client.habits() }
        #expect(setup.savedBytes == before)
    }

    @Test(arguments: [
        #"{"data":[{"id":"one","name":"Read"}]}"#,
        #"{"data":{"id":1}}"#,
        #"{"data":[\#(habitJSON.replacingOccurrences(of: "10.0", with: "\"ten\""))]}"#,
        #"{"data":[\#(habitJSON.replacingOccurrences(of: "\"DAILY\"", with: "\"HOURLY\""))]}"#,
        #"{"data":[\#(habitJSON.replacingOccurrences(of: "2026-11-01", with: "2026-02-30"))]}"#,
        "[]",
    ])
    func wrongTypesAreAnUnexpectedResponse(body: String) async throws {
        let server = try FaultHTTPServer { _ in .http(200, body: body) }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let before = setup.savedBytes
        do {
            _ = try await setup.client.habits()
            Issue.record("decoded \(body)")
        } catch {
            guard case .unexpectedResponse(200, let path) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            // The status and the path, never the body.
            #expect(path == "/api/me/habits/")
            #expect(!"\(error)".contains("data"))
        }
        #expect(setup.savedBytes == before)
    }

    @Test func numbersMayArriveWholeOrWithAFraction() async throws {
        let whole = Self.habitJSON.replacingOccurrences(of: "10.0", with: "10")
        // Django REST framework's DecimalField sends decimals as strings.
        let text = Self.habitJSON.replacingOccurrences(of: "10.0", with: "\"10.50\"")
        let server = try FaultHTTPServer { _ in
            .http(200, body: #"{"data":[\#(Self.habitJSON),\#(whole),\#(text)]}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let habits = try await setup.client.habits()
        #expect(habits.map(\.habit.targetValue) == [10, 10, Decimal(string: "10.5")!])
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let closed = try ClosedPort()
        let port = closed.port
        let setup = try Setup(baseURL: "http://127.0.0.1:\(port)/api/")
        let before = setup.savedBytes
        await #expect(throws: APIError.unreachable(host: "127.0.0.1:\(port)")) {
            try await setup.client.me()
        }
        #expect(setup.savedBytes == before)
    }

    /// A refresh that dies on the network keeps the saved tokens, and the
    /// expired access token is never sent. The read is tried once more, its
    /// refresh with the same token (the server's grace window answers a
    /// repeat of a rotation it already made).
    @Test func aNetworkFailureDuringRefreshKeepsTheTokens() async throws {
        let server = try FaultHTTPServer { request in
            request.target.hasSuffix("/auth/token/refresh/")
                ? .truncated(200, declaredLength: 900, body: #"{"access":"#)
                : .http(200, body: #"{"id":7,"email":"ann@example.com"}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL, accessSecondsLeft: 20)
        let before = setup.savedBytes
        await #expect(throws: APIError.connectionLost(host: "127.0.0.1:\(server.port)")) {
            try await setup.client.me()
        }
        #expect(setup.savedBytes == before)
        #expect(
            server.requests.map(\.target) == Array(repeating: "/api/auth/token/refresh/", count: 2))
        for request in server.requests {
            let sent = try JSONSerialization.jsonObject(with: request.body) as? [String: String]
            #expect(sent == ["refresh": setup.session.refreshToken])
        }
    }

    @Test func aRefusedRefreshEndsTheSession() async throws {
        let server = try FaultHTTPServer { _ in
            .http(401, body: #"{"code":"token_not_valid","message":"Token is invalid."}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL, accessSecondsLeft: -5)
        var credentials = try setup.store.load()
        credentials.pendingEmail = "new@example.com"
        try setup.store.save(credentials)
        await #expect(throws: APIError.sessionExpired) { try await setup.client.me() }
        // The session is gone; the pending address stays.
        #expect(try setup.store.load() == StoredCredentials(pendingEmail: "new@example.com"))
        await #expect(throws: APIError.signedOut) { try await setup.client.me() }
        #expect(server.requests.count == 1)
    }

    /// When the refresh is refused because someone else already rotated the
    /// token and saved the new pair, the client uses that pair.
    @Test func aRefusedRefreshUsesTokensSavedMeanwhile() async throws {
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.path)
        let newer = SavedSessionBox()
        let server = try FaultHTTPServer { request in
            if request.target.hasSuffix("/auth/token/refresh/") {
                // Another writer saves a rotated pair just before this refresh is refused.
                if var session = try? store.load().session {
                    session.accessToken = UnsignedToken.access(
                        expiringAt: ClientFaultTests.deviceNow.addingTimeInterval(600), user: 8)
                    session.refreshToken = UnsignedToken.refresh(
                        expiringAt: ClientFaultTests.deviceNow.addingTimeInterval(604_800), user: 8)
                    try? store.save(StoredCredentials(session: session))
                    newer.set(session)
                }
                return .http(401, body: #"{"code":"token_not_valid","message":"Reused."}"#)
            }
            return .http(200, body: #"{"id":8,"email":"ann@example.com"}"#)
        }
        defer { server.stop() }
        let session = StoredSession(
            server: server.baseURL, email: "ann@example.com",
            accessToken: UnsignedToken.access(expiringAt: Self.deviceNow),
            refreshToken: UnsignedToken.refresh(expiringAt: Self.deviceNow.addingTimeInterval(9)),
            serverClock: ServerClock(offset: 0))
        try store.save(StoredCredentials(session: session))
        let client = HabitAPIClient(
            configuration: try APIConfiguration(baseURL: server.baseURL),
            transport: DefaultTransport(), tokenStore: store,
            clock: TestClock(Self.deviceNow).wallClock)
        #expect(try await client.me() == Account(id: "8", email: "ann@example.com"))
        let saved = try #require(newer.value)
        #expect(try store.load().session == saved)
        #expect(server.requests.last?.headers["authorization"] == "Bearer \(saved.accessToken)")
    }

    /// A 401 "token_not_valid" refreshes once and retries the request once
    /// with the new token; a second refusal is the caller's error.
    @Test func aRejectedTokenIsRefreshedAndTheRequestRetriedOnce() async throws {
        let renewedAccess = UnsignedToken.access(expiringAt: Self.deviceNow.addingTimeInterval(900))
        let renewedRefresh = UnsignedToken.refresh(expiringAt: Self.deviceNow.addingTimeInterval(9))
        let refusals = SharedCounter()
        let server = try FaultHTTPServer { request in
            if request.target.hasSuffix("/auth/token/refresh/") {
                return .http(
                    200,
                    body: Self.tokenBody(
                        access: renewedAccess, refresh: renewedRefresh,
                        serverTime: Self.deviceNow))
            }
            if request.headers["authorization"] == "Bearer \(renewedAccess)"
                && refusals.value == 0
            {
                return .http(200, body: #"{"id":7,"email":"ann@example.com"}"#)
            }
            return .http(401, body: #"{"code":"token_not_valid","message":"Token is invalid."}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        #expect(try await setup.client.me().email == "ann@example.com")
        #expect(
            server.requests.map(\.target) == ["/api/me/", "/api/auth/token/refresh/", "/api/me/"])
        #expect(try setup.store.load().session?.accessToken == renewedAccess)
        #expect(try setup.store.load().session?.refreshToken == renewedRefresh)

        // Now the server refuses even the renewed token: one refresh, one retry, then the error.
        refusals.add(1)
        await #expect(throws: APIError.sessionExpired) { try await setup.client.me() }
        #expect(server.requests.count == 6)
        // The tokens of the last successful refresh are kept.
        #expect(try setup.store.load().session?.accessToken == renewedAccess)
    }

    /// Redirects are not followed, so the bearer token never travels on.
    @Test func redirectsAreNotFollowed() async throws {
        let server = try FaultHTTPServer { request in
            .http(
                302, headers: ["Location": "http://127.0.0.1:1/api/me/"],
                body: #"{"detail":"moved"}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        do {
            _ = try await setup.client.me()
            Issue.record("a redirect was followed")
        } catch {
            guard case .unexpectedResponse(302, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
        #expect(server.requests.count == 1)
    }

    /// Sign-in stores the session with the server clock measured from
    /// `server_time`, and never quotes a token body in an error.
    @Test func signInMeasuresTheServerClock() async throws {
        let serverTime = Self.deviceNow.addingTimeInterval(-7200)
        let access = UnsignedToken.access(expiringAt: serverTime.addingTimeInterval(300))
        let refresh = UnsignedToken.refresh(expiringAt: serverTime.addingTimeInterval(604_800))
        let server = try FaultHTTPServer { request in
            if request.target.hasSuffix("/auth/email/") {
                return .http(202, body: #"{"message":"On its way."}"#)
            }
            return .http(
                200, body: Self.tokenBody(access: access, refresh: refresh, serverTime: serverTime))
        }
        defer { server.stop() }
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.path)
        let client = HabitAPIClient(
            configuration: try APIConfiguration(baseURL: server.baseURL), tokenStore: store,
            clock: TestClock(Self.deviceNow).wallClock)
        try await client.requestCode(email: "  Ann@Example.com ")
        #expect(try client.pendingEmail() == "Ann@Example.com")
        let summary = try await client.signIn(email: "Ann@Example.com", code: "123 456")
        #expect(summary.email == "Ann@Example.com")
        #expect(summary.userID == "7")
        let sent =
            try JSONSerialization.jsonObject(with: server.requests[1].body) as? [String: String]
        #expect(sent == ["email": "Ann@Example.com", "code": "123456"])
        let session = try #require(try store.load().session)
        #expect(try store.load().pendingEmail == nil)
        #expect(abs(session.serverClock.offset - -7200) < 1)
        #expect(session.accessToken == access)
        // With the device two hours ahead, the token still has five minutes.
        #expect(!session.accessTokenHasExpired(deviceNow: Self.deviceNow.addingTimeInterval(200)))
        #expect(session.accessTokenHasExpired(deviceNow: Self.deviceNow.addingTimeInterval(271)))
    }

    @Test func aTokenResponseThatIsNotOneIsNeverQuoted() async throws {
        let server = try FaultHTTPServer { _ in
            .http(200, body: #"{"access":"eyJhbGciOi.eyJleHAiOjF9.c2lnbmF0dXJl","refresh":"#)
        }
        defer { server.stop() }
        let temp = try TemporaryDirectory()
        let client = HabitAPIClient(
            configuration: try APIConfiguration(baseURL: server.baseURL),
            tokenStore: FileTokenStore(directory: temp.path),
            clock: TestClock(Self.deviceNow).wallClock)
        await #expect(throws: APIError.unexpectedResponse(status: 200, path: "/api/auth/token/")) {
            try await client.signIn(email: "a@example.com", code: "123456")
        }
        #expect(try FileTokenStore(directory: temp.path).load() == .empty)
    }
}

/// A session one side of a test sets and the other reads.
final class SavedSessionBox: Sendable {
    private let session = Locked<StoredSession?>(nil)

    func set(_ value: StoredSession) { session.withLock { $0 = value } }
    var value: StoredSession? { session.withLock { $0 } }
}
