import Foundation
import HabitConcurrency
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// Access and refresh tokens over HTTP: expiry, confusion, rotation, the
/// grace window, reuse detection and logout.
@Suite struct TokenLifecycleTests {
    private func refresh(_ server: APITestServer, _ token: String) throws -> APITestResponse {
        try server.request("POST", "/api/auth/token/refresh/", body: #"{"refresh": "\#(token)"}"#)
    }

    private func pair(_ answer: APITestResponse) throws -> (access: String, refresh: String) {
        let object = try answer.object()
        guard let access = object["access"] as? String, let refresh = object["refresh"] as? String
        else { throw APITestFailure("no token pair in \(answer)") }
        return (access, refresh)
    }

    @Test func missingAuthorizationIsNotAuthenticated() throws {
        try withAPIServer { server in
            for path in ["/api/me/", "/api/me/habits/", "/api/me/habits/1/"] {
                let answer = try server.request("GET", path)
                #expect(answer.status == 401)
                #expect(answer.code == "not_authenticated")
            }
            let basic = try server.request(
                "GET", "/api/me/", headers: [("Authorization", "Basic dXNlcjpwYXNz")])
            #expect(basic.code == "not_authenticated")
        }
    }

    @Test func bearerIsMatchedInAnyCaseAndSpacesAroundTheTokenAreIgnored() throws {
        try withAPIServer { server in
            let token = try server.signIn("spaces@example.com").access
            for header in [
                "bearer \(token)", "BEARER \(token)", "Bearer   \(token)", "Bearer \(token)\u{A0}",
                "Bearer \t\(token)",
            ] {
                let answer = try server.request(
                    "GET", "/api/me/", headers: [("Authorization", header)])
                #expect(answer.status == 200, "\(header.debugDescription)")
            }
            let glued = try server.request(
                "GET", "/api/me/", headers: [("Authorization", "Bearer \(token)x")])
            #expect(glued.code == "token_not_valid")
        }
    }

    @Test(arguments: [
        "garbage", "a.b.c", "", "eyJhbGciOiJub25lIn0.eyJ1c2VyX2lkIjoxfQ.",
        "eyJhbGciOiJIUzI1NiJ9.e30.AAAA",
    ])
    func malformedAccessTokenIsNotValid(token: String) throws {
        try withAPIServer { server in
            let answer = try server.request(
                "GET", "/api/me/", headers: [("Authorization", "Bearer \(token)")])
            #expect(answer.status == 401)
            #expect(answer.code == "token_not_valid")
        }
    }

    @Test func accessTokenExpiresAfterItsLifetime() throws {
        try withAPIServer(settings: APISettings(accessTokenLifetime: 60)) { server in
            let tokens = try server.signIn("a@b.co")
            server.clock.advance(by: 59)
            #expect(try server.request("GET", "/api/me/", token: tokens.access).status == 200)
            server.clock.advance(by: 1)
            let expired = try server.request("GET", "/api/me/", token: tokens.access)
            #expect(expired.status == 401)
            #expect(expired.code == "token_not_valid")
        }
    }

    @Test func refreshTokenIsNotAnAccessTokenAndTheOtherWayRound() throws {
        try withAPIServer { server in
            let tokens = try server.signIn("a@b.co")
            let asAccess = try server.request("GET", "/api/me/", token: tokens.refresh)
            #expect(asAccess.status == 401)
            #expect(asAccess.code == "token_not_valid")
            let asRefresh = try refresh(server, tokens.access)
            #expect(asRefresh.status == 401)
            #expect(asRefresh.code == "token_not_valid")
            // Neither refusal spent the refresh token.
            #expect(try refresh(server, tokens.refresh).status == 200)
        }
    }

    @Test func tokenSignedWithAnotherSecretIsRefused() throws {
        try withAPIServer { server in
            let foreign = TokenSigner(secret: Array("another secret".utf8)).sign(
                TokenClaims(
                    tokenType: .access, expiresAt: 4_000_000_000, issuedAt: 1_796_040_000,
                    jti: "x", userID: 1))
            _ = try server.signIn("a@b.co")
            let answer = try server.request("GET", "/api/me/", token: foreign)
            #expect(answer.status == 401)
            #expect(answer.code == "token_not_valid")
        }
    }

    @Test func genuineTokenOfAnAccountTheDatabaseLacksIsRefusedEverywhere() throws {
        try withAPIServer { server in
            // Signed with this server's secret, for a user id no account has
            // (as after the database is reset under the same secret).
            let orphan = server.app.responder.signer.sign(
                TokenClaims(
                    tokenType: .access, expiresAt: 4_000_000_000, issuedAt: 1_796_040_000,
                    jti: "x", userID: 4242))
            let account = try server.request("GET", "/api/me/", token: orphan)
            #expect(account.status == 401)
            #expect(account.code == "token_not_valid")
            let create = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(), token: orphan)
            #expect(create.status == 401)
            #expect(create.code == "token_not_valid")
        }
    }

    @Test func refreshRotatesAndTheNewPairWorks() throws {
        try withAPIServer { server in
            let first = try server.signIn("a@b.co")
            server.clock.advance(by: 5)
            let answer = try refresh(server, first.refresh)
            #expect(answer.status == 200)
            let second = try pair(answer)
            #expect(second.refresh != first.refresh)
            #expect(try server.request("GET", "/api/me/", token: second.access).status == 200)
            server.clock.advance(by: 5)
            #expect(try refresh(server, second.refresh).status == 200)
        }
    }

    @Test func parentReplayedWithinGraceGetsTheSameRefreshToken() throws {
        try withAPIServer { server in
            let first = try server.signIn("a@b.co")
            server.clock.advance(by: 10)
            let winner = try pair(try refresh(server, first.refresh))
            server.clock.advance(by: 29)
            let replay = try refresh(server, first.refresh)
            #expect(replay.status == 200)
            let loser = try pair(replay)
            #expect(loser.refresh == winner.refresh)
            #expect(try server.request("GET", "/api/me/", token: loser.access).status == 200)
            // The chain goes on from the shared token.
            #expect(try refresh(server, winner.refresh).status == 200)
        }
    }

    @Test func reuseAfterTheGraceWindowRevokesTheFamily() throws {
        try withAPIServer { server in
            let first = try server.signIn("a@b.co")
            let second = try pair(try refresh(server, first.refresh))
            server.clock.advance(by: 31)
            let reuse = try refresh(server, first.refresh)
            #expect(reuse.status == 401)
            #expect(reuse.code == "token_not_valid")
            // The newest token of the family died with it.
            let newest = try refresh(server, second.refresh)
            #expect(newest.status == 401)
            #expect(newest.code == "token_not_valid")
        }
    }

    @Test func reuseOfAnOlderGenerationRevokesTheFamilyEvenWithinGrace() throws {
        try withAPIServer { server in
            let first = try server.signIn("a@b.co")
            let second = try pair(try refresh(server, first.refresh))
            let third = try pair(try refresh(server, second.refresh))
            #expect(try refresh(server, first.refresh).status == 401)
            #expect(try refresh(server, third.refresh).status == 401)
        }
    }

    @Test func familiesAreIndependent() throws {
        try withAPIServer { server in
            let phone = try server.signIn("a@b.co")
            server.clock.advance(by: 60)
            let laptop = try server.signIn("a@b.co")
            _ = try refresh(server, phone.refresh)
            server.clock.advance(by: 31)
            #expect(try refresh(server, phone.refresh).status == 401)
            #expect(try refresh(server, laptop.refresh).status == 200)
        }
    }

    @Test func refreshTokenExpires() throws {
        try withAPIServer(settings: APISettings(refreshTokenLifetime: 3600)) { server in
            let tokens = try server.signIn("a@b.co")
            server.clock.advance(by: 3600)
            let answer = try refresh(server, tokens.refresh)
            #expect(answer.status == 401)
            #expect(answer.code == "token_not_valid")
        }
    }

    @Test func logoutRevokesTheFamilyAndIsIdempotent() throws {
        try withAPIServer { server in
            let first = try server.signIn("a@b.co")
            let second = try pair(try refresh(server, first.refresh))
            let body = #"{"refresh": "\#(first.refresh)"}"#
            let out = try server.request("POST", "/api/auth/logout/", body: body)
            #expect(out.status == 204)
            #expect(out.body.isEmpty)
            #expect(try server.request("POST", "/api/auth/logout/", body: body).status == 204)
            #expect(try refresh(server, second.refresh).status == 401)
            // Access tokens are stateless: valid until they expire.
            #expect(try server.request("GET", "/api/me/", token: second.access).status == 200)
        }
    }

    @Test func logoutWithAForgedTokenIsRefused() throws {
        try withAPIServer { server in
            let answer = try server.request(
                "POST", "/api/auth/logout/", body: #"{"refresh": "not.a.token"}"#)
            #expect(answer.status == 401)
            #expect(answer.code == "token_not_valid")
            let missing = try server.request("POST", "/api/auth/logout/", body: "{}")
            #expect(missing.status == 400)
            #expect(missing.fields["refresh"] == ["This field is required."])
        }
    }

    @Test func concurrentRefreshesOfOneTokenEndOnOneChain() throws {
        try withAPIServer(settings: APISettings(refreshGrace: 30)) { server in
            let first = try server.signIn("a@b.co")
            let results = ConcurrentResults()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let answer = try? refresh(server, first.refresh)
                results.add(answer.flatMap { $0.status == 200 ? try? pair($0).refresh : nil })
            }
            let tokens = results.values
            // Every racer got a pair, and all of them the same refresh token.
            #expect(tokens.compactMap { $0 }.count == 8)
            #expect(Set(tokens.compactMap { $0 }).count == 1)
        }
    }
}

/// Collects values from concurrent closures.
final class ConcurrentResults: Sendable {
    private let storage = Locked<[String?]>([])
    func add(_ value: String?) { storage.withLock { $0.append(value) } }
    var values: [String?] { storage.withLock { $0 } }
}
