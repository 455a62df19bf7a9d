import Foundation
import HabitClient
import HabitCore
import HabitServer
import HabitStorage
import HabitStore
import ServerTestSupport
import TestSupport
import Testing

/// The API client against the real server: every route, and the errors a
/// person meets, as the server actually produces them.
@Suite struct ClientFlowTests {
    static let today = LocalDate(year: 2026, month: 11, day: 30)!  // TestClock.epoch's date in UTC

    static func reading(start: LocalDate = LocalDate(year: 2026, month: 11, day: 1)!)
        -> HabitFields
    {
        HabitFields(
            name: "Read", frequency: .daily, measurementType: "pages", startDate: start,
            actionDays: .everyDay, targetValue: 10)
    }

    @Test func theWholeFlow() async throws {
        let server = try APITestServer(
            settings: APISettings(accessTokenLifetime: 60), start: TestClock.epoch)
        let device = TestClock(TestClock.epoch)
        let directory = try TemporaryDirectory()
        let transport = RecordingTransport()
        func client() throws -> HabitAPIClient {
            // A new client per step, as each command is a new process.
            HabitAPIClient(
                configuration: try APIConfiguration(baseURL: server.baseURL),
                transport: transport,
                tokenStore: FileTokenStore(directory: directory.appending("habits")),
                clock: device.wallClock(timeZone: .utc))
        }

        // Request a code; the address is remembered for the next run.
        try await client().requestCode(email: "ann@example.com")
        let email = try #require(try client().pendingEmail())
        #expect(email == "ann@example.com")
        let summary = try await client().signIn(
            email: email, code: try server.latestCode(for: email))
        #expect(summary.email == "ann@example.com")
        #expect(summary.isForConfiguredServer)
        #expect(try client().pendingEmail() == nil)

        let api = try client()
        let account = try await api.me()
        #expect(account.email == "ann@example.com")
        #expect(account.id == summary.userID)

        // Habits and progress.
        let read = try await api.createHabit(Self.reading())
        #expect(read.name == "Read")
        #expect(read.targetValue == 10)
        let run = try await api.createHabit(
            HabitFields(
                name: "Run", frequency: .weekly, measurementType: "km",
                startDate: LocalDate(year: 2026, month: 11, day: 2)!,
                actionDays: ActionDays([.tuesday, .thursday, .saturday]), targetValue: 12.5))
        var listed = try await api.habits(on: Self.today)
        #expect(listed.map(\.habit.id) == [read.id, run.id])
        #expect(listed[0].completion == CompletionData(target: 10, current: 0, state: .pending))

        let entry = try await api.setProgress(
            habitID: read.id,
            entry: ProgressEntry(date: Self.today, value: Decimal(string: "10.5")!))
        #expect(entry == ProgressEntry(date: Self.today, value: Decimal(string: "10.5")!))
        // Repeating the PUT changes nothing.
        #expect(try await api.setProgress(habitID: read.id, entry: entry) == entry)
        listed = try await api.habits(on: Self.today)
        #expect(listed[0].completion?.state == .success)
        #expect(listed[0].completion?.current == Decimal(string: "10.5")!)
        let yesterday = Self.today.adding(days: -1)
        _ = try await api.setProgress(
            habitID: read.id, entry: ProgressEntry(date: yesterday, value: 0, skipped: true))
        #expect(
            try await api.progress(habitID: read.id, from: yesterday, to: Self.today) == [
                ProgressEntry(date: yesterday, value: 0, skipped: true), entry,
            ])
        try await api.deleteProgress(habitID: read.id, date: yesterday)
        #expect(
            try await api.progress(habitID: read.id, from: yesterday, to: Self.today) == [entry])

        let archived = try await api.updateHabit(
            id: run.id, changes: HabitChanges(status: .archived))
        #expect(archived.status == .archived)
        #expect(archived.name == "Run")
        #expect(try await api.habits().map(\.habit.id) == [read.id])
        #expect(try await api.habits(status: .archived).map(\.habit.id) == [run.id])
        #expect(try await api.habits(status: .all).map(\.habit.id) == [read.id, run.id])
        let renamed = try await api.updateHabit(
            id: read.id, changes: HabitChanges(name: "Read more"))
        #expect(try await api.habit(id: read.id) == renamed)
        #expect(renamed.name == "Read more")

        // The access token lives 60 s; two minutes later the client renews it
        // before sending, unseen.
        server.clock.advance(by: 120)
        device.advance(by: 120)
        #expect(try await client().me() == account)
        #expect(transport.refreshCount == 1)
        #expect(transport.unauthorizedCount == 0)

        try await api.deleteHabit(id: run.id)
        await #expect(throws: HabitClient.APIError.notFound) { try await api.habit(id: run.id) }
        await #expect(throws: HabitClient.APIError.notFound) {
            try await api.progress(habitID: run.id, from: yesterday, to: Self.today)
        }

        // Log out: revoked on the server, gone locally.
        let store = FileTokenStore(directory: directory.appending("habits"))
        let revokedRefresh = try #require(try store.load().session?.refreshToken)
        #expect(try await client().signOut() == .revoked)
        #expect(try store.load() == .empty)
        await #expect(throws: HabitClient.APIError.signedOut) { try await client().me() }
        await #expect(throws: HabitClient.APIError.signedOut) { try await api.me() }
        #expect(try await client().signOut() == .wasSignedOut)
        // The server no longer renews the old session.
        var refresh = TransportRequest(
            method: .post, url: URL(string: server.baseURL + "auth/token/refresh/")!,
            headers: ["Content-Type": "application/json"])
        refresh.body = try JSONEncoder().encode(["refresh": revokedRefresh])
        #expect(try await DefaultTransport().send(refresh).status == 401)
    }

    /// `today` is the user's local date: at 19:00 UTC it is already the next
    /// day at UTC+14, so the day just ended is failed there, pending in UTC.
    @Test func todayIsTheUsersLocalDate() async throws {
        let server = try APITestServer(start: TestClock.epoch)
        let user = try await SignedInUser.signIn(
            "kiri@example.com", to: server, deviceClock: TestClock(TestClock.epoch))
        let habit = try await user.client.createHabit(Self.reading())
        let kiritimati = HabitAPIClient(
            configuration: try APIConfiguration(baseURL: server.baseURL),
            tokenStore: user.store,
            clock: TestClock(TestClock.epoch).wallClock(
                timeZone: try #require(TimeZone(identifier: "Pacific/Kiritimati"))))
        let there = try await kiritimati.habits(on: Self.today)
        #expect(there.first?.habit.id == habit.id)
        #expect(there.first?.completion?.state == .failed)
        let utc = try await user.client.habits(on: Self.today)
        #expect(utc.first?.completion?.state == .pending)
    }

    @Test func signInErrors() async throws {
        let server = try APITestServer(start: TestClock.epoch)
        let directory = try TemporaryDirectory()
        let store = FileTokenStore(directory: directory.path)
        let client = HabitAPIClient(
            configuration: try APIConfiguration(baseURL: server.baseURL), tokenStore: store,
            clock: TestClock(TestClock.epoch).wallClock(timeZone: .utc))

        do {
            try await client.requestCode(email: "not an address")
            Issue.record("an invalid address was accepted")
        } catch {
            guard case .validation(let problems) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(problems.fields["email"]?.isEmpty == false)
        }
        #expect(try client.pendingEmail() == nil)

        try await client.requestCode(email: "bob@example.com")
        do {
            try await client.requestCode(email: "bob@example.com")
            Issue.record("a second code within a minute was sent")
        } catch {
            guard case .rateLimited(let seconds?) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect((1...60).contains(seconds))
        }

        let code = try server.latestCode(for: "bob@example.com")
        let wrong = code == "000000" ? "111111" : "000000"
        await #expect(throws: HabitClient.APIError.invalidCode) {
            try await client.signIn(email: "bob@example.com", code: wrong)
        }
        // The address is still pending, and the right code still works.
        #expect(try client.pendingEmail() == "bob@example.com")
        try await client.signIn(email: "bob@example.com", code: code)
        // A code is single use.
        await #expect(throws: HabitClient.APIError.invalidCode) {
            try await client.signIn(email: "bob@example.com", code: code)
        }
        #expect(try await client.me().email == "bob@example.com")
    }

    @Test func habitErrors() async throws {
        let server = try APITestServer(start: TestClock.epoch)
        let device = TestClock(TestClock.epoch)
        let ann = try await SignedInUser.signIn("ann@example.com", to: server, deviceClock: device)
        let bob = try await SignedInUser.signIn("bob@example.com", to: server, deviceClock: device)

        do {
            _ = try await ann.client.createHabit(
                HabitFields(
                    name: "  ", frequency: .daily, measurementType: "", startDate: Self.today,
                    actionDays: ActionDays([]), targetValue: 0))
            Issue.record("invalid fields were accepted")
        } catch {
            guard case .validation(let problems) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            // Every problem is reported together.
            #expect(
                Set(problems.fields.keys).isSuperset(of: [
                    "name", "measurement_type", "action_days", "target_value",
                ]))
        }

        let habit = try await ann.client.createHabit(Self.reading())
        // Another user's habit does not exist for bob.
        await #expect(throws: HabitClient.APIError.notFound) {
            try await bob.client.habit(id: habit.id)
        }
        await #expect(throws: HabitClient.APIError.notFound) {
            try await bob.client.updateHabit(id: habit.id, changes: HabitChanges(name: "Mine"))
        }
        await #expect(throws: HabitClient.APIError.notFound) {
            try await bob.client.setProgress(
                habitID: habit.id, entry: ProgressEntry(date: Self.today, value: 1))
        }
        #expect(try await ann.client.habit(id: habit.id).name == "Read")

        for number in 2...Habit.maximumActiveCount {
            var fields = Self.reading()
            fields.name = "Habit \(number)"
            _ = try await ann.client.createHabit(fields)
        }
        do {
            _ = try await ann.client.createHabit(Self.reading())
            Issue.record("a 16th active habit was created")
        } catch {
            guard case .habitLimit(let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(!message.isEmpty)
        }
    }

    @Test func aStoppedServerIsUnreachableAndTheSessionSurvives() async throws {
        let server = try APITestServer(start: TestClock.epoch)
        let user = try await SignedInUser.signIn(
            "ann@example.com", to: server, deviceClock: TestClock(TestClock.epoch))
        let saved = try user.store.load()
        server.stop()
        let closed = try ClosedPort(reserving: server.port)
        await #expect(throws: HabitClient.APIError.unreachable(host: "127.0.0.1:\(closed.port)")) {
            try await user.client.me()
        }
        #expect(try user.store.load() == saved)
    }
}
