import Foundation
import Testing

@testable import HabitsCLI

/// Damaged or odd files: a clear error with a hint, and nothing lost.
@Suite struct DamagedFilesTests {
    private func configFile(_ cli: CLIHarness) throws -> URL {
        let directory = cli.home.appendingPathComponent(".config/habits")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("config.json")
    }

    @Test func anEmptyConfigFileMeansNoSettings() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try Data("\n".utf8).write(to: try configFile(cli))
        let list = await cli.run("list")
        #expect(list.status == .success)
        #expect(list.error == "")
        #expect(await cli.run("status").output.hasPrefix("Mode:      local"))
    }

    @Test func aServerOfTheWrongTypeIsAnErrorThatConfigSetRepairs() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let file = try configFile(cli)
        try Data(#"{"server": 5, "theme": {"dark": true}}"#.utf8).write(to: file)
        let list = await cli.run("list")
        #expect(list.status == .failure)
        #expect(list.error.contains("The setting 'server' in the config file"))
        #expect(list.error.contains("habits config set server"))
        let set = await cli.run("config", "set", "server", "http://127.0.0.1:8000/api/")
        #expect(set.status == .success)
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(saved["server"] as? String == "http://127.0.0.1:8000/api/")
        // A key this version does not know is kept, whatever its type.
        #expect((saved["theme"] as? [String: Bool]) == ["dark": true])
    }

    @Test func unsetRemovesAServerOfTheWrongTypeAndKeepsUnknownKeys() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let file = try configFile(cli)
        try Data(#"{"server": 5, "retries": 3}"#.utf8).write(to: file)
        #expect(await cli.run("config", "unset", "server").status == .success)
        let saved = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(saved["server"] == nil)
        #expect(saved["retries"] as? Int == 3)
        #expect(await cli.run("list").status == .success)
    }

    @Test func aDamagedDatabaseIsReportedWithAHintAndLeftAlone() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let directory = cli.home.appendingPathComponent(".local/share/habits")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("habits.sqlite3")
        let garbage = Data("this is not a database, just some words\n".utf8)
        try garbage.write(to: database)
        let list = await cli.run("list")
        #expect(list.status == .failure)
        let lines = list.error.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("habits: Cannot open the database at ") == true)
        #expect(lines.last?.contains("move it aside") == true)
        #expect(try Data(contentsOf: database) == garbage)
    }

    @Test func skippingADayWhoseTargetIsReachedDoesNotCelebrateAgain() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try await cli.add("Drink water")
        #expect(await cli.run("done", "1").output.contains("Target reached!"))
        let skip = await cli.run("skip", "1")
        #expect(skip.status == .success)
        #expect(
            skip.output
                == "Drink water: marked skipped today but the target is already reached "
                + "(8/8 glasses today).\n")
    }
}
