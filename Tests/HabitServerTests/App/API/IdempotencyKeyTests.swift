import Foundation
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// The `Idempotency-Key` header of the routes that are not idempotent.
@Suite struct IdempotencyKeyTests {
    private func key(_ value: String) -> [(String, String)] {
        [("Idempotency-Key", value)]
    }

    /// Access tokens that outlive the clock's jumps.
    private let longTokens = APISettings(accessTokenLifetime: 3 * 86_400)

    private func habitCount(_ server: APITestServer, token: String) throws -> Int {
        try server.request("GET", "/api/me/habits/?status=ALL", token: token).list().count
    }

    @Test func aRepeatedCreateGetsTheSameAnswerAndMakesNoSecondHabit() throws {
        try withAPIServer(settings: longTokens) { server in
            let token = try server.signIn("a@b.co").access
            let body = server.habitBody()
            let first = try server.request(
                "POST", "/api/me/habits/", body: body, token: token, headers: key(#""k-1""#))
            #expect(first.status == 201)
            #expect(first.headers["idempotent-replayed"] == nil)
            server.clock.advance(by: 3600)
            // The same key bare, and the path without its slash: the same request.
            let again = try server.request(
                "POST", "/api/me/habits", body: body, token: token, headers: key("k-1"))
            #expect(again.status == 201)
            #expect(again.text == first.text)
            #expect(again.headers["idempotent-replayed"] == "true")
            #expect(try habitCount(server, token: token) == 1)
        }
    }

    @Test func theSameKeyWithAnotherBodyIs422() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            _ = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(), token: token,
                headers: key(#""k-1""#))
            let other = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(name: "Run"), token: token,
                headers: key(#""k-1""#))
            #expect(other.status == 422)
            #expect(other.code == "idempotency_key_reused")
            // Another route with the key is another request too.
            let id = try #require(
                try server.request("GET", "/api/me/habits/", token: token).list().first?["id"]
                    as? Int)
            let increment = try server.request(
                "POST", "/api/me/habits/\(id)/progress/2026-11-30/increment/",
                body: #"{"amount": 1}"#, token: token, headers: key(#""k-1""#))
            #expect(increment.status == 422)
            #expect(try habitCount(server, token: token) == 1)
        }
    }

    @Test func keysExpireAfterTwentyFourHours() throws {
        try withAPIServer(settings: longTokens) { server in
            let token = try server.signIn("a@b.co").access
            let body = server.habitBody()
            _ = try server.request(
                "POST", "/api/me/habits/", body: body, token: token, headers: key(#""k-1""#))
            server.clock.advance(by: 86_399)
            let within = try server.request(
                "POST", "/api/me/habits/", body: body, token: token, headers: key(#""k-1""#))
            #expect(within.headers["idempotent-replayed"] == "true")
            server.clock.advance(by: 1)
            let after = try server.request(
                "POST", "/api/me/habits/", body: body, token: token, headers: key(#""k-1""#))
            // Performed anew, not replayed: a second active "Read" is refused.
            #expect(after.status == 409)
            #expect(after.code == "habit_name_taken")
            #expect(after.headers["idempotent-replayed"] == nil)
            #expect(try habitCount(server, token: token) == 1)
        }
    }

    @Test func keysBelongToOneUser() throws {
        try withAPIServer { server in
            let first = try server.signIn("a@b.co").access
            let second = try server.signIn("c@d.co").access
            let body = server.habitBody()
            let mine = try server.request(
                "POST", "/api/me/habits/", body: body, token: first, headers: key(#""k-1""#))
            let theirs = try server.request(
                "POST", "/api/me/habits/", body: body, token: second, headers: key(#""k-1""#))
            #expect(mine.status == 201)
            #expect(theirs.status == 201)
            #expect(theirs.headers["idempotent-replayed"] == nil)
            #expect(theirs.text != mine.text)
            #expect(try habitCount(server, token: second) == 1)
        }
    }

    @Test func identicalRequestsAtOnceHaveOneEffect() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let id = try server.createHabit(token: token)
            let path = "/api/me/habits/\(id)/progress/2026-11-30/increment/"
            let results = ConcurrentResults()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let answer = try? server.request(
                    "POST", path, body: #"{"amount": 2}"#, token: token, headers: key(#""inc-1""#))
                results.add(
                    answer.map {
                        "\($0.status) \($0.headers["idempotent-replayed"] ?? "-") \($0.text)"
                    })
            }
            let answers = results.values.compactMap { $0 }
            // One increment, change 2 after the habit's creation; the
            // replays answer it, `replaced` included.
            let body =
                #"{"date":"2026-11-30","replaced":null,"skipped":false,"value":2,"version":"2"}"#
            #expect(answers.count == 8)
            #expect(answers.filter { $0 == "200 - \(body)" }.count == 1)
            #expect(answers.filter { $0 == "200 true \(body)" }.count == 7)
            let entries = try server.request(
                "GET", "/api/me/habits/\(id)/progress/?from=2026-11-30&to=2026-11-30", token: token
            ).list()
            #expect(entries.first?["value"] as? Int == 2)
        }
    }

    @Test func aRepeatedCodeRequestSendsNoSecondMail() throws {
        try withAPIServer { server in
            let body = #"{"email": "a@b.co"}"#
            let first = try server.request(
                "POST", "/api/auth/email/", body: body, headers: key(#""mail-1""#))
            #expect(first.status == 202)
            // Within the 60-second send limit: without the key this would be 429.
            let again = try server.request(
                "POST", "/api/auth/email/", body: body, headers: key(#""mail-1""#))
            #expect(again.status == 202)
            #expect(again.text == first.text)
            #expect(again.headers["idempotent-replayed"] == "true")
            #expect(try server.messages().count == 1)
            // Scoped by address: another address may use the same key.
            let other = try server.request(
                "POST", "/api/auth/email/", body: #"{"email": "c@d.co"}"#,
                headers: key(#""mail-1""#))
            #expect(other.status == 202)
            #expect(other.headers["idempotent-replayed"] == nil)
            #expect(try server.messages().count == 2)
        }
    }

    @Test func aCodeRequestWhoseMailFailedRunsAgain() throws {
        try withAPIServer { server in
            let body = #"{"email": "a@b.co"}"#
            try FileManager.default.removeItem(at: server.outbox)
            let failed = try server.request(
                "POST", "/api/auth/email/", body: body, headers: key(#""mail-1""#))
            #expect(failed.status == 503)
            try FileManager.default.createDirectory(
                at: server.outbox, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            server.clock.advance(by: 61)
            let retried = try server.request(
                "POST", "/api/auth/email/", body: body, headers: key(#""mail-1""#))
            #expect(retried.status == 202)
            #expect(retried.headers["idempotent-replayed"] == nil)
            #expect(try server.messages().count == 1)
        }
    }

    @Test func refusalsAreRememberedToo() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let body = server.habitBody(overrides: ["name": ""])
            let first = try server.request(
                "POST", "/api/me/habits/", body: body, token: token, headers: key(#""k-1""#))
            #expect(first.status == 400)
            let again = try server.request(
                "POST", "/api/me/habits/", body: body, token: token, headers: key(#""k-1""#))
            #expect(again.status == 400)
            #expect(again.text == first.text)
            #expect(again.headers["idempotent-replayed"] == "true")
        }
    }

    @Test(arguments: [
        #""""#, "", "a b", #""a b""#, #""abc"#, #""a";x=1"#, #""a", "b""#, "\"\u{e9}\"",
        #""a\b""#, "a\"b", "a,b", "\"" + String(repeating: "k", count: 256) + "\"",
    ])
    func badKeysAre400NamingTheHeader(value: String) throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let answer = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(), token: token,
                headers: key(value))
            #expect(answer.status == 400)
            #expect(Array(answer.fields.keys) == ["Idempotency-Key"])
            #expect(try habitCount(server, token: token) == 0)
        }
    }

    @Test func twoKeyHeadersAre400() throws {
        try withAPIServer { server in
            let token = try server.signIn("a@b.co").access
            let answer = try server.request(
                "POST", "/api/me/habits/", body: server.habitBody(), token: token,
                headers: key(#""a""#) + key(#""b""#))
            #expect(answer.status == 400)
            #expect(Array(answer.fields.keys) == ["Idempotency-Key"])
        }
    }

    @Test(arguments: [
        (#""4b3c9e1a-77""#, "4b3c9e1a-77"), (#""a\"b\\c""#, #"a"b\c"#),
        ("4b3c9e1a-77", "4b3c9e1a-77"), ("  \"x\"  ", "x"),
        ("\"" + String(repeating: "k", count: 255) + "\"", String(repeating: "k", count: 255)),
    ])
    func keyForms(value: String, key: String) {
        #expect(IdempotencyKey(fieldValue: value)?.value == key)
    }
}
