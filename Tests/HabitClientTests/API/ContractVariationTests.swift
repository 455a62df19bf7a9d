import Foundation
import HabitConcurrency
import TestSupport
import Testing

@testable import HabitClient
@testable import HabitCore

/// The client against legitimate variations of the contract a server of the
/// same family may show: other number and time forms, missing optional
/// fields, extra fields, other error forms and a base URL under a prefix.
@Suite struct ContractVariationTests {
    typealias Setup = ClientFaultTests.Setup
    static let deviceNow = ClientFaultTests.deviceNow

    @Test func habitsWithTimestampVariationsExtraFieldsAndNullCompletion() async throws {
        let habit =
            #"{"id":1,"name":"Read","frequency":"DAILY","measurement_type":"pages","start_date":"2026-11-01","action_days":[1,2,3],"target_value":10,"status":"ACTIVE","#
        let bodies = [
            habit
                + #""created_at":"2026-11-30T19:00:00.123456Z","updated_at":"2026-11-30T19:00:00+00:00","owner":{"id":7},"completion_data":null}"#,
            habit
                + #""completion_data":{"target":10.0,"current":2.5,"state":"pending","extra":1}}"#,
            habit + #""created_at":null,"updated_at":"2026-11-30T20:00:00.5+01:00"}"#,
        ]
        let server = try FaultHTTPServer { _ in
            .http(200, body: #"{"data":[\#(bodies.joined(separator: ","))],"count":3}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let habits = try await setup.client.habits(on: LocalDate(year: 2026, month: 11, day: 30))
        #expect(habits.count == 3)
        #expect(habits[0].completion == nil)
        #expect(habits[0].habit.createdAt != nil)
        #expect(habits[1].completion?.current == Decimal(string: "2.5"))
        #expect(habits[2].habit.updatedAt == Date(timeIntervalSince1970: 1_796_065_200.5))
    }

    /// A server that keeps no notes answers without `note` (or with null):
    /// the client reads the entry as having none. What it sends: no `note`
    /// to keep the day's, the text to replace it, null to remove it.
    @Test func notesAreSentAsAskedAndAnAnswerWithoutOneIsRead() async throws {
        let server = try FaultHTTPServer { request in
            let answer =
                request.method == "GET"
                ? #"{"data":[{"date":"2026-11-30","value":1,"skipped":false,"note":null}]}"#
                : #"{"date":"2026-11-30","value":1,"skipped":false,"ignored":true}"#
            return .http(200, body: answer)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let day = try #require(LocalDate("2026-11-30"))
        let entry = ProgressEntry(date: day, value: 1)
        let kept = try await setup.client.setProgress(habitID: 1, entry: entry)
        let replaced = try await setup.client.setProgress(
            habitID: 1, entry: entry, note: .replace("sick"))
        _ = try await setup.client.setProgress(habitID: 1, entry: entry, note: .replace(nil))
        let added = try await setup.client.incrementProgress(
            habitID: 1, date: day, amount: 1, note: .replace("hills"))
        let listed = try await setup.client.progress(habitID: 1, from: day, to: day)

        #expect([kept, replaced, added] == [entry, entry, entry])
        #expect(listed == [entry])
        let notes = try server.requests.prefix(4).map { request in
            let object = try #require(
                try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
            return object["note"].map { $0 is NSNull ? "null" : "\($0)" } ?? "absent"
        }
        #expect(notes == ["absent", "sick", "null", "hills"])
    }

    /// A habit's stats are used only when the server sends possible ones
    /// for the date asked: none, another date (a server ignoring `today`),
    /// impossible counts or a malformed object leave them to the client.
    @Test func habitStatsAreUsedOnlyForTheDateAskedAndWhenPossible() async throws {
        let habit =
            #"{"id":1,"name":"Read","frequency":"DAILY","measurement_type":"pages","start_date":"2026-11-01","action_days":[1,2,3],"target_value":10,"status":"ACTIVE","created_at":null,"updated_at":null"#
        let stats = { (date: String, current: Int, strength: String) in
            #","stats":{"as_of":"\#(date)","current_streak":\#(current),"longest_streak":4,"success_count":6,"failed_count":2,"skipped_count":1,"strength":\#(strength)}}"#
        }
        let bodies = [
            habit + "}",
            habit + stats("2026-11-29", 2, "0.5"),
            habit + stats("2026-11-30", 5, "0.5"),
            habit + stats("2026-11-30", 2, "1.5"),
            habit + #","stats":"soon"}"#,
            habit + stats("2026-11-30", 2, "0.5"),
        ]
        let answers = Locked(bodies)
        let server = try FaultHTTPServer { _ in
            .http(200, body: answers.withLock { $0.removeFirst() })
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let today = try #require(LocalDate("2026-11-30"))
        var found: [HabitStats?] = []
        for _ in bodies {
            let answer = try await setup.client.habitWithStats(id: 1, today: today)
            #expect(answer.habit.name == "Read")
            found.append(answer.stats(asOf: today))
        }
        let expected = HabitStats(
            currentStreak: 2, longestStreak: 4, successCount: 6, failedCount: 2, skippedCount: 1,
            strength: 0.5)
        #expect(found == [nil, nil, nil, nil, nil, expected])
        #expect(server.requests.first?.target == "/api/me/habits/1/?today=2026-11-30")
    }

    @Test func aBaseURLUnderAPrefixWithoutTrailingSlash() async throws {
        let server = try FaultHTTPServer { _ in
            .http(200, body: #"{"id":"7","email":"ann@example.com","extra":true}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: "http://127.0.0.1:\(server.port)/v2/api")
        #expect(try await setup.client.me() == Account(id: "7", email: "ann@example.com"))
        #expect(server.requests.map(\.target) == ["/v2/api/me/"])
    }

    /// Token responses measure the server clock from `server_time` in any
    /// RFC 3339 form, else from the Date header, else from the token's iat.
    @Test(
        arguments: [
            (#","server_time":"2026-12-01T13:00:00.250000+00:00""#, [:], -3599.75),
            (#","server_time":1796130000"#, ["Date": "Tue, 01 Dec 2026 13:00:00 GMT"], -3600.0),
            ("", ["Date": "Tue, 01 Dec 2026 13:00:00 GMT"], -3600.0),
        ] as [(String, [String: String], Double)])
    func signInMeasuresTheClockFromAnyServerTime(
        serverTimeField: String, headers: [String: String], offset: Double
    ) async throws {
        let serverNow = Date(timeIntervalSince1970: 1_796_130_000)
        let deviceNow = serverNow.addingTimeInterval(3600)
        let access = UnsignedToken.access(expiringAt: serverNow.addingTimeInterval(300))
        let refresh = UnsignedToken.refresh(expiringAt: serverNow.addingTimeInterval(604_800))
        let server = try FaultHTTPServer { _ in
            .http(
                200, headers: headers,
                body: #"{"access":"\#(access)","refresh":"\#(refresh)"\#(serverTimeField)}"#)
        }
        defer { server.stop() }
        let temp = try TemporaryDirectory()
        let store = FileTokenStore(directory: temp.path)
        let client = HabitAPIClient(
            configuration: try APIConfiguration(baseURL: server.baseURL), tokenStore: store,
            clock: TestClock(deviceNow).wallClock)
        try await client.signIn(email: "ann@example.com", code: "123456")
        let session = try #require(try store.load().session)
        #expect(abs(session.serverClock.offset - offset) < 0.01)
    }

    /// A 401 whose body has no code (a plain `{"detail": …}`) to a request
    /// that carried a token: the token is renewed once and the request retried.
    @Test func aRefusalWithoutACodeIsRefreshedOnce() async throws {
        let renewed = UnsignedToken.access(expiringAt: Self.deviceNow.addingTimeInterval(900))
        let server = try FaultHTTPServer { request in
            if request.target.hasSuffix("/auth/token/refresh/") {
                return .http(200, body: #"{"access":"\#(renewed)"}"#)
            }
            if request.headers["authorization"] == "Bearer \(renewed)" {
                return .http(200, body: #"{"id":7,"email":"ann@example.com"}"#)
            }
            // Django REST framework names the scheme in WWW-Authenticate on a 401.
            return .http(
                401, headers: ["WWW-Authenticate": #"Bearer realm="api""#],
                body: #"{"detail":"Given token not valid for any token type"}"#)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        #expect(try await setup.client.me().email == "ann@example.com")
        #expect(
            server.requests.map(\.target) == ["/api/me/", "/api/auth/token/refresh/", "/api/me/"])
        // A server that does not rotate refresh tokens: the saved one stays.
        #expect(try setup.store.load().session?.refreshToken == setup.session.refreshToken)
    }

    @Test func emptyAndArbitrarySuccessBodies() async throws {
        let server = try FaultHTTPServer { request in
            if request.target.hasSuffix("/auth/email/") {
                return .http(202, headers: ["Content-Type": "text/plain"], body: "queued")
            }
            return .http(204)
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        try await setup.client.requestCode(email: "bob@example.com")
        #expect(try setup.client.pendingEmail() == "bob@example.com")
        try await setup.client.deleteHabit(id: 3)
        try await setup.client.deleteProgress(
            habitID: 3, date: try #require(LocalDate("2026-11-30")))
        #expect(try await setup.client.signOut() == .revoked)
    }

    @Test func errorFormsOverTheWire() async throws {
        let server = try FaultHTTPServer { request in
            switch request.method {
            case "POST":
                return .http(
                    400,
                    body:
                        #"{"name":["This field may not be blank."],"target_value":["A valid number is required."]}"#
                )
            case "PATCH":
                return .http(
                    400,
                    body:
                        #"{"code":"invalid","message":"Invalid input.","fields":{"name":["Too long."]}}"#
                )
            case "DELETE":
                return .http(404, body: #"{"detail":"Not found."}"#)
            default:
                return .http(
                    429, headers: ["Retry-After": "Mon, 30 Nov 2026 19:00:30 GMT"],
                    body: #"{"detail":"Request was throttled."}"#)
            }
        }
        defer { server.stop() }
        let setup = try Setup(baseURL: server.baseURL)
        let fields = HabitFields(
            name: "", frequency: .daily, measurementType: "pages",
            startDate: try #require(LocalDate("2026-11-01")), actionDays: .everyDay,
            targetValue: 10)
        await #expect(
            throws: APIError.validation(
                ValidationError(fields: [
                    "name": ["This field may not be blank."],
                    "target_value": ["A valid number is required."],
                ]))
        ) { try await setup.client.createHabit(fields) }
        await #expect(
            throws: APIError.validation(ValidationError(fields: ["name": ["Too long."]]))
        ) {
            try await setup.client.updateHabit(id: 1, changes: HabitChanges(name: "x"))
        }
        await #expect(throws: APIError.notFound) { try await setup.client.deleteHabit(id: 1) }
        await #expect(throws: APIError.rateLimited(retryAfter: 30)) {
            try await setup.client.habits()
        }
    }
}
