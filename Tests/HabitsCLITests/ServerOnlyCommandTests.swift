import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// The commands that only a server can answer, run in local mode, and the
/// actions of the commands that take one: one sentence and one exit status
/// for every such command, and an unknown action is a usage error.
@Suite struct ServerOnlyCommandTests {
    static let serverOnly: [[String]] = [
        ["token", "list"], ["token", "create", "x", "--scope", "read"], ["config", "time-zone"],
        ["config", "time-zone", "Europe/Berlin"], ["webhook", "list"],
        ["webhook", "add", "https://example.com/x"], ["remind", "list"],
        ["remind", "add", "Read", "20:00"], ["remind", "remove", "Read", "20:00"],
        ["remind", "digest", "08:00"],
    ]

    @Test(arguments: serverOnly)
    func inLocalModeEachSaysSoAlikeWithExit64(_ arguments: [String]) async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let run = await cli.run(arguments)
        #expect(run.status == .usage, "\(arguments): \(run.error)")
        let lines = run.error.split(separator: "\n")
        #expect(lines.count == 2, "\(arguments): \(run.error)")
        #expect(
            lines.first?.hasSuffix(" live on a habits server; habits is in local mode.") == true,
            "\(arguments): \(run.error)")
        #expect(
            lines.last?.hasSuffix(
                "To use a server, set one with 'habits config set server <url>' and sign in.")
                == true, "\(arguments): \(run.error)")
        #expect(run.output.isEmpty)
    }

    /// A sign-in command in local mode says how to use a server as the
    /// server-only commands do (it said "To use a server: habits config set
    /// server <url>", its command unquoted).
    @Test func signingInInLocalModeSaysHowToUseAServerAsTheOthersDo() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let run = await cli.run("auth", "email", "someone@example.com")
        #expect(run.status == .failure, "\(run.error)")
        #expect(
            run.error
                == "habits: No server is configured: habits is in local mode, where no sign-in "
                + "is needed.\nTo use a server, set one with 'habits config set server <url>' and "
                + "sign in.\n", "\(run.error)")
    }

    /// `sync --json` in local mode answers in JSON (nothing to sync), as
    /// the text form says in words; exit 0 both ways.
    @Test func syncInLocalModeAnswersInJSONWhenAsked() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let json = await cli.run("sync", "--json")
        #expect(json.status == .success, "\(json.error)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any],
            "\(json.output)")
        #expect(object["mode"] as? String == "local")
        for key in ["sent", "received", "reconciled", "pending", "rejected"] {
            #expect(object[key] as? Int == 0, "\(key): \(json.output)")
        }
        #expect(object["synced_at"] is NSNull, "\(json.output)")
        let text = await cli.run("sync")
        #expect(text.output.contains("nothing to sync"))
    }

    /// An expiry past the bound is refused before anything is sent (the day
    /// after 9999-12-31, when such a token would stop, is in year 10000).
    @Test func aTokenExpiryPastAHundredYearsIsRefused() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        for day in ["9999-12-31", "2126-03-12"] {
            let run = await cli.run("token", "create", "t", "--scope", "read", "--expires", day)
            #expect(run.status == .usage, "\(day): \(run.error)")
            #expect(
                run.error.hasPrefix(
                    "habits: Invalid value '\(day)' for --expires: expected a day at most 100 "
                        + "years ahead (leave out --expires for a token that never expires)."),
                "\(run.error)")
        }
        // The last day it takes: on to the server, which local mode has not.
        let last = await cli.run(
            "token", "create", "t", "--scope", "read", "--expires", "2126-03-11")
        #expect(last.error.contains("live on a habits server"), "\(last.error)")
        let leapDay = try #require(LocalDate("2000-02-29"))
        #expect(TokenCommand.latestExpiry(today: leapDay) == LocalDate("2100-02-28"))
    }

    @Test(arguments: [
        (["remind", "bogus"], "Unknown action 'bogus': expected add, list, remove or digest."),
        (["remind", "lst"], "Unknown action 'lst'; did you mean 'list'?"),
        (["token", "bogus"], "Unknown action 'bogus': expected create, list or revoke."),
        (["token", "lsit"], "Unknown action 'lsit'; did you mean 'list'?"),
        (["webhook", "remve", "3"], "Unknown action 'remve'; did you mean 'remove'?"),
    ])
    func anUnknownActionIsAUsageErrorWithASuggestion(arguments: [String], sentence: String)
        async throws
    {
        for mode in CLIHarness.Mode.allCases {
            let cli = try await CLIHarness.make(mode)
            defer { cli.cleanUp() }
            let run = await cli.run(arguments)
            #expect(run.status == .usage, "\(mode) \(arguments): \(run.error)")
            #expect(run.error.hasPrefix("habits: \(sentence)\n"), "\(mode): \(run.error)")
            #expect(run.error.contains("Run 'habits help \(arguments[0])'."), "\(run.error)")
            // Not the to-do list, nor anything else.
            #expect(run.output.isEmpty, "\(mode) \(arguments): \(run.output)")
        }
    }
}
