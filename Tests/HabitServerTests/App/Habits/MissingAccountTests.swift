import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// A genuine token of an account the database does not hold (the data was
/// reset under the same secret) is the token's fault on either store: a new
/// habit is answered 401 `token_not_valid`, never 500.
@Suite struct MissingAccountTests {
    @Test func aNewHabitOfAMissingAccountIsRefusedOnSQLite() throws {
        let directory = try TemporaryDirectory()
        try expectRefused(databasePath: directory.appending("habits.sqlite3"))
    }

    @Test func aNewHabitOfAMissingAccountIsRefusedOnPostgreSQL() throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        try expectRefused(databasePath: try postgres.newDatabase(prefix: "missing_account_"))
    }

    func expectRefused(databasePath: String) throws {
        let server = try APITestServer(databasePath: databasePath)
        defer { server.stop() }
        _ = try server.signIn("a@b.co")
        let orphan = server.app.responder.signer.sign(
            TokenClaims(
                tokenType: .access, expiresAt: 4_000_000_000, issuedAt: 1_796_040_000,
                jti: "x", userID: 4242))
        let create = try server.request(
            "POST", "/api/me/habits/", body: server.habitBody(), token: orphan)
        #expect(create.status == 401)
        #expect(create.code == "token_not_valid")
    }
}
