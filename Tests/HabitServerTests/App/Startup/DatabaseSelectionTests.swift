import Foundation
import Testing

@testable import HabitServer

/// Which database `habits-server` opens: `--database`, else
/// HABITS_DATABASE_URL, else the SQLite file in the data directory.
@Suite struct DatabaseSelectionTests {
    let home = ["HOME": "/home/someone"]

    func configuration(_ arguments: [String], environment: [String: String]) throws
        -> ServerConfiguration
    {
        guard
            case .run(let configuration) = try ServerCommandLine.parse(
                arguments, environment: environment)
        else { throw Failure() }
        return configuration
    }

    struct Failure: Error {}

    @Test(arguments: ["postgres://app@db.example:5432/habits", "postgresql://app@db/habits"])
    func aPostgresURLKeepsItsFilesInTheDataDirectory(url: String) throws {
        let configuration = try configuration(["--database", url], environment: home)
        #expect(configuration.databasePath == url)
        #expect(StoreFactory.isPostgres(configuration.databasePath))
        #expect(configuration.secretFile == "/home/someone/.local/share/habits-server/secret")
        #expect(
            configuration.mail
                == .outbox(directory: "/home/someone/.local/share/habits-server/outbox"))
        #expect(
            StoreFactory.directoryToCreate(for: configuration)
                == "/home/someone/.local/share/habits-server")
    }

    @Test func theEnvironmentNamesTheDatabaseUnlessTheFlagDoes() throws {
        let environment = home.merging(["HABITS_DATABASE_URL": "postgres://app:pw@db/habits"]) {
            $1
        }
        #expect(
            try configuration([], environment: environment).databasePath
                == "postgres://app:pw@db/habits")
        #expect(
            try configuration(["--database", "/srv/h.sqlite3"], environment: environment)
                .databasePath
                == "/srv/h.sqlite3")
        let empty = home.merging(["HABITS_DATABASE_URL": ""]) { $1 }
        #expect(
            try configuration([], environment: empty).databasePath
                == "/home/someone/.local/share/habits-server/habits.sqlite3")
    }

    @Test func thePoolSizeIsAFlag() throws {
        #expect(try configuration([], environment: home).databasePoolSize == 8)
        #expect(
            try configuration(["--database-pool", "3"], environment: home).databasePoolSize == 3)
        for bad in ["0", "-1", "many", "1001"] {
            #expect(throws: UsageError.self) {
                try ServerCommandLine.parse(["--database-pool", bad], environment: home)
            }
        }
    }

    @Test func logsShowTheURLWithoutItsPassword() {
        #expect(
            StoreFactory.displayName("postgres://app:s3cret@db:5432/habits")
                == "postgres://app@db:5432/habits")
        #expect(StoreFactory.displayName("/srv/habits.sqlite3") == "/srv/habits.sqlite3")
    }

    @Test func migrateNeedsBothDatabases() {
        var errors: [String] = []
        let cases: [[String]] = [
            [], ["--from", "/plain/path"], ["--from", "sqlite:/a"],
            ["--from", "sqlite:/a", "--to", "mysql://x"],
            ["--bogus"],
        ]
        for arguments in cases {
            let status = StoreMigrationCommand.run(
                arguments, environment: [:], output: { _ in }, errors: { errors.append($0) })
            #expect(status == 64, "\(arguments)")
        }
        #expect(errors.count == cases.count)
        #expect(errors.allSatisfy { $0.hasSuffix(".") && !$0.contains("\n") })
    }
}
