import Foundation
import HabitStorage
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// `--signup`, `--allowed-emails` and `--max-accounts` over HTTP: a refused
/// address gets the answer anyone gets, and no mail; accounts that exist
/// always sign in.
@Suite struct SignupControlTests {
    func server(_ policy: SignupPolicy) throws -> APITestServer {
        var settings = APISettings()
        settings.signup = policy
        return try APITestServer(settings: settings)
    }

    func requestCode(_ server: APITestServer, _ email: String) throws -> APITestResponse {
        try server.request("POST", "/api/auth/email/", body: #"{"email": "\#(email)"}"#)
    }

    @Test func closedSignupAnswersARefusedAddressLikeAnyOtherAndSendsNoMail() throws {
        let open = try APITestServer()
        defer { open.stop() }
        let closed = try server(SignupPolicy(mode: .closed))
        defer { closed.stop() }
        let usual = try requestCode(open, "new@example.com")
        let refused = try requestCode(closed, "new@example.com")
        #expect(refused.status == usual.status)
        #expect(refused.body == usual.body)
        #expect(try closed.messages().isEmpty)
        // Without a code nobody gets an account, whatever code they guess.
        let guess = try closed.request(
            "POST", "/api/auth/token/", body: #"{"email": "new@example.com", "code": "123456"}"#)
        #expect(guess.status == 400 || guess.status == 401)
    }

    @Test func existingAccountsSignInWhenSignupIsClosed() throws {
        let server = try APITestServer(databasePath: ":memory:")
        defer { server.stop() }
        _ = try server.signIn("old@example.com")
        // Same store, stricter policy: a second responder on it.
        var settings = APISettings()
        settings.signup = SignupPolicy(mode: .closed)
        let closed = APIResponder(
            store: server.app.store, secret: Array(repeating: 7, count: 32),
            mailer: RecordingMailer(), settings: settings, now: { server.clock.now })
        #expect(try closed.admitsSignIn("old@example.com"))
        #expect(try !closed.admitsSignIn("new@example.com"))
    }

    @Test func allowlistMailsListedAddressesOnly() throws {
        let server = try server(
            SignupPolicy(
                mode: .allowlist,
                allowed: AllowedEmails(addresses: ["ann@example.org"], domains: ["team.example"])))
        defer { server.stop() }
        _ = try server.signIn("ann@example.org")
        _ = try server.signIn("bob@team.example")
        #expect(try requestCode(server, "eve@example.org").status == 202)
        let recipients = try server.messages().filter { $0.contains("\nTo: eve@example.org\n") }
        #expect(recipients.isEmpty)
        #expect(try server.messages().count == 2)
    }

    @Test func noNewAccountOnceTheMaximumExists() throws {
        let server = try server(SignupPolicy(mode: .open, maximumAccounts: 1))
        defer { server.stop() }
        _ = try server.signIn("first@example.com")
        server.clock.advance(by: 61)
        #expect(try requestCode(server, "second@example.com").status == 202)
        #expect(try server.messages().count == 1)
        // The first account still signs in.
        server.clock.advance(by: 61)
        _ = try server.signIn("first@example.com")
        #expect(try server.messages().count == 2)
    }

    @Test func aCodeSentBeforeTheLimitWasReachedCreatesNoAccountPastIt() throws {
        let server = try server(SignupPolicy(mode: .open, maximumAccounts: 1))
        defer { server.stop() }
        #expect(try requestCode(server, "a@example.com").status == 202)
        #expect(try requestCode(server, "b@example.com").status == 202)
        server.clock.advance(by: 61)
        _ = try server.signIn("a@example.com")
        let code = try server.latestCode(for: "b@example.com")
        let late = try server.request(
            "POST", "/api/auth/token/", body: #"{"email": "b@example.com", "code": "\#(code)"}"#)
        #expect(late.status != 200)
        #expect(try server.app.store.accountCount() == 1)
    }
}

/// A mailer that keeps the messages it is given.
final class RecordingMailer: Mailer, Sendable {
    func send(_ message: MailMessage) throws(MailError) -> String { "memory" }
}
