import Foundation
import Testing

@testable import HabitsCLI

/// `habits config set` refuses what its keys cannot hold and saves nothing
/// then; what it saves reads back as what was typed.
@Suite struct ConfigValueTests {
    private func saved(_ cli: CLIHarness) throws -> [String: String] {
        let file = cli.home.appendingPathComponent(".config/habits/config.json")
        guard let data = try? Data(contentsOf: file) else { return [:] }
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    @Test(arguments: [
        ("http://127.0.0.1:99999/", "99999"), ("http://127.0.0.1:0/api/", "0"),
        ("https://example.com:65536/api/", "65536"),
    ])
    func aServerWhosePortNoSocketHasIsRefused(url: String, port: String) async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let set = await cli.run("config", "set", "server", url)
        #expect(set.status == .failure, "\(set.error)")
        #expect(
            set.error.hasPrefix(
                "habits: \"\(url)\" is not a server URL: its port \(port) is not from 1 to 65535."
            ), "\(set.error)")
        #expect(try saved(cli)["server"] == nil)
        // The highest port is one.
        let highest = await cli.run("config", "set", "server", "http://127.0.0.1:65535/api/")
        #expect(highest.status == .success, "\(highest.error)")
    }

    @Test(arguments: [
        "0x10", "-0", "+1", "1e3", "1e0", " 2", "2 ", ".5", "5.", "1.2.3", "nan",
        "inf", "601", "٣",
    ])
    func syncTimeoutTakesOnlyDecimalDigits(text: String) async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let set = await cli.run("config", "set", "sync-timeout", text)
        #expect(set.status == .usage, "\(text): \(set.output) \(set.error)")
        #expect(
            set.error.contains(
                "The setting 'sync-timeout' must be a number of seconds from 0 to 600"),
            "\(set.error)")
        #expect(try saved(cli)["sync-timeout"] == nil)
        // Typed into the file by hand, it is not read either: the default
        // holds (a number past 600 is read as 600).
        #expect(
            ConfigFile.syncTimeout(["sync-timeout": text])
                == (text == "601" ? 600 : ConfigFile.defaultSyncTimeout))
    }

    @Test(arguments: ["0", "16", "1.5", "600", "0.25", "007"])
    func syncTimeoutSavesWhatWasTyped(text: String) async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let set = await cli.run("config", "set", "sync-timeout", text)
        #expect(set.status == .success, "\(set.error)")
        #expect(try saved(cli)["sync-timeout"] == text)
        #expect(ConfigFile.syncTimeout(["sync-timeout": text]) == Double(text))
    }
}
