import Testing

@testable import HabitsCLI

/// The XDG Base Directory rules, in the one place that applies them.
@Suite struct CLIPathsTests {
    @Test func xdgVariablesWinAndRelativeOnesAreIgnored() throws {
        let variables = [
            "HOME": "/home/ann", "XDG_CONFIG_HOME": "/x/config/", "XDG_DATA_HOME": "/x/data",
            "XDG_CACHE_HOME": "relative",
        ]
        let set = try CLIPaths { variables[$0] }
        #expect(set.configDirectory == "/x/config/habits")
        #expect(set.dataDirectory == "/x/data/habits")
        // A relative XDG variable is invalid by the XDG spec and ignored.
        #expect(set.cacheDirectory == "/home/ann/.cache/habits")
        let home = try CLIPaths { $0 == "HOME" ? "/home/ann" : nil }
        #expect(home.configDirectory == "/home/ann/.config/habits")
        #expect(home.databasePath == "/home/ann/.local/share/habits/habits.sqlite3")
        #expect(throws: CommandError.self) { try CLIPaths { _ in nil } }
    }
}
