import Foundation
import HabitHTTP
import TestSupport
import Testing

@testable import HabitServer

/// Every option from a `HABITS_…` variable, and `--print-config`.
@Suite struct EnvironmentConfigurationTests {
    let home = ["HOME": "/home/someone"]

    func parse(_ arguments: [String], _ environment: [String: String]) throws -> ServerCommand {
        try ServerCommandLine.parse(arguments, environment: home.merging(environment) { $1 })
    }

    func configuration(_ arguments: [String], _ environment: [String: String]) throws
        -> ServerConfiguration
    {
        guard case .run(let configuration) = try parse(arguments, environment) else {
            throw TestSupportFailure("not a run command")
        }
        return configuration
    }

    @Test func everyValueFlagHasItsVariable() {
        #expect(
            ServerCommandLine.environmentName(of: "--max-connections-per-client")
                == "HABITS_MAX_CONNECTIONS_PER_CLIENT")
        #expect(ServerCommandLine.environmentName(of: "--port") == "HABITS_PORT")
    }

    @Test func variablesSetOptionsAndFlagsWin() throws {
        let environment = [
            "HABITS_PORT": "9001", "HABITS_SIGNUP": "closed", "HABITS_BACKUP_DIR": "/backups",
            "HABITS_BACKUP_EVERY": "6h", "HABITS_DATABASE": "/data/h.sqlite3",
            "HABITS_LOG_LEVEL": "warning", "HABITS_HOST": "",
        ]
        let fromEnvironment = try configuration([], environment)
        #expect(fromEnvironment.port == 9001)
        #expect(fromEnvironment.host == "127.0.0.1")
        #expect(fromEnvironment.settings.signup.mode == .closed)
        #expect(fromEnvironment.operations.backups?.interval == 21_600)
        #expect(fromEnvironment.databasePath == "/data/h.sqlite3")
        #expect(fromEnvironment.logLevel == .warning)
        let overridden = try configuration(["--port", "9002", "--signup=open"], environment)
        #expect(overridden.port == 9002)
        #expect(overridden.settings.signup.mode == .open)
    }

    @Test func aBadVariableIsAUsageErrorNamingIt() {
        #expect(
            throws: UsageError("HABITS_PORT: The --port value must be a number from 0 to 65535.")
        ) {
            try parse([], ["HABITS_PORT": "eighty"])
        }
        // Commands never come from the environment.
        #expect(throws: Never.self) {
            guard case .run = try parse([], ["HABITS_HELP": "1", "HABITS_PRINT_CONFIG": "1"]) else {
                throw TestSupportFailure("not a run command")
            }
        }
    }

    @Test func secretsComeFromFilesNamedByVariables() throws {
        let configuration = try configuration(
            [],
            [
                "HABITS_SECRET_FILE": "/run/secrets/habits",
                "HABITS_METRICS_TOKEN_FILE": "/run/secrets/metrics",
            ])
        #expect(configuration.secretFile == "/run/secrets/habits")
        #expect(configuration.operations.metricsTokenFile == "/run/secrets/metrics")
    }

    @Test func printConfigShowsTheEffectiveConfigurationWithSecretsMasked() throws {
        let environment = [
            "HABITS_DATABASE_URL": "postgres://app:hunter2@db.internal:5432/habits",
            "HABITS_SECRET": "super-secret-signing-key", "PGPASSWORD": "pg-password",
            "HABITS_MAX_ACCOUNTS": "40",
        ]
        guard
            case .printConfiguration(let configuration) = try parse(
                ["--print-config", "--port", "8080"], environment)
        else {
            Issue.record("--print-config did not ask to print")
            return
        }
        let report = ConfigurationReport.render(
            configuration, environment: home.merging(environment) { $1 })
        #expect(report.contains("port = 8080\n"))
        #expect(report.contains("database = postgres://app@db.internal:5432/habits\n"))
        #expect(report.contains("secret = HABITS_SECRET (hidden)\n"))
        #expect(report.contains("max-accounts = 40\n"))
        #expect(report.contains("postgres-password = PGPASSWORD (hidden)"))
        for secret in ["hunter2", "super-secret-signing-key", "pg-password"] {
            #expect(!report.contains(secret))
        }
    }
}
