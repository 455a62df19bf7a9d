import Foundation
import TestSupport
import Testing

@testable import HabitServer

/// The operations flags: sign-up control, shutdown and scheduled backups.
@Suite struct OperationsFlagsTests {
    let environment = ["HOME": "/home/someone"]

    func configuration(_ arguments: [String]) throws -> ServerConfiguration {
        guard
            case .run(let configuration) = try ServerCommandLine.parse(
                arguments, environment: environment)
        else { throw TestSupportFailure("not a run command") }
        return configuration
    }

    func usageError(_ arguments: [String]) -> String? {
        do {
            _ = try ServerCommandLine.parse(arguments, environment: environment)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func defaultsAreOpenSignupAThirtySecondStopAndNoBackups() throws {
        let configuration = try configuration([])
        #expect(configuration.settings.signup == SignupPolicy())
        #expect(configuration.operations.shutdownTimeout == 30)
        #expect(configuration.operations.backups == nil)
    }

    @Test func readsTheSignupPolicyAndItsFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.appending("allowed")
        try Data("ann@example.org\n@team.example\n".utf8).write(to: URL(fileURLWithPath: file))
        let configuration = try configuration([
            "--signup", "allowlist", "--allowed-emails", file, "--max-accounts=50",
        ])
        #expect(configuration.settings.signup.mode == .allowlist)
        #expect(configuration.settings.signup.allowed.contains("x@team.example"))
        #expect(configuration.settings.signup.maximumAccounts == 50)
    }

    @Test func refusesInconsistentSignupFlags() throws {
        #expect(
            usageError(["--signup", "invite"])
                == "The --signup value must be open, allowlist or closed.")
        #expect(
            usageError(["--signup", "allowlist"])
                == "--signup allowlist needs --allowed-emails FILE.")
        #expect(
            usageError(["--allowed-emails", "/nonexistent/x"])
                == "Cannot read the --allowed-emails file /nonexistent/x.")
        let directory = try TemporaryDirectory()
        let file = directory.appending("allowed")
        try Data("ok@example.org\nnot one\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(
            usageError(["--signup", "allowlist", "--allowed-emails", file])
                == "Line 2 of \(file) is neither an address nor an @domain.")
        #expect(usageError(["--max-accounts", "-1"]) != nil)
    }

    @Test func readsTheBackupScheduleAndRefusesItWithoutADirectory() throws {
        let configuration = try configuration([
            "--database", "/data/h.sqlite3", "--backup-dir", "/backups", "--backup-every", "6h",
            "--backup-keep", "3",
        ])
        #expect(
            configuration.operations.backups
                == BackupSchedule(directory: "/backups", interval: 21_600, keep: 3))
        #expect(
            usageError(["--backup-every", "1d"])
                == "--backup-every and --backup-keep need --backup-dir DIR.")
        #expect(usageError(["--backup-dir", "/b", "--backup-every", "10s"]) != nil)
        #expect(usageError(["--database", ":memory:", "--backup-dir", "/b"]) != nil)
        #expect(usageError(["--database", "postgres://h/db", "--backup-dir", "/b"]) != nil)
    }

    @Test func durationsTakeTheirUnit() {
        #expect(DurationText.seconds("90") == 90)
        #expect(DurationText.seconds("90s") == 90)
        #expect(DurationText.seconds("30m") == 1800)
        #expect(DurationText.seconds("24h") == 86_400)
        #expect(DurationText.seconds("7d") == 604_800)
        for bad in ["", "h", "-1h", "1.5h", "1w", "٣h"] {
            #expect(DurationText.seconds(bad) == nil, "\(bad)")
        }
    }

    @Test func readsTheShutdownTimeout() throws {
        #expect(try configuration(["--shutdown-timeout", "5"]).operations.shutdownTimeout == 5)
        #expect(usageError(["--shutdown-timeout", "forever"]) != nil)
    }

    /// Each operations flag with the arguments it parses in (some need a companion).
    static let everyFlag: [(flag: String, arguments: [String])] = [
        ("--signup", ["--signup", "closed"]),
        ("--allowed-emails", ["--signup", "allowlist", "--allowed-emails", "/dev/null"]),
        ("--max-accounts", ["--max-accounts", "5"]),
        ("--shutdown-timeout", ["--shutdown-timeout", "5"]),
        ("--backup-dir", ["--backup-dir", "/tmp/b"]),
        ("--backup-every", ["--backup-dir", "/tmp/b", "--backup-every", "1h"]),
        ("--backup-keep", ["--backup-dir", "/tmp/b", "--backup-keep", "2"]),
        ("--metrics-listen", ["--metrics-listen", "127.0.0.1:9464"]),
        ("--metrics-token-file", ["--metrics-token-file", "/etc/habits/metrics-token"]),
        ("--print-config", ["--print-config"]),
    ]

    @Test func helpListsEveryOperationsFlagOnceWithItsValue() throws {
        let lines = ServerCommandLine.usage.split(separator: "\n")
        for (flag, arguments) in Self.everyFlag {
            let listed = lines.filter { $0.hasPrefix("  \(flag) ") }
            #expect(listed.count == 1, "\(flag) is listed once in --help")
            if flag != "--print-config" {
                #expect(listed.first?.dropFirst(flag.count + 3).first?.isUppercase == true)
            }
            #expect(throws: Never.self, "\(flag) is parsed") {
                try ServerCommandLine.parse(arguments, environment: environment)
            }
        }
        #expect(Self.everyFlag.count == ServerCommandLine.operationsFlags.count)
    }
}
