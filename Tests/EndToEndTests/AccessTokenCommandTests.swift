import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// `habits token create|list|revoke` with the built binaries: the `habits`
/// command line against a real `habits-server`, and the tokens it prints
/// used as a device would use them.
@Suite struct AccessTokenCommandTests {
    func signIn(_ sandbox: Sandbox, _ server: ServerProcess, as address: String) async throws {
        try #require(try await sandbox.habits("config", "set", "server", server.url).status == 0)
        try #require(try await sandbox.habits("auth", "email", address).status == 0)
        let verify = try await sandbox.habits("verify", try server.code(for: address))
        try #require(verify.status == 0, "\(verify)")
    }

    /// A POST (or GET) of `url` with nothing but the URL, as a button would.
    func fetch(_ url: String, method: String) async throws -> (status: Int, body: String) {
        let components = try #require(URLComponents(string: url))
        let port = try #require(components.port)
        let target =
            components.percentEncodedPath
            + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        let answer = try APITestClient(port: UInt16(port)).request(method, target)
        return (answer.status, answer.text)
    }

    @Test func createUseListAndRevokeTokens() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        try await signIn(sandbox, server, as: "tokens@example.com")
        #expect(
            try await sandbox.habits(
                "add", "Water", "--daily", "--unit", "glasses", "--target", "8", "--days", "daily",
                "--start", "2025-01-06"
            ).status == 0)

        let button = try await sandbox.habits(
            "token", "create", "kitchen button", "--scope", "check-in", "--habit", "Water")
        #expect(button.status == 0, "\(button)")
        let lines = button.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Created the access token 'kitchen button' (check-in, habit Water).")
        let token = try #require(
            lines.first { $0.hasPrefix("Token (shown this once; keep it secret): ") }?
                .components(separatedBy: ": ").last)
        #expect(token.hasPrefix("hpat_"))
        let checkInURL = try #require(
            lines.first { $0.hasPrefix("Check-in URL: ") }?.dropFirst("Check-in URL: ".count))
        #expect(checkInURL == "\(server.url)checkin/\(token)/")

        // The check-in URL adds one to today's value per tap.
        for _ in 0..<2 {
            #expect(try await fetch(String(checkInURL), method: "POST").status == 200)
        }
        let today = LocalDate.on(Date(), in: TimeZone(identifier: "UTC")!)

        let calendar = try await sandbox.habits("token", "create", "calendar", "--scope", "read")
        #expect(calendar.status == 0, "\(calendar)")
        let feedURL = try #require(
            calendar.output.split(separator: "\n").first {
                $0.hasPrefix("Calendar URL (subscribe to it): ")
            }?.dropFirst("Calendar URL (subscribe to it): ".count))
        let feed = try await fetch(String(feedURL), method: "GET")
        #expect(feed.status == 200)
        #expect(feed.body.contains("DTSTART;VALUE=DATE:\(ICalendarDate.text(today))"))
        #expect(feed.body.contains("SUMMARY:Water: planned\r\n"))
        // The read token reads what the two taps added up to.
        let readToken = try #require(
            calendar.output.split(separator: "\n").first { $0.hasPrefix("Token (") }?
                .components(separatedBy: ": ").last)
        let port = try #require(URLComponents(string: server.url)?.port)
        let entries = try APITestClient(port: UInt16(port)).request(
            "GET", "/api/me/habits/1/progress/?from=\(today)&to=\(today)", token: readToken)
        #expect(
            entries.text
                == #"{"data":[{"date":"\#(today)","skipped":false,"value":2,"version":"3"}]}"#)

        let list = try await sandbox.habits("token", "list")
        #expect(list.status == 0, "\(list)")
        let rows = list.output.split(separator: "\n").map(String.init)
        #expect(rows.first?.hasPrefix("NAME") == true)
        #expect(
            rows.contains {
                $0.hasPrefix("kitchen button") && $0.contains("check-in") && $0.contains("Water")
            })
        #expect(
            rows.contains {
                $0.hasPrefix("calendar") && $0.contains("read") && $0.contains("never")
            })
        #expect(!list.output.contains("hpat_"), "a token leaked into the list")

        let duplicate = try await sandbox.habits("token", "create", "calendar", "--scope", "read")
        #expect(duplicate.status == 1)
        #expect(duplicate.error.contains("An access token named 'calendar' exists already."))

        let revoke = try await sandbox.habits("token", "revoke", "kitchen button")
        #expect(revoke.status == 0, "\(revoke)")
        #expect(revoke.output == "Revoked the access token 'kitchen button': it no longer works.\n")
        #expect(try await fetch(String(checkInURL), method: "POST").status == 401)
        let again = try await sandbox.habits("token", "revoke", "kitchen button")
        #expect(again.status == 1)
        #expect(again.error.contains("No access token is named 'kitchen button'."))

        let json = try await sandbox.habits("token", "list", "--json")
        let listed =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(listed?.map { $0["name"] as? String } == ["calendar"])

        // The server's log never holds a token.
        let log = try String(contentsOf: server.log, encoding: .utf8)
        #expect(!log.contains("hpat_"))
        await server.stop()
    }

    @Test func usageMistakesAndLocalMode() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let local = try await sandbox.habits("token", "list")
        #expect(local.status == 64)
        #expect(
            local.error.contains("Access tokens live on a habits server; habits is in local mode."))
        let noScope = try await sandbox.habits("token", "create", "x")
        #expect(noScope.status == 64)
        let badScope = try await sandbox.habits("token", "create", "x", "--scope", "admin")
        #expect(badScope.status == 64)
        #expect(badScope.error.contains("read, check-in or write"))
        let habitWithRead = try await sandbox.habits(
            "token", "create", "x", "--scope", "read", "--habit", "1")
        #expect(habitWithRead.status == 64)
        let past = try await sandbox.habits(
            "token", "create", "x", "--scope", "read", "--expires", "2001-01-01")
        #expect(past.status == 64)
    }
}

/// `20261130` for a date, as the feed writes DTSTART.
enum ICalendarDate {
    static func text(_ date: LocalDate) -> String {
        date.description.replacingOccurrences(of: "-", with: "")
    }
}
